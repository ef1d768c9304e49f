import type { Locale, Localized } from '@marco/contract/locales';
import type { CurrencyCode } from '@marco/contract/reference';
import type { GuideCard, SearchGuidesParsed, SearchGuidesResult } from '@marco/contract/search';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { fieldError } from '../../platform/errors.js';
import { profilePictureUrl } from '../auth/current-user.js';
import { photoUrl } from '../files/guide-files.js';
import { type AvailabilityRules, computeAvailableHours, localHourToInstant } from '../guides/availability.js';

/*
 * Guide search (issue 5). One SQL query selects approved, active guides by the indexed
 * filters (partial indexes guides_public_* on guides, guide_languages_language,
 * guide_service_types_type) and sorts them; the date-range filter is two-phase:
 *
 * 1. SQL prefilter: the guide has a work plan whose bounds overlap the range (or a special
 *    plan on one of its days) or a free date in it. Cheap, and never drops a guide that
 *    could be available.
 * 2. Confirmation: the candidates' plans and free dates are loaded in two bulk queries and
 *    `computeAvailableHours` (the Guides issue's availability function) must find at least
 *    one free hour between the start of `dateFrom` and the end of `dateTo` in the guide's
 *    own time zone (not before now). The total counts confirmed guides only, so paging is
 *    exact. Held reservations are not subtracted yet (the reservations context has no
 *    bulk source; see the README's search section).
 */

const DAY_MS = 86_400_000;

interface Rates {
  /** units of the currency per US dollar */
  byCode: Map<CurrencyCode, number>;
}

async function loadRates(db: Db): Promise<Rates> {
  const result = await db.execute<{ code: CurrencyCode; units_per_usd: string | number }>(
    sql`select c.code, r.units_per_usd from currencies c join currency_rates r on r.currency_id = c.id`,
  );
  return { byCode: new Map(result.rows.map((row) => [row.code, Number(row.units_per_usd)])) };
}

const rateOf = (rates: Rates, code: CurrencyCode) => {
  const rate = rates.byCode.get(code);
  if (!rate) throw new Error(`no rate for ${code}`);
  return rate;
};

/** The guide's rate in `target` minor units, rounded. */
export const convertMinor = (rates: Rates, minor: number, from: CurrencyCode, to: CurrencyCode) =>
  from === to ? minor : Math.round((minor * rateOf(rates, to)) / rateOf(rates, from));

/** `hourly_rate_minor` in US cents, for sorting across currencies. */
const usdPriceExpression = (rates: Rates) => {
  const cases = [...rates.byCode].map(([code, rate]) => sql`when ${code} then ${rate}::float8`);
  return sql`(g.hourly_rate_minor::float8 / (case g.currency ${sql.join(cases, sql` `)} end))`;
};

const dayNumberOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

interface Resolved {
  languageIds?: string[];
  genderId?: string;
  serviceTypeIds?: string[];
  serviceKindId?: string;
}

/** Keys and codes of the body to ids; an unknown one answers 400 on its field. */
async function resolveKeys(db: Db, body: SearchGuidesParsed): Promise<Resolved> {
  const resolved: Resolved = {};
  if (body.languages?.length) {
    const codes = [...new Set(body.languages)];
    const rows = (
      await db.execute<{ id: string; code: string }>(
        sql`select id, code from languages where code in (${sql.join(
          codes.map((code) => sql`${code}`),
          sql`, `,
        )})`,
      )
    ).rows;
    const unknown = codes.find((code) => !rows.some((row) => row.code === code));
    if (unknown) throw fieldError('VALIDATION_FAILED', 'body.languages', `Unknown language: ${unknown}`);
    resolved.languageIds = rows.map((row) => row.id);
  }
  if (body.gender) {
    const [row] = (await db.execute<{ id: string }>(sql`select id from genders where key = ${body.gender}`)).rows;
    if (!row) throw fieldError('VALIDATION_FAILED', 'body.gender', `Unknown gender: ${body.gender}`);
    resolved.genderId = row.id;
  }
  if (body.serviceTypes?.length) {
    const keys = [...new Set(body.serviceTypes)];
    const rows = (
      await db.execute<{ id: string; key: string }>(
        sql`select id, key from service_types where key in (${sql.join(
          keys.map((key) => sql`${key}`),
          sql`, `,
        )})`,
      )
    ).rows;
    const unknown = keys.find((key) => !rows.some((row) => row.key === key));
    if (unknown) throw fieldError('VALIDATION_FAILED', 'body.serviceTypes', `Unknown service type: ${unknown}`);
    resolved.serviceTypeIds = rows.map((row) => row.id);
  }
  if (body.serviceKind) {
    const [row] = (await db.execute<{ id: string }>(sql`select id from service_kinds where key = ${body.serviceKind}`))
      .rows;
    if (!row) throw fieldError('VALIDATION_FAILED', 'body.serviceKind', `Unknown service kind: ${body.serviceKind}`);
    resolved.serviceKindId = row.id;
  }
  return resolved;
}

const idList = (ids: string[]) =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;

/** The where clause of a search (alias `g` = guides). Exported for the EXPLAIN test. */
export function searchConditions(body: SearchGuidesParsed, resolved: Resolved, rates: Rates): SQL {
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
    conditions.push(
      sql`exists (select 1 from guide_languages gl where gl.guide_id = g.id and gl.language_id in ${idList(resolved.languageIds)})`,
    );
  }
  if (resolved.genderId) {
    conditions.push(sql`exists (select 1 from users u where u.id = g.user_id and u.gender_id = ${resolved.genderId})`);
  }
  if (resolved.serviceTypeIds) {
    conditions.push(
      sql`exists (select 1 from guide_service_types gst where gst.guide_id = g.id and gst.service_type_id in ${idList(resolved.serviceTypeIds)})`,
    );
  }
  if (resolved.serviceKindId) {
    conditions.push(
      sql`exists (select 1 from guide_service_kinds gsk where gsk.guide_id = g.id and gsk.service_kind_id = ${resolved.serviceKindId})`,
    );
  }
  if (body.dateFrom && body.dateTo) {
    const from = body.dateFrom;
    const to = body.dateTo;
    conditions.push(sql`(exists (select 1 from guide_work_plans p where p.guide_id = g.id and (
        (p.plan_type = 'special' and p.date between ${from}::date and ${to}::date)
        or (p.plan_type <> 'special' and (p.starts_on is null or p.starts_on <= ${to}::date)
            and (p.ends_on is null or p.ends_on >= ${from}::date))))
      or exists (select 1 from guide_free_dates f where f.guide_id = g.id and f.date between ${from}::date and ${to}::date))`);
  }
  return sql.join(conditions, sql` and `);
}

export function searchOrder(sort: SearchGuidesParsed['sort'], rates: Rates): SQL {
  switch (sort) {
    case 'price_asc':
      return sql`${usdPriceExpression(rates)} asc, g.id asc`;
    case 'price_desc':
      return sql`${usdPriceExpression(rates)} desc, g.id asc`;
    case 'newest':
      return sql`g.created_at desc, g.id desc`;
    case 'reviews':
      return sql`g.review_count desc, g.rating desc nulls last, g.id asc`;
    default:
      return sql`g.rating desc nulls last, g.review_count desc, g.id asc`;
  }
}

/** The SQL of one search page (no date confirmation); for the EXPLAIN test. */
export async function buildSearchSql(db: Db, body: SearchGuidesParsed): Promise<SQL> {
  const [rates, resolved] = await Promise.all([loadRates(db), resolveKeys(db, body)]);
  const offset = (body.page - 1) * body.pageSize;
  return sql`select g.id from guides g where ${searchConditions(body, resolved, rates)}
    order by ${searchOrder(body.sort, rates)} limit ${body.pageSize} offset ${offset}`;
}

type PlanRow = {
  guide_id: string;
  plan_type: AvailabilityRules['plans'][number]['planType'];
  start_hour: number;
  end_hour: number;
  weekdays: number[] | string;
  repeat_every_weeks: number;
  day_of_month: number | null;
  date: string | null;
  starts_on: string | null;
  ends_on: string | null;
};

const toDateString = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
};

const parseSmallintArray = (value: number[] | string): number[] =>
  Array.isArray(value)
    ? value.map(Number)
    : value
        .replace(/[{}]/g, '')
        .split(',')
        .filter((part) => part !== '')
        .map(Number);

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
  const lowerDate = new Date((firstDay - 1) * DAY_MS).toISOString().slice(0, 10);
  const upperDate = new Date((lastDay + 1) * DAY_MS).toISOString().slice(0, 10);
  for (let index = 0; index < candidates.length; index += 2000) {
    const chunk = candidates.slice(index, index + 2000);
    const ids = idList(chunk.map((candidate) => candidate.id));
    const [plans, freeDates] = await Promise.all([
      db.execute<PlanRow>(
        sql`select guide_id, plan_type, start_hour, end_hour, weekdays, repeat_every_weeks, day_of_month,
                   date::text as date, starts_on::text as starts_on, ends_on::text as ends_on
              from guide_work_plans where guide_id in ${ids}`,
      ),
      db.execute<{ guide_id: string; date: string; start_hour: number; end_hour: number }>(
        sql`select guide_id, date::text as date, start_hour, end_hour from guide_free_dates
             where guide_id in ${ids} and date between ${lowerDate}::date and ${upperDate}::date`,
      ),
    ]);
    const rules = new Map<string, AvailabilityRules>();
    for (const candidate of chunk) rules.set(candidate.id, { timezone: candidate.timezone, plans: [], freeDates: [] });
    for (const plan of plans.rows) {
      rules.get(plan.guide_id)?.plans.push({
        planType: plan.plan_type,
        startHour: Number(plan.start_hour),
        endHour: Number(plan.end_hour),
        weekdays: parseSmallintArray(plan.weekdays),
        repeatEveryWeeks: Number(plan.repeat_every_weeks),
        dayOfMonth: plan.day_of_month === null ? null : Number(plan.day_of_month),
        date: toDateString(plan.date),
        startsOn: toDateString(plan.starts_on),
        endsOn: toDateString(plan.ends_on),
      });
    }
    for (const free of freeDates.rows) {
      rules.get(free.guide_id)?.freeDates.push({
        date: toDateString(free.date) as string,
        startHour: Number(free.start_hour),
        endHour: Number(free.end_hour),
      });
    }
    for (const candidate of chunk) {
      const rule = rules.get(candidate.id) as AvailabilityRules;
      const start = localHourToInstant(firstDay, 0, candidate.timezone);
      const end = localHourToInstant(lastDay, 24, candidate.timezone);
      const from = start < now ? now : start;
      if (end > from && computeAvailableHours(rule, from, end).length > 0) confirmed.push(candidate.id);
    }
  }
  return confirmed;
}

type CardRow = {
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
};

/** Cards for `ids`, in that order. */
async function loadCards(
  db: Db,
  ids: string[],
  locale: Locale,
  rates: Rates,
  currency: CurrencyCode,
): Promise<GuideCard[]> {
  if (!ids.length) return [];
  const list = idList(ids);
  const [rows, languages] = await Promise.all([
    db.execute<CardRow>(sql`
      select g.id, g.user_id, u.name, u.surname, u.profile_picture_key,
             ci.id as city_id, ci.key as city_key, ci.names as city_names,
             co.id as country_id, co.code as country_code, co.names as country_names,
             g.rating, g.review_count, g.hourly_rate_minor, g.currency, g.verified, g.certificated, g.created_at,
             (select f.id from guide_files f where f.guide_id = g.id and f.kind = 'photo'
               order by f.is_cover desc, f.position asc, f.created_at asc limit 1) as cover_id
        from guides g
        join users u on u.id = g.user_id
        left join cities ci on ci.id = g.city_id
        left join countries co on co.id = g.country_id
       where g.id in ${list}`),
    db.execute<{ guide_id: string; code: string; names: Localized; level_key: string; is_primary: boolean }>(sql`
      select gl.guide_id, l.code, l.names, ll.key as level_key, gl.is_primary
        from guide_languages gl
        join languages l on l.id = gl.language_id
        join language_levels ll on ll.id = gl.level_id
       where gl.guide_id in ${list}
       order by gl.is_primary desc, ll.rank asc, l.position asc`),
  ]);
  const byId = new Map(rows.rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const card: GuideCard = {
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
      languages: languages.rows
        .filter((language) => language.guide_id === id)
        .map((language) => ({ code: language.code, name: language.names[locale], levelKey: language.level_key })),
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
    return [card];
  });
}

export async function searchGuides(
  db: Db,
  body: SearchGuidesParsed,
  locale: Locale,
  now: Date,
): Promise<SearchGuidesResult> {
  const [rates, resolved] = await Promise.all([loadRates(db), resolveKeys(db, body)]);
  const where = searchConditions(body, resolved, rates);
  const order = searchOrder(body.sort, rates);
  const offset = (body.page - 1) * body.pageSize;
  let total: number;
  let pageIds: string[];
  if (body.dateFrom && body.dateTo) {
    const candidates = await db.execute<{ id: string; timezone: string }>(
      sql`select g.id, g.timezone from guides g where ${where} order by ${order}`,
    );
    const confirmed = await confirmAvailable(db, candidates.rows, body.dateFrom, body.dateTo, now);
    total = confirmed.length;
    pageIds = confirmed.slice(offset, offset + body.pageSize);
  } else {
    const [page, count] = await Promise.all([
      db.execute<{ id: string }>(
        sql`select g.id from guides g where ${where} order by ${order} limit ${body.pageSize} offset ${offset}`,
      ),
      db.execute<{ total: string | number }>(sql`select count(*) as total from guides g where ${where}`),
    ]);
    pageIds = page.rows.map((row) => row.id);
    total = Number(count.rows[0]?.total ?? 0);
  }
  return {
    data: await loadCards(db, pageIds, locale, rates, body.currency),
    page: body.page,
    pageSize: body.pageSize,
    total,
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
