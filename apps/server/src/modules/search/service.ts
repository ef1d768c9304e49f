import type { Locale } from '@marco/contract/locales';
import type { CurrencyCode } from '@marco/contract/reference';
import {
  type GuideCard,
  SEARCH_TOTAL_CAP,
  type SearchGuidesParsed,
  type SearchGuidesResult,
} from '@marco/contract/search';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { executeNamed } from '../../db/named-statements.js';
import { fieldError } from '../../platform/errors.js';
import { type KeptBody, keepJson } from '../../platform/serialized-reply.js';
import { isUuid } from '../../platform/uuid.js';
import { profilePictureUrl } from '../auth/current-user.js';
import { photoUrl } from '../files/guide-files.js';
import { computeAvailableHours, localHourToInstant } from '../guides/availability.js';
import { guideResponseOf } from '../responses/guide-response.js';
import {
  dateOfDay,
  dayNumberOf,
  fitsWindow,
  idList,
  loadRulesInBulk,
  refreshSearchAvailability,
  rowCovers,
  rowHasFreeHour,
  searchNowMinute,
  utcDayOf,
} from './availability-index.js';
import type { SearchGeneration } from './generation.js';
import { GenerationCache, type StalePolicy } from './generation-cache.js';

/*
 * Guide search (issues 5 and 17). A request reads the page with its cards in one query and
 * its total in another; answers, totals and request contexts are kept in memory by search
 * generation (GenerationCache; answers with bounded staleness, docs/decisions/012).
 *
 * - Filters, sorts and cards read the read model `search_guides` (migration search/0007):
 *   one row per public guide, kept in step by triggers, with one index per location and
 *   sort, GIN indexes on its language, service-type and service-kind arrays, and a city's
 *   rates with their languages (migration search/0008: a city's total by language and price
 *   is an index-only scan, not the language's whole GIN list). The maximum price is
 *   compared per currency on the guide's own rate, so the shown (rounded) price never
 *   exceeds it.
 * - The page is the first matches in the sort's order (the planner walks the sort index or,
 *   for a narrow filter, sorts the few matches); it never waits for the total.
 * - Totals: location only, a count kept by triggers (guide_search_counts); other filters,
 *   matches counted up to a limit (SEARCH_TOTAL_CAP, or the end of the asked page if
 *   further): beyond it the answer says `totalCapped` and the interface shows "1,000+".
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

/**
 * Reference ids a filter names (languages, service types and kind, gender), written into the
 * statement's text (sorted, so one set is one text) instead of bound as values. Whether a
 * filter's GIN index or the sort's index serves a page best depends on how common the chosen
 * values are, so with the set bound PostgreSQL planned a filtered page on every run and never
 * kept a generic plan; with the set in the text, each set's named statement keeps its own plan
 * (on one connection of the bench's 100,000 guides, decision 012: a weekend page with two
 * languages 1.40–1.70 ms instead of 2.26 ms; service types, gender and a minimum rating
 * 0.5–0.7 ms instead of 0.8–1.1 ms). Each connection keeps its most recently run texts
 * (db/named-statements.ts), so the sets visitors ask for most stay prepared. The ids are the
 * reference tables' own, checked as UUIDs all the same.
 */
function idSetInText(ids: string[]): SQL {
  return sql.raw(`'{${[...new Set(ids.map(checkedId))].sort().join(',')}}'::uuid[]`);
}

const idInText = (id: string): SQL => sql.raw(`'${checkedId(id)}'::uuid`);

function checkedId(id: string): string {
  if (!isUuid(id)) throw new Error(`not a reference id: ${id}`);
  return id;
}

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

/** The largest value of a PostgreSQL integer column such as hourly_rate_minor. */
const INT4_MAX = 2_147_483_647;

/** The where clause of a search without the date range (alias `g` = search_guides, public guides only). */
function searchConditions(body: SearchGuidesParsed, { rates, resolved }: SearchContext): SQL {
  const conditions: SQL[] = [sql`true`];
  if (body.location?.type === 'city') conditions.push(sql`g.city_id = ${body.location.id}`);
  if (body.location?.type === 'country') conditions.push(sql`g.country_id = ${body.location.id}`);
  if (body.maxPriceMinor !== undefined) {
    // Shown price = round(minor × rate(visitor) / rate(guide)) ≤ max  ⇔  minor < (max + ½) × rate(guide) / rate(visitor).
    const visitor = rateOf(rates, body.currency);
    const perCurrency = [...rates.byCode].map(([code, rate]) => {
      // Past the integer column's range the bound cannot exclude anyone, and PostgreSQL
      // refuses the larger number for it ("integer out of range").
      const bound = Math.min(Math.ceil(((body.maxPriceMinor as number) + 0.5) * (rate / visitor)) - 1, INT4_MAX);
      // A subquery, so that no plan reads the bound's value: estimated from the values, a plan
      // looked cheaper than the generic one and the page was planned on every run; now the
      // generic plan is kept (city + language + max price 1,575–1,607 → 2,563–2,619 req/s; a
      // bound no guide is under costs the same 2.5–3.4 ms either way, decision 012).
      return sql`(g.currency = ${code} and g.hourly_rate_minor <= (select ${bound}::int))`;
    });
    conditions.push(sql`(${sql.join(perCurrency, sql` or `)})`);
  }
  if (body.minRating !== undefined) conditions.push(sql`g.rating >= ${body.minRating}`);
  if (resolved.languageIds) {
    conditions.push(sql`g.language_ids && ${idSetInText(resolved.languageIds)}`);
  }
  if (resolved.genderId) {
    conditions.push(sql`g.gender_id = ${idInText(resolved.genderId)}`);
  }
  if (resolved.serviceTypeIds) {
    conditions.push(sql`g.service_type_ids && ${idSetInText(resolved.serviceTypeIds)}`);
  }
  if (resolved.serviceKindId) {
    conditions.push(sql`g.service_kind_ids && ${idSetInText([resolved.serviceKindId])}`);
  }
  return sql.join(conditions, sql` and `);
}

/** Each sort has a matching index (a backward scan for the descending price). */
function searchOrder(sort: SearchGuidesParsed['sort']): SQL {
  switch (sort) {
    case 'price_asc':
      return sql`g.price_usd asc, g.id asc`;
    case 'price_desc':
      return sql`g.price_usd desc, g.id desc`;
    case 'newest':
      return sql`g.created_at desc, g.id desc`;
    case 'reviews':
      return sql`g.review_count desc, g.rating desc nulls last, g.id asc`;
    case 'responds_fastest':
      return sql`g.response_median_seconds asc nulls last, g.response_rate desc nulls last, g.id asc`;
    default:
      return sql`g.rating desc nulls last, g.review_count desc, g.id asc`;
  }
}

/**
 * FROM and WHERE of a search; with a date range inside the index's window, through the index.
 * `covered` tells whether a match's availability row answers the range: rows the triggers
 * cleared stay in as matches until refreshed.
 */
/** A date range the availability index answers (inside its window). */
const datesThroughIndex = (body: SearchGuidesParsed, now: Date) =>
  Boolean(body.dateFrom && body.dateTo && fitsWindow(body.dateTo, now));

function searchSource(body: SearchGuidesParsed, context: SearchContext, now: Date) {
  const where = searchConditions(body, context);
  const { dateFrom, dateTo } = body;
  if (!(dateFrom && dateTo && datesThroughIndex(body, now))) {
    return { from: sql`search_guides g`, where, covered: sql`true` };
  }
  const covers = rowCovers(dateTo, now);
  return {
    from: sql`search_guides g left join guide_search_availability s on s.guide_id = g.id`,
    where: sql`${where} and (not ${covers} or ${rowHasFreeHour(dateFrom, dateTo, now)})`,
    covered: covers,
  };
}

/**
 * A card as the answer sends it, written by PostgreSQL as JSON text (`card`), from the read
 * model `g` and its places `ci`, `co` with names in the reader's language only (every name in
 * eight languages, parsed for each card and dropped, was a third of a computed search's CPU:
 * decision 012), and the columns of the fields the server adds (cardJson). A page of cards
 * read as columns cost the server 23 values per card to parse, an object to build and one to
 * serialize, and most of the garbage a search made (decision 012, "night").
 */
const cardColumns = (
  locale: Locale,
) => sql`(select row_to_json(card) from (${cardFields(locale)}) as card)::text as card,
         g.user_id, g.profile_picture_key, g.cover_id, g.hourly_rate_minor, g.currency,
         g.response_rate, g.response_median_seconds`;

/**
 * The `card` of cardColumns; its keys are GuideCard's (the contract), its JSON compact. A
 * subquery of the select list, so that a page that sorts its matches dresses only the cards
 * it keeps (PostgreSQL evaluates an expensive select-list expression after Sort and Limit).
 */
const cardFields = (locale: Locale) => sql`select g.id, g.user_id as "userId", g.name, g.surname,
           (select row_to_json(place) from (select ci.id, ci.key as code, ci.names->>${locale}::text as name) place
             where ci.names->>${locale}::text is not null) as city,
           (select row_to_json(place) from (select co.id, co.code, co.names->>${locale}::text as name) place
             where co.names->>${locale}::text is not null) as country,
           coalesce((select array_to_json(array_agg(row_to_json(language) order by x.n))
                       from jsonb_array_elements(g.languages) with ordinality as x(l, n),
                            lateral (select x.l->>'code' as code, x.l->'names'->>${locale}::text as name,
                                            x.l->>'level_key' as "levelKey") as language), '[]') as languages,
           g.rating, g.review_count as "reviewCount", g.hourly_rate_minor as "hourlyRateMinor",
           g.currency as "hourlyRateCurrency", g.verified, g.certificated,
           to_char(g.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"`;

/** The cards of the guides of CTE `page` (id, position, stale), in its order: the read model's row, and its places. */
const cardsOf = (page: SQL, locale: Locale) => sql`with page as (${page})
  select page.stale, ${cardColumns(locale)}
    from page
    join search_guides g on g.id = page.id
    left join cities ci on ci.id = g.city_id
    left join countries co on co.id = g.country_id
   order by page.position`;

/** guide_search_counts' key for every public guide. */
const ALL_PLACES = '00000000-0000-0000-0000-000000000000';

/** No filter but the location: the total is a stored count. */
const locationOnly = (body: SearchGuidesParsed) =>
  !(
    body.languages?.length ||
    body.serviceTypes?.length ||
    body.gender ||
    body.serviceKind ||
    body.minRating !== undefined ||
    body.maxPriceMinor !== undefined ||
    (body.dateFrom && body.dateTo)
  );

/**
 * LIMIT (and OFFSET) of a search's page, written into the text: PostgreSQL plans a LIMIT
 * given as a value for an unknown number of rows, so a named statement's generic plan looked
 * dearer than the plans made for the values and every page was planned again on every run
 * (pg_prepared_statements: no generic plan in 200); with the numbers in the text, shapes whose
 * plan does not depend on their values (a place, a sort) keep a generic plan after five runs,
 * and the others stay planned per run (decision 012). Each page number is a text of its own
 * (a third page by country: 1,670–1,780 → 2,670–2,940 req/s against bound values); each
 * connection keeps the ones asked for most (db/named-statements.ts). A total's limit stays a
 * value: its generic plan was slower for rare filter values (a rating of 4.9).
 */
function pageLimit(limit: number, offset?: number): SQL {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`not a limit: ${limit}`);
  if (offset !== undefined && (!Number.isSafeInteger(offset) || offset < 0))
    throw new Error(`not an offset: ${offset}`);
  return sql.raw(offset ? `limit ${limit} offset ${offset}` : `limit ${limit}`);
}

/**
 * One page of matches with their cards. A later page of a date search reads the first
 * offset + pageSize matches in order, so that `stale` also counts uncovered matches on earlier
 * pages (refreshing them can move this page); numbered after the limit.
 */
function pageSql(body: SearchGuidesParsed, context: SearchContext, now: Date, locale: Locale): SQL {
  const { from, where, covered } = searchSource(body, context, now);
  const offset = (body.page - 1) * body.pageSize;
  if (body.page > 1 && !datesThroughIndex(body, now)) {
    // A later page's offset rows are read to be skipped: the page is found first and only its
    // own rows are dressed as cards and given their places (PostgreSQL builds the select list
    // where the index hands it the rows, below the LIMIT, so a third page dressed 60 cards).
    return sql`select ${cardColumns(locale)}, false as uncovered
      from (select g.* from ${from} where ${where}
             order by ${searchOrder(body.sort)} ${pageLimit(body.pageSize, offset)}) as g
      left join cities ci on ci.id = g.city_id
      left join countries co on co.id = g.country_id
     order by ${searchOrder(body.sort)}`;
  }
  if (body.page === 1) {
    // Without a date range nothing can be uncovered, and the read model's row is the card:
    // one flat query, a fraction of the planning of the numbered form below. A first page
    // holds every match up to its end, so its own rows say how many are uncovered.
    return sql`select ${cardColumns(locale)}, not ${covered} as uncovered
      from ${from}
      left join cities ci on ci.id = g.city_id
      left join countries co on co.id = g.country_id
     where ${where}
     order by ${searchOrder(body.sort)} ${pageLimit(body.pageSize, offset)}`;
  }
  return cardsOf(
    sql`select numbered.id, numbered.position, numbered.stale from (
      select matched.id, row_number() over () as position,
             count(*) filter (where not matched.covered) over () as stale
        from (select g.id, ${covered} as covered from ${from} where ${where}
               order by ${searchOrder(body.sort)} ${pageLimit(offset + body.pageSize)}) as matched
    ) as numbered
    where numbered.position > ${offset}`,
    locale,
  );
}

/** How many matches a filtered search counts: the cap, or the end of the asked page if further. */
export const countLimit = (body: SearchGuidesParsed) => Math.max(SEARCH_TOTAL_CAP, body.page * body.pageSize);

/**
 * The number of matches, up to `countLimit` + 1 (one more says there are more), and of those
 * counted, how many have an uncovered availability row.
 */
function countSql(body: SearchGuidesParsed, context: SearchContext, now: Date): SQL {
  if (locationOnly(body)) {
    return sql`select coalesce((select c.total from guide_search_counts c where c.place_id = ${body.location?.id ?? ALL_PLACES}), 0) as total,
                      0 as stale`;
  }
  const { from, where, covered } = searchSource(body, context, now);
  return sql`select count(*) as total, count(*) filter (where not matched.covered) as stale
    from (select ${covered} as covered from ${from} where ${where} limit ${countLimit(body) + 1}) as matched`;
}

/** The SQL of a search's page and of its total; for the EXPLAIN test. */
export async function buildSearchSql(
  db: Db,
  body: SearchGuidesParsed,
  now: Date,
  locale: Locale = 'en',
): Promise<{ page: SQL; count: SQL }> {
  const context = await loadContext(db, body);
  return { page: pageSql(body, context, now, locale), count: countSql(body, context, now) };
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

/** A card's row, in the page's order; `stale` where the page went through the availability index. */
type CardRow = {
  stale?: string | number;
  /** Where a flat page went through the availability index: this match waits for its row. */
  uncovered?: boolean;
  /** The card's JSON object less the fields of ServerCardFields (cardFields). */
  card: string;
  user_id: string;
  profile_picture_key: string | null;
  cover_id: string | null;
  hourly_rate_minor: number;
  currency: CurrencyCode;
  /** Null below RESPONSE_MIN_REQUESTS (responses/0001). */
  response_rate: number | null;
  response_median_seconds: number | null;
};

/** A card's fields the server computes: links, the price in the asked currency, response figures. */
type ServerCardFields = Pick<GuideCard, 'avatarUrl' | 'coverPhotoUrl' | 'response' | 'priceMinor' | 'currency'>;

/** The JSON object `objectJson` (not empty) with `fields` appended, without parsing it again. */
const withFields = (objectJson: string, fields: object) =>
  `${objectJson.slice(0, -1)},${JSON.stringify(fields).slice(1)}`;

/** A card's JSON: PostgreSQL's object (cardFields) with the fields the server adds. */
function cardJson(row: CardRow, rates: Rates, currency: CurrencyCode): string {
  const added: ServerCardFields = {
    avatarUrl: profilePictureUrl(row.user_id, row.profile_picture_key),
    coverPhotoUrl: row.cover_id ? photoUrl(row.cover_id, 'card') : null,
    response: guideResponseOf(row.response_rate, row.response_median_seconds),
    priceMinor: convertMinor(rates, Number(row.hourly_rate_minor), row.currency, currency),
    currency,
  };
  return withFields(row.card, added);
}

/** A page's cards, and how many matches up to its end wait for their availability row. */
async function readPage(
  db: Db,
  body: SearchGuidesParsed,
  context: SearchContext,
  now: Date,
  locale: Locale,
): Promise<{ rows: CardRow[]; stale: number }> {
  const rows = await executeNamed<CardRow>(db, pageSql(body, context, now, locale));
  const stale = rows[0]?.stale === undefined ? rows.filter((row) => row.uncovered).length : Number(rows[0].stale);
  return { rows, stale };
}

/** The date-filtered matches beyond the index, in order: availability computed for every candidate. */
async function computedMatches(db: Db, body: SearchGuidesParsed, context: SearchContext, now: Date) {
  const candidates = await db.execute<{ id: string; timezone: string }>(
    sql`select g.id, g.timezone from search_guides g where ${searchConditions(body, context)} order by ${searchOrder(body.sort)}`,
  );
  return confirmAvailable(db, candidates.rows, body.dateFrom ?? '', body.dateTo ?? '', now);
}

/** The date-filtered search beyond the index: a page of computedMatches and their count. */
async function computedPage(
  db: Db,
  body: SearchGuidesParsed,
  context: SearchContext,
  now: Date,
  locale: Locale,
): Promise<{ rows: CardRow[]; total: number }> {
  const confirmed = await computedMatches(db, body, context, now);
  const offset = (body.page - 1) * body.pageSize;
  const ids = confirmed.slice(offset, offset + body.pageSize);
  if (!ids.length) return { rows: [], total: confirmed.length };
  const rows = (
    await db.execute<CardRow>(
      cardsOf(
        sql`select x.id::uuid as id, x.position, 0 as stale
        from json_array_elements_text(${JSON.stringify(ids)}::json) with ordinality as x(id, position)`,
        locale,
      ),
    )
  ).rows;
  return { rows, total: confirmed.length };
}

/** Refreshes the availability rows of every match that waits for its row. */
async function refreshUncovered(db: Db, body: SearchGuidesParsed, context: SearchContext, now: Date) {
  const { from, where, covered } = searchSource(body, context, now);
  const stale = await db.execute<{ id: string }>(sql`select g.id from ${from} where ${where} and not ${covered}`);
  await refreshSearchAvailability(
    db,
    stale.rows.map((row) => row.id),
    now,
  );
}

/**
 * Answers and parts of answers by search generation (see GenerationCache): whole answers,
 * serialized as they are sent, request contexts (rates and ids of keys) and totals of
 * filtered searches. The time-to-live bounds how long any of them is served without being
 * computed again, whatever the generation says. Answers are also served for a moment after
 * what they read has changed, while a fresh one is computed (ANSWER_STALENESS), but never
 * once a guide has stopped being public since they were computed.
 */
export interface SearchCaches {
  generation: SearchGeneration;
  /** Answers as sent: JSON checked against the response schema once, compressed when first asked for. */
  answers: GenerationCache<KeptBody> | null;
  contexts: GenerationCache<SearchContext>;
  totals: GenerationCache<number>;
}

const TTL_MS = 60_000;

/**
 * Issue 17 allows results up to 5 s old. A changed answer is computed again once it is 1 s
 * old (so at most once a second per answer, however fast the writes come), and is never
 * served past 3 s, which leaves 2 s for the computation itself (docs/decisions/012).
 */
export const ANSWER_STALENESS: StalePolicy = { refreshAfterMs: 1_000, maxAgeMs: 3_000 };

/** `answers` entries: 0 computes every answer (the contexts and totals are still kept). */
export function createSearchCaches(
  generation: SearchGeneration,
  answers: number,
  staleness: StalePolicy = ANSWER_STALENESS,
): SearchCaches {
  return {
    generation,
    answers: answers > 0 ? new GenerationCache({ ttlMs: TTL_MS, maxEntries: answers, stale: staleness }) : null,
    contexts: new GenerationCache({ ttlMs: TTL_MS, maxEntries: 500 }),
    totals: new GenerationCache({ ttlMs: TTL_MS, maxEntries: 2_000 }),
  };
}

const sorted = (values: string[] | undefined) => (values?.length ? [...new Set(values)].sort() : undefined);

/** What a request's context depends on. */
const contextKey = (body: SearchGuidesParsed) =>
  JSON.stringify([sorted(body.languages), body.gender, sorted(body.serviceTypes), body.serviceKind]);

/**
 * What a total depends on: every filter, not the sort or the page; and time. The index's
 * window moves daily; a range that may hold a guide's today (in any time zone) loses hours
 * as they pass, so its total holds for one minute, as `rowHasFreeHour` compares minutes.
 */
function filterKey(body: SearchGuidesParsed, now: Date): string {
  const today = utcDayOf(now);
  const hasDates = Boolean(body.dateFrom && body.dateTo);
  const touchesToday =
    hasDates && dayNumberOf(body.dateFrom ?? '') <= today + 1 && dayNumberOf(body.dateTo ?? '') >= today - 1;
  return JSON.stringify([
    today,
    touchesToday ? searchNowMinute(now) : null,
    body.location,
    body.dateFrom,
    body.dateTo,
    sorted(body.languages),
    body.maxPriceMinor,
    body.maxPriceMinor === undefined ? undefined : body.currency,
    body.minRating,
    body.gender,
    sorted(body.serviceTypes),
    body.serviceKind,
  ]);
}

/** The number of matches; uncovered availability rows are refreshed first. */
async function countMatches(db: Db, body: SearchGuidesParsed, context: SearchContext, now: Date): Promise<number> {
  const read = async () => {
    const [row] = await executeNamed<{ total: string | number; stale: string | number }>(
      db,
      countSql(body, context, now),
    );
    return { total: Number(row?.total ?? 0), stale: Number(row?.stale ?? 0) };
  };
  let count = await read();
  if (count.stale) {
    await refreshUncovered(db, body, context, now);
    count = await read();
    // Rules changed again meanwhile: count this one search directly.
    if (count.stale) return (await computedMatches(db, body, context, now)).length;
  }
  return count.total;
}

/**
 * A search's answer as the JSON sent, validated against the contract once when computed; the
 * same request answers from memory while nothing it reads has changed.
 */
export async function searchGuides(
  db: Db,
  caches: SearchCaches,
  body: SearchGuidesParsed,
  locale: Locale,
  now: Date,
): Promise<KeptBody> {
  const visibility = caches.generation.visibility();
  const generation = caches.generation.current();
  // Not parsed against the contract here (a third of a computed answer's CPU): the types
  // hold it, and search.test.ts checks every answer it reads.
  const compute = async () => keepJson(await computeSearch(db, caches, generation, body, locale, now));
  if (!caches.answers) return compute();
  const key = JSON.stringify([filterKey(body, now), body.sort, body.page, body.pageSize, body.currency, locale]);
  return caches.answers.get(key, generation, now.getTime(), compute, visibility);
}

async function computeSearch(
  db: Db,
  { generation: searchGeneration, contexts, totals }: SearchCaches,
  generation: bigint,
  body: SearchGuidesParsed,
  locale: Locale,
  now: Date,
): Promise<string> {
  const context = await contexts.get(contextKey(body), generation, now.getTime(), () => loadContext(db, body));
  if (body.dateFrom && body.dateTo && !fitsWindow(body.dateTo, now)) {
    return resultOf(body, context, await computedPage(db, body, context, now, locale));
  }
  // Stored counts too: one query fewer per computed answer of a location-only search.
  const totalOf = (at: bigint) =>
    totals.get(JSON.stringify([filterKey(body, now), countLimit(body)]), at, now.getTime(), () =>
      countMatches(db, body, context, now),
    );
  let [page, total] = await Promise.all([readPage(db, body, context, now, locale), totalOf(generation)]);
  if (page.stale) {
    await refreshUncovered(db, body, context, now);
    [page, total] = await Promise.all([readPage(db, body, context, now, locale), totalOf(searchGeneration.current())]);
    // Rules changed again meanwhile: compute this one search directly.
    if (page.stale) return resultOf(body, context, await computedPage(db, body, context, now, locale));
  }
  return resultOf(body, context, { rows: page.rows, total, capped: !locationOnly(body) });
}

/** The answer's JSON; `total` is exact unless `capped` (the count stopped at countLimit + 1). */
function resultOf(
  body: SearchGuidesParsed,
  context: SearchContext,
  page: { rows: CardRow[]; total: number; capped?: boolean },
): string {
  const capped = Boolean(page.capped) && page.total > countLimit(body);
  const rest: Omit<SearchGuidesResult, 'data'> = {
    page: body.page,
    pageSize: body.pageSize,
    total: capped ? countLimit(body) : page.total,
    totalCapped: capped,
  };
  const cards = page.rows.map((row) => cardJson(row, context.rates, body.currency));
  return withFields(`{"data":[${cards.join(',')}]}`, rest);
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
