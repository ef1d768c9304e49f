import type { Locale, Localized } from '@marco/contract/locales';
import type { CurrencyCode } from '@marco/contract/reference';
import type { GuideCard, SearchGuidesParsed, SearchGuidesResult } from '@marco/contract/search';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { fieldError } from '../../platform/errors.js';
import { profilePictureUrl } from '../auth/current-user.js';
import { photoUrl } from '../files/guide-files.js';
import { computeAvailableHours, localHourToInstant } from '../guides/availability.js';
import {
  dateOfDay,
  dayNumberOf,
  fitsWindow,
  idList,
  loadRulesInBulk,
  refreshSearchAvailability,
  rowCovers,
  rowHasFreeHour,
} from './availability-index.js';

/*
 * Guide search (issue 5). A request costs two round trips: one for the rates and the ids of
 * the asked keys, one for the page with its total (`count(*) over ()`) and the cards.
 *
 * - Filters and sorts run on `guides` through partial indexes over public guides
 *   (guides_search_*, one per location and sort). Columns kept by triggers of migration set
 *   `search`: `search_price_usd` (the rate in US dollars, for the price sorts), the
 *   GIN-indexed `search_language_ids` / `search_service_type_ids` and `search_gender_id`. The maximum price is
 *   compared per currency on the guide's own rate, so the shown (rounded) price never
 *   exceeds it.
 * - The date range reads the availability index (availability-index.ts): a guide stays when
 *   its precomputed last free hour of some day in the range is not before now. Rows the
 *   triggers cleared are refreshed here first (self-healing); a range beyond the index's
 *   window (90 days) falls back to computing availability for every candidate.
 * Held reservations are not subtracted (see the README's search section).
 */

interface Rates {
  /** units of the currency per US dollar */
  byCode: Map<CurrencyCode, number>;
}

const rateOf = (rates: Rates, code: CurrencyCode) => {
  const rate = rates.byCode.get(code);
  if (!rate) throw new Error(`no rate for ${code}`);
  return rate;
};

/** The guide's rate in `target` minor units, rounded. */
export const convertMinor = (rates: Rates, minor: number, from: CurrencyCode, to: CurrencyCode) =>
  from === to ? minor : Math.round((minor * rateOf(rates, to)) / rateOf(rates, from));

interface Resolved {
  languageIds?: string[];
  genderId?: string;
  serviceTypeIds?: string[];
  serviceKindId?: string;
}

interface SearchContext {
  rates: Rates;
  resolved: Resolved;
}

const textList = (values: string[]) =>
  sql`(${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )})`;

type KeyRow = { id: string; key: string };

const uuidArray = (ids: string[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;

/** Rates and the ids of the body's keys and codes, in one query; an unknown one answers 400 on its field. */
async function loadContext(db: Db, body: SearchGuidesParsed): Promise<SearchContext> {
  const codes = [...new Set(body.languages ?? [])];
  const typeKeys = [...new Set(body.serviceTypes ?? [])];
  const [row] = (
    await db.execute<{
      rates: Record<string, number | string> | null;
      languages: KeyRow[] | null;
      gender: string | null;
      service_types: KeyRow[] | null;
      service_kind: string | null;
    }>(sql`select
      (select json_object_agg(c.code, r.units_per_usd) from currencies c join currency_rates r on r.currency_id = c.id) as rates,
      ${codes.length ? sql`(select json_agg(json_build_object('id', id, 'key', code)) from languages where code in ${textList(codes)})` : sql`null::json`} as languages,
      ${body.gender ? sql`(select id::text from genders where key = ${body.gender})` : sql`null::text`} as gender,
      ${typeKeys.length ? sql`(select json_agg(json_build_object('id', id, 'key', key)) from service_types where key in ${textList(typeKeys)})` : sql`null::json`} as service_types,
      ${body.serviceKind ? sql`(select id::text from service_kinds where key = ${body.serviceKind})` : sql`null::text`} as service_kind`)
  ).rows;
  const rates: Rates = {
    byCode: new Map(Object.entries(row?.rates ?? {}).map(([code, rate]) => [code as CurrencyCode, Number(rate)])),
  };
  const resolved: Resolved = {};
  if (codes.length) {
    const rows = row?.languages ?? [];
    const unknown = codes.find((code) => !rows.some((language) => language.key === code));
    if (unknown) throw fieldError('VALIDATION_FAILED', 'body.languages', `Unknown language: ${unknown}`);
    resolved.languageIds = rows.map((language) => language.id);
  }
  if (body.gender) {
    if (!row?.gender) throw fieldError('VALIDATION_FAILED', 'body.gender', `Unknown gender: ${body.gender}`);
    resolved.genderId = row.gender;
  }
  if (typeKeys.length) {
    const rows = row?.service_types ?? [];
    const unknown = typeKeys.find((key) => !rows.some((type) => type.key === key));
    if (unknown) throw fieldError('VALIDATION_FAILED', 'body.serviceTypes', `Unknown service type: ${unknown}`);
    resolved.serviceTypeIds = rows.map((type) => type.id);
  }
  if (body.serviceKind) {
    if (!row?.service_kind) {
      throw fieldError('VALIDATION_FAILED', 'body.serviceKind', `Unknown service kind: ${body.serviceKind}`);
    }
    resolved.serviceKindId = row.service_kind;
  }
  return { rates, resolved };
}

/** The where clause of a search without the date range (alias `g` = guides). */
function searchConditions(body: SearchGuidesParsed, { rates, resolved }: SearchContext): SQL {
  const conditions: SQL[] = [sql`g.status = 'approved'`, sql`g.is_active`, sql`g.hourly_rate_minor is not null`];
  if (body.location?.type === 'city') conditions.push(sql`g.city_id = ${body.location.id}`);
  if (body.location?.type === 'country') conditions.push(sql`g.country_id = ${body.location.id}`);
  if (body.maxPriceMinor !== undefined) {
    // Shown price = round(minor × rate(visitor) / rate(guide)) ≤ max  ⇔  minor < (max + ½) × rate(guide) / rate(visitor).
    const visitor = rateOf(rates, body.currency);
    const perCurrency = [...rates.byCode].map(([code, rate]) => {
      const bound = Math.ceil(((body.maxPriceMinor as number) + 0.5) * (rate / visitor)) - 1;
      return sql`(g.currency = ${code} and g.hourly_rate_minor <= ${bound})`;
    });
    conditions.push(sql`(${sql.join(perCurrency, sql` or `)})`);
  }
  if (body.minRating !== undefined) conditions.push(sql`g.rating >= ${body.minRating}`);
  if (resolved.languageIds) {
    conditions.push(sql`g.search_language_ids && ${uuidArray(resolved.languageIds)}`);
  }
  if (resolved.genderId) {
    conditions.push(sql`g.search_gender_id = ${resolved.genderId}`);
  }
  if (resolved.serviceTypeIds) {
    conditions.push(sql`g.search_service_type_ids && ${uuidArray(resolved.serviceTypeIds)}`);
  }
  if (resolved.serviceKindId) {
    conditions.push(
      sql`exists (select 1 from guide_service_kinds gsk where gsk.guide_id = g.id and gsk.service_kind_id = ${resolved.serviceKindId})`,
    );
  }
  return sql.join(conditions, sql` and `);
}

/** Each sort has a matching index (a backward scan for the descending price). */
function searchOrder(sort: SearchGuidesParsed['sort']): SQL {
  switch (sort) {
    case 'price_asc':
      return sql`g.search_price_usd asc, g.id asc`;
    case 'price_desc':
      return sql`g.search_price_usd desc, g.id desc`;
    case 'newest':
      return sql`g.created_at desc, g.id desc`;
    case 'reviews':
      return sql`g.review_count desc, g.rating desc nulls last, g.id asc`;
    default:
      return sql`g.rating desc nulls last, g.review_count desc, g.id asc`;
  }
}

/** FROM and WHERE of a search; with a date range inside the index's window, through the index. */
function searchSource(body: SearchGuidesParsed, context: SearchContext, now: Date) {
  const where = searchConditions(body, context);
  if (!(body.dateFrom && body.dateTo && fitsWindow(body.dateTo, now))) {
    return { from: sql`guides g`, where, stale: sql`0` };
  }
  const covers = rowCovers(body.dateTo, now);
  return {
    from: sql`guides g left join guide_search_availability s on s.guide_id = g.id`,
    // Rows not covering the range stay in (and are counted as stale) until refreshed.
    where: sql`${where} and (not ${covers} or ${rowHasFreeHour(body.dateFrom, body.dateTo, now)})`,
    stale: sql`count(*) filter (where not ${covers}) over ()`,
    uncovered: sql`${where} and not ${covers}`,
  };
}

/** The cards of the guides of CTE `page` (id, position, total, stale), with those columns. */
const cardsOf = (page: SQL) => sql`with page as (${page})
  select page.position, page.total, page.stale,
         g.id, g.user_id, u.name, u.surname, u.profile_picture_key,
         ci.id as city_id, ci.key as city_key, ci.names as city_names,
         co.id as country_id, co.code as country_code, co.names as country_names,
         g.rating, g.review_count, g.hourly_rate_minor, g.currency, g.verified, g.certificated, g.created_at,
         (select f.id from guide_files f where f.guide_id = g.id and f.kind = 'photo'
           order by f.is_cover desc, f.position asc, f.created_at asc limit 1) as cover_id,
         (select json_agg(json_build_object('code', l.code, 'names', l.names, 'level_key', ll.key)
                          order by gl.is_primary desc, ll.rank asc, l.position asc)
            from guide_languages gl
            join languages l on l.id = gl.language_id
            join language_levels ll on ll.id = gl.level_id
           where gl.guide_id = g.id) as languages
    from page
    join guides g on g.id = page.id
    join users u on u.id = g.user_id
    left join cities ci on ci.id = g.city_id
    left join countries co on co.id = g.country_id`;

/** Whether every filter is a column of the sort indexes (location, price): see pageSql. */
const sortIndexFilters = (body: SearchGuidesParsed) =>
  !(
    body.languages?.length ||
    body.serviceTypes?.length ||
    body.gender ||
    body.serviceKind ||
    body.minRating !== undefined ||
    (body.dateFrom && body.dateTo)
  );

/** guide_search_counts' key for every public guide. */
const ALL_PLACES = '00000000-0000-0000-0000-000000000000';

/** No filter but the location: the total is a stored count. */
const locationOnly = (body: SearchGuidesParsed) => sortIndexFilters(body) && body.maxPriceMinor === undefined;

function pageSql(body: SearchGuidesParsed, context: SearchContext, now: Date): SQL {
  const { from, where, stale } = searchSource(body, context, now);
  const order = searchOrder(body.sort);
  const limit = sql`limit ${body.pageSize} offset ${(body.page - 1) * body.pageSize}`;
  // The count needs every match either way. With only location and price filters the
  // matches are best read in order from the sort index (index-only), counted on the way.
  // With other filters they are planned on their own (no ORDER BY inside), so the planner
  // reads them the cheapest way (a GIN bitmap for a language…) instead of walking a sort
  // index through every guide, and the page is a top-N sort. Numbered after the limit.
  const matched = locationOnly(body)
    ? // The total is kept by triggers (guide_search_counts): the page is an index range scan.
      sql`select g.id, coalesce((select c.total from guide_search_counts c where c.place_id = ${body.location?.id ?? ALL_PLACES}), 0) as total,
                 0 as stale
            from ${from} where ${where} order by ${order} ${limit}`
    : sortIndexFilters(body)
      ? sql`select g.id, count(*) over () as total, ${stale} as stale from ${from} where ${where} order by ${order} ${limit}`
      : sql`select * from (
        select g.id, g.rating, g.review_count, g.created_at, g.search_price_usd,
               count(*) over () as total, ${stale} as stale
          from ${from} where ${where}) as g
       order by ${order} ${limit}`;
  return cardsOf(
    sql`select matched.id, matched.total, matched.stale, row_number() over () as position from (${matched}) as matched`,
  );
}

/** The SQL of one search page (with its total); for the EXPLAIN test. */
export async function buildSearchSql(db: Db, body: SearchGuidesParsed, now: Date): Promise<SQL> {
  return pageSql(body, await loadContext(db, body), now);
}

/** Of `candidates` (in order), those with at least one free hour in the range, in their own zone. */
async function confirmAvailable(
  db: Db,
  candidates: Array<{ id: string; timezone: string }>,
  dateFrom: string,
  dateTo: string,
  now: Date,
): Promise<string[]> {
  const confirmed: string[] = [];
  const firstDay = dayNumberOf(dateFrom);
  const lastDay = dayNumberOf(dateTo);
  for (let index = 0; index < candidates.length; index += 2000) {
    const chunk = candidates.slice(index, index + 2000);
    const rules = await loadRulesInBulk(db, chunk, dateOfDay(firstDay - 1), dateOfDay(lastDay + 1));
    for (const candidate of chunk) {
      const rule = rules.get(candidate.id);
      const start = localHourToInstant(firstDay, 0, candidate.timezone);
      const end = localHourToInstant(lastDay, 24, candidate.timezone);
      const from = start < now ? now : start;
      if (rule && end > from && computeAvailableHours(rule, from, end).length > 0) confirmed.push(candidate.id);
    }
  }
  return confirmed;
}

type CardRow = {
  position: string | number;
  total: string | number;
  stale: string | number;
  id: string;
  user_id: string;
  name: string | null;
  surname: string | null;
  profile_picture_key: string | null;
  city_id: string | null;
  city_key: string | null;
  city_names: Localized | null;
  country_id: string | null;
  country_code: string | null;
  country_names: Localized | null;
  rating: string | number | null;
  review_count: number;
  hourly_rate_minor: number;
  currency: CurrencyCode;
  verified: boolean;
  certificated: boolean;
  created_at: string | Date;
  cover_id: string | null;
  languages: Array<{ code: string; names: Localized; level_key: string }> | null;
};

function toCard(row: CardRow, locale: Locale, rates: Rates, currency: CurrencyCode): GuideCard {
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    surname: row.surname,
    avatarUrl: profilePictureUrl(row.user_id, row.profile_picture_key),
    coverPhotoUrl: row.cover_id ? photoUrl(row.cover_id, 'card') : null,
    city:
      row.city_id && row.city_key && row.city_names
        ? { id: row.city_id, code: row.city_key, name: row.city_names[locale] }
        : null,
    country:
      row.country_id && row.country_code && row.country_names
        ? { id: row.country_id, code: row.country_code, name: row.country_names[locale] }
        : null,
    languages: (row.languages ?? []).map((language) => ({
      code: language.code,
      name: language.names[locale],
      levelKey: language.level_key,
    })),
    rating: row.rating === null ? null : Number(row.rating),
    reviewCount: Number(row.review_count),
    hourlyRateMinor: Number(row.hourly_rate_minor),
    hourlyRateCurrency: row.currency,
    priceMinor: convertMinor(rates, Number(row.hourly_rate_minor), row.currency, currency),
    currency,
    verified: row.verified,
    certificated: row.certificated,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** One page and its total; `stale` counts candidates whose index row does not answer the range. */
async function indexedPage(
  db: Db,
  body: SearchGuidesParsed,
  context: SearchContext,
  now: Date,
): Promise<{ rows: CardRow[]; total: number; stale: number }> {
  const rows = (await db.execute<CardRow>(pageSql(body, context, now))).rows;
  if (rows.length || body.page === 1) {
    return { rows, total: Number(rows[0]?.total ?? 0), stale: Number(rows[0]?.stale ?? 0) };
  }
  // Past the last page: the window functions had no row to ride on.
  const { from, where, stale } = searchSource(body, context, now);
  const [count] = (
    await db.execute<{ total: string | number; stale: string | number }>(
      sql`select count(*) over () as total, ${stale} as stale from ${from} where ${where} limit 1`,
    )
  ).rows;
  return { rows, total: Number(count?.total ?? 0), stale: Number(count?.stale ?? 0) };
}

/** The date-filtered search beyond the index: availability computed for every candidate. */
async function computedPage(
  db: Db,
  body: SearchGuidesParsed,
  context: SearchContext,
  now: Date,
): Promise<{ rows: CardRow[]; total: number }> {
  const candidates = await db.execute<{ id: string; timezone: string }>(
    sql`select g.id, g.timezone from guides g where ${searchConditions(body, context)} order by ${searchOrder(body.sort)}`,
  );
  const confirmed = await confirmAvailable(db, candidates.rows, body.dateFrom ?? '', body.dateTo ?? '', now);
  const offset = (body.page - 1) * body.pageSize;
  const ids = confirmed.slice(offset, offset + body.pageSize);
  if (!ids.length) return { rows: [], total: confirmed.length };
  const rows = (
    await db.execute<CardRow>(
      cardsOf(sql`select x.id::uuid as id, x.position, ${confirmed.length} as total, 0 as stale
        from json_array_elements_text(${JSON.stringify(ids)}::json) with ordinality as x(id, position)`),
    )
  ).rows;
  return { rows, total: confirmed.length };
}

export async function searchGuides(
  db: Db,
  body: SearchGuidesParsed,
  locale: Locale,
  now: Date,
): Promise<SearchGuidesResult> {
  const context = await loadContext(db, body);
  if (body.dateFrom && body.dateTo && !fitsWindow(body.dateTo, now)) {
    return resultOf(body, locale, context, await computedPage(db, body, context, now));
  }
  let page: { rows: CardRow[]; total: number; stale?: number } = await indexedPage(db, body, context, now);
  if (page.stale) {
    const { from, uncovered } = searchSource(body, context, now);
    const stale = await db.execute<{ id: string }>(sql`select g.id from ${from} where ${uncovered}`);
    await refreshSearchAvailability(
      db,
      stale.rows.map((row) => row.id),
      now,
    );
    page = await indexedPage(db, body, context, now);
    // Rules changed again meanwhile: compute this one search directly.
    if (page.stale) page = await computedPage(db, body, context, now);
  }
  return resultOf(body, locale, context, page);
}

function resultOf(
  body: SearchGuidesParsed,
  locale: Locale,
  context: SearchContext,
  page: { rows: CardRow[]; total: number },
): SearchGuidesResult {
  const rows = [...page.rows].sort((a, b) => Number(a.position) - Number(b.position));
  return {
    data: rows.map((row) => toCard(row, locale, context.rates, body.currency)),
    page: body.page,
    pageSize: body.pageSize,
    total: page.total,
  };
}

/** Approved, active guides in each of `placeIds` (cities and countries), for search-places. */
export async function countPublicGuidesByPlace(db: Db, placeIds: string[]): Promise<Map<string, number>> {
  if (!placeIds.length) return new Map();
  const list = idList(placeIds);
  const result = await db.execute<{ place_id: string; total: string | number }>(sql`
    select city_id as place_id, count(*) as total from guides
     where status = 'approved' and is_active and city_id in ${list} group by city_id
    union all
    select country_id, count(*) from guides
     where status = 'approved' and is_active and country_id in ${list} group by country_id`);
  return new Map(result.rows.map((row) => [row.place_id, Number(row.total)]));
}
