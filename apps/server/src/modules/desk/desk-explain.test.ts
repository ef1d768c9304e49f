import { type DeskSearchQuery, DeskSearchQuerySchema } from '@marco/contract/desk';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/app.js';
import type { Database } from '../../db/client.js';
import { buildDeskQueries, peopleNamedQuery } from './search-reservations.js';

/*
 * The reservation desk must stay fast on 100,000 reservations (issue 18 item 2): over a
 * seeded table, EXPLAIN of each filter's page and total must read the index made for it and
 * never scan all reservations.
 */

const RESERVATIONS = 100_000;
const TRAVELLERS = 30_000;
const GUIDES = 200;
let database: Database;
let drop: () => Promise<void>;
const ids = { guide: '', reservation: '' };

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  const { db } = database;
  await db.execute(sql`insert into users (user_name, name, surname, phone_number)
    select 'desk-traveller-' || n, 'Traveller', 'T' || n, '+4479' || lpad(n::text, 8, '0')
      from generate_series(1, ${TRAVELLERS}) as n`);
  await db.execute(sql`insert into users (user_name, name, surname, phone_number)
    select 'desk-guide-' || n, 'Guide', 'G' || n, '+9053' || lpad(n::text, 8, '0')
      from generate_series(1, ${GUIDES}) as n`);
  await db.execute(sql`
    with c as (select id, country_id, timezone from cities order by key limit 1),
         u as (select id, row_number() over (order by user_name) as n from users where user_name like 'desk-guide-%')
    insert into guides (user_id, status, is_active, stage, city_id, country_id, timezone, hourly_rate_minor, currency, created_at)
    select u.id, 'approved', true, 8, c.id, c.country_id, c.timezone, 5000, 'USD', now() from u, c`);
  await db.execute(sql`
    with g as (select id, user_id, city_id, timezone, row_number() over (order by id) - 1 as i from guides
                where user_id in (select id from users where user_name like 'desk-guide-%')),
         t as (select id, row_number() over (order by user_name) - 1 as i from users where user_name like 'desk-traveller-%')
    insert into reservations (id, guide_id, guide_user_id, tourist_id, city_id, timezone, start_hour, end_hour,
                              starts_at, ends_at, meeting_point, contact_phone, contact_email, currency,
                              hourly_rate_minor, total_hours, total_minor, status, created_at, updated_at)
    select gen_random_uuid(), g.id, g.user_id, t.id, g.city_id, g.timezone, 10, 12,
           timestamptz '2026-01-01 07:00Z' + (n % 730) * interval '1 day',
           timestamptz '2026-01-01 09:00Z' + (n % 730) * interval '1 day',
           'Main square', '+4479' || lpad((n % ${TRAVELLERS} + 1)::text, 8, '0'), 'traveller@example.com', 'USD',
           5000, 2, 10000,
           (array['pending', 'approved', 'payment_pending', 'paid', 'completed', 'cancelled', 'rejected', 'expired'])[1 + n % 8],
           timestamptz '2025-12-01' + n * interval '1 minute', timestamptz '2025-12-01' + n * interval '1 minute'
      from generate_series(1, ${RESERVATIONS}) as n
      join g on g.i = n % ${GUIDES}
      join t on t.i = n % ${TRAVELLERS}`);
  await db.execute(sql`
    insert into payments (id, reservation_id, provider, provider_session_id, provider_payment_id, amount_minor, currency,
                          status, checkout_url, refunded_minor, created_at, updated_at, paid_at)
    select gen_random_uuid(), r.id, 'sandbox', 'cs_' || r.id, 'pi_' || r.id, 10000, 'USD',
           case r.status when 'cancelled' then 'refunded' when 'payment_pending' then 'open' else 'paid' end,
           'https://example.com', case r.status when 'cancelled' then 10000 else 0 end, r.created_at, r.created_at, r.created_at
      from reservations r where r.status in ('payment_pending', 'paid', 'completed', 'cancelled')`);
  // As autovacuum leaves tables in use: statistics and the visibility map.
  await db.execute(sql`vacuum analyze`);
  const [guide] = (await db.execute<{ id: string }>(sql`select id from guides order by id limit 1`)).rows;
  const [reservation] = (await db.execute<{ id: string }>(sql`select id from reservations limit 1`)).rows;
  ids.guide = guide?.id ?? '';
  ids.reservation = reservation?.id ?? '';
}, 600_000);
afterAll(async () => drop());

async function plans(query: Partial<DeskSearchQuery>): Promise<string[]> {
  const queries = await buildDeskQueries(database.db, DeskSearchQuerySchema.parse(query));
  if (!queries) throw new Error('the search matched nobody');
  return Promise.all(
    [queries.page, queries.count].map(async (built) => {
      const result = await database.db.execute<{ 'QUERY PLAN': string }>(sql`explain ${built}`);
      return result.rows.map((row) => row['QUERY PLAN']).join('\n');
    }),
  );
}

describe('reservation desk query plans on 100,000 reservations', () => {
  it('finds the people of part of a name through the trigram index, not a scan of users', async () => {
    const result = await database.db.execute<{ 'QUERY PLAN': string }>(
      sql`explain ${peopleNamedQuery(database.db, 't4242')}`,
    );
    const plan = result.rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(plan, plan).toMatch(/users_desk_full_name_trgm/);
  });

  const shapes: Array<[string, () => Partial<DeskSearchQuery>, RegExp]> = [
    ['no filter, latest start first', () => ({}), /reservations_desk_starts/],
    ['no filter, newest booking first', () => ({ sort: 'created_desc' }), /reservations_desk_created/],
    ['start dates', () => ({ from: '2026-03-01', to: '2026-03-07' }), /reservations_desk_starts/],
    ['one guide', () => ({ guideId: ids.guide }), /reservations_desk_guide/],
    [
      'status and start dates',
      () => ({ status: 'paid', from: '2026-03-01', to: '2026-03-31' }),
      /reservations_(status_starts|desk_starts)/,
    ],
    ['a reservation id', () => ({ q: ids.reservation }), /reservations_pkey/],
    ['part of a name', () => ({ q: 't4242' }), /reservations_(tourist|guide_user)_status|reservations_desk_starts/],
    ['a phone number', () => ({ q: '+44 79 0000 4242' }), /reservations_desk_contact_phone/],
    [
      'payment refunded',
      () => ({ paymentState: 'refunded', from: '2026-05-01', to: '2026-05-31' }),
      /payments_(status_reservation|reservation)/,
    ],
  ];
  for (const [name, query, index] of shapes) {
    it(`${name}: reads ${index.source}, never all reservations`, async () => {
      const [page = '', total = ''] = await plans(query());
      const both = `${page}\n${total}`;
      expect(both, both).toMatch(index);
      expect(page, page).not.toMatch(/Seq Scan on reservations\b/);
      // An unfiltered total counts every row however it is read; any filter must use an index.
      if (Object.keys(query()).length > 0) expect(total, total).not.toMatch(/Seq Scan on reservations\b/);
    });
  }
});
