import { type SearchGuides, SearchGuidesSchema } from '@marco/contract/search';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/app.js';
import type { Database } from '../../db/client.js';
import { refreshSearchAvailability } from './availability-index.js';
import { buildSearchSql } from './service.js';

/*
 * The main search shapes must use indexes: over a seeded table of guides (with the search
 * availability index filled), EXPLAIN of each shape's page must not contain a sequential
 * scan of the read model (search_guides) or of guides, and a total is either a stored count,
 * an index read, or a scan that stops at the count's limit.
 */

const GUIDES = 20_000;
let database: Database;
let drop: () => Promise<void>;
const ids: { city: string; country: string } = { city: '', country: '' };

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  const { db } = database;
  await db.execute(sql`insert into users (user_name, name, surname)
    select 'explain-' || n, 'Guide', 'N' || n from generate_series(1, ${GUIDES}) as n`);
  // 90% approved and active, spread over the cities, rates in the three currencies.
  await db.execute(sql`
    with c as (select id, country_id, timezone, row_number() over (order by key) - 1 as i from cities),
         n as (select count(*) as total from cities),
         u as (select id, row_number() over (order by user_name) as n from users where user_name like 'explain-%')
    insert into guides (user_id, status, is_active, stage, city_id, country_id, timezone, hourly_rate_minor, currency,
                        rating, review_count, created_at)
    select u.id,
           -- Approved below, once every row they are built from is in: the read model is then
           -- built once instead of once per table.
           case when u.n % 10 = 0 then 'submitted' else 'draft' end,
           u.n % 37 <> 0, 8, c.id, c.country_id, c.timezone,
           1000 + (u.n * 7919) % 20000,
           (array['USD', 'TRY', 'EUR'])[1 + u.n % 3],
           case when u.n % 5 = 0 then null else round(((u.n * 31) % 50) / 10.0, 1) end,
           (u.n * 13) % 200,
           now() - (u.n || ' minutes')::interval
      from u join c on c.i = u.n % (select total from n)`);
  await db.execute(sql`
    insert into guide_languages (guide_id, language_id, level_id, is_primary)
    select g.id, l.id, (select id from language_levels order by rank limit 1), true
      from (select id, row_number() over (order by id) as n from guides) g
      join (select id, row_number() over (order by position) - 1 as i, count(*) over () as total from languages) l
        on l.i = g.n % l.total`);
  await db.execute(sql`
    insert into guide_work_plans (guide_id, plan_type, start_hour, end_hour, weekdays)
    select id, 'weekly', 9, 17, '{1,2,3,4,5}' from guides`);
  await db.execute(sql`
    insert into guide_service_types (guide_id, service_kind_id, service_type_id)
    select g.id, (select id from service_kinds where key = 'guidance'), t.id
      from (select id, row_number() over (order by id) as n from guides) g
      join (select id, row_number() over (order by position) - 1 as i from service_types where set = 'primary') t
        on t.i = g.n % 10`);
  await db.execute(sql`update guides set status = 'approved' where status = 'draft'`);
  const publicIds = await db.execute<{ id: string }>(
    sql`select id from guides where status = 'approved' and is_active`,
  );
  await refreshSearchAvailability(
    db,
    publicIds.rows.map((row) => row.id),
    new Date(),
  );
  // As autovacuum leaves a table in use: statistics and the visibility map (index-only scans).
  await db.execute(sql`vacuum analyze`);
  const [city] = (
    await db.execute<{ id: string; country_id: string }>(sql`select id, country_id from cities where key = 'istanbul'`)
  ).rows;
  ids.city = city?.id ?? '';
  ids.country = city?.country_id ?? '';
}, 240_000);
afterAll(async () => drop());

async function plans(body: SearchGuides): Promise<string[]> {
  const queries = await buildSearchSql(database.db, SearchGuidesSchema.parse(body), new Date());
  return Promise.all(
    [queries.page, queries.count].map(async (query) => {
      const result = await database.db.execute<{ 'QUERY PLAN': string }>(sql`explain ${query}`);
      return result.rows.map((row) => row['QUERY PLAN']).join('\n');
    }),
  );
}

/** A day `offset` days from today (UTC), YYYY-MM-DD. */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('search query plans', () => {
  const shapes: Array<[string, () => SearchGuides]> = [
    ['city, top rated', () => ({ location: { type: 'city', id: ids.city } })],
    ['city, price low to high', () => ({ location: { type: 'city', id: ids.city }, sort: 'price_asc' })],
    [
      'city, language and maximum price, price high to low',
      () => ({
        location: { type: 'city', id: ids.city },
        languages: ['en', 'de'],
        maxPriceMinor: 6000,
        currency: 'EUR',
        sort: 'price_desc',
      }),
    ],
    ['country, newest', () => ({ location: { type: 'country', id: ids.country }, sort: 'newest' })],
    [
      'country, most reviewed, minimum rating',
      () => ({ location: { type: 'country', id: ids.country }, sort: 'reviews', minRating: 4 }),
    ],
    ['city and date range', () => ({ location: { type: 'city', id: ids.city }, dateFrom: day(7), dateTo: day(11) })],
    ['date range, price low to high', () => ({ dateFrom: day(3), dateTo: day(4), sort: 'price_asc' })],
    ['languages, price high to low', () => ({ languages: ['de', 'fr'], sort: 'price_desc' })],
    [
      'service types and gender, top rated',
      () => ({ serviceTypes: ['food_and_drink', 'historical_places'], gender: 'female' }),
    ],
    ['no filter, price low to high', () => ({ sort: 'price_asc' })],
    ['no filter, newest', () => ({ sort: 'newest' })],
    ['no filter, top rated', () => ({ sort: 'rating' })],
    ['no filter, most reviewed', () => ({ sort: 'reviews' })],
    ['no filter, responds fastest', () => ({ sort: 'responds_fastest' })],
    ['city, responds fastest', () => ({ location: { type: 'city', id: ids.city }, sort: 'responds_fastest' })],
  ];
  for (const [name, body] of shapes) {
    it(`${name}: the page reads an index, the total stops at its limit`, async () => {
      const [page = '', count = ''] = await plans(body());
      expect(page, page).not.toMatch(/Seq Scan on (search_)?guides\b/);
      // A filtered total counts at most SEARCH_TOTAL_CAP + 1 matches: a scan under that
      // limit stops there, whichever way the planner reads them.
      if (/Seq Scan on search_guides\b/.test(count)) expect(count, count).toMatch(/^Aggregate.*\n\s*->\s+Limit\b/);
      expect(count, count).not.toMatch(/Seq Scan on guides\b/);
    });
  }

  it("city, language and maximum price: the total reads the city's entries of one index, not a language's every guide", async () => {
    const [, count = ''] = await plans({
      location: { type: 'city', id: ids.city },
      languages: ['en'],
      maxPriceMinor: 6000,
      currency: 'EUR',
    });
    expect(count, count).toMatch(/Index Only Scan using search_guides_city_rate\b/);
    expect(count, count).not.toMatch(/search_guides_languages\b/);
  });

  it('words a shape the same whatever its values but the reference ids and the page, so few named statements serve it', async () => {
    const texts = async (body: SearchGuides) => {
      const queries = await buildSearchSql(database.db, SearchGuidesSchema.parse(body), new Date());
      return [queries.page, queries.count].map((query) => new PgDialect().sqlToQuery(query).sql);
    };
    const pairs: Array<[SearchGuides, SearchGuides]> = [
      [
        { location: { type: 'city', id: ids.city }, maxPriceMinor: 6000, currency: 'EUR', page: 2 },
        { location: { type: 'city', id: ids.country }, maxPriceMinor: 9000, currency: 'USD', page: 2 },
      ],
      [
        { dateFrom: day(3), dateTo: day(4), minRating: 4, gender: 'female', sort: 'price_asc' },
        // A range's length is part of the wording (one test per day), its dates are not.
        { dateFrom: day(9), dateTo: day(10), minRating: 3, gender: 'female', sort: 'price_asc' },
      ],
      // A set of languages is one text, in whatever order it is asked for.
      [
        { languages: ['en', 'de'], maxPriceMinor: 6000, currency: 'EUR' },
        { languages: ['de', 'en', 'de'], maxPriceMinor: 9000, currency: 'TRY' },
      ],
      [
        { serviceTypes: ['city_tour', 'food_and_drink'], minRating: 4 },
        { serviceTypes: ['food_and_drink', 'city_tour'], minRating: 4.5 },
      ],
    ];
    for (const [one, other] of pairs) expect(await texts(other)).toEqual(await texts(one));
    // Another set is another text: each keeps the plan its values call for (decision 012).
    expect(await texts({ languages: ['de'] })).not.toEqual(await texts({ languages: ['en'] }));
    expect(await texts({ gender: 'female' })).not.toEqual(await texts({ gender: 'male' }));
    expect(await texts({ serviceTypes: ['city_tour'] })).not.toEqual(await texts({ serviceTypes: ['food_and_drink'] }));
    expect(await texts({ serviceKind: 'guidance' })).not.toEqual(await texts({ serviceKind: 'translation' }));
    expect(await texts({ sort: 'newest', page: 2 })).not.toEqual(await texts({ sort: 'newest', page: 3 }));
  });
});
