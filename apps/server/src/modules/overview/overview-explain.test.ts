import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/app.js';
import type { Database } from '../../db/client.js';
import { overviewQueries, overviewRange } from './staff-overview.js';

/*
 * The overview reads twelve weeks out of years of reservations and ledger movements: over
 * two years of seeded rows, EXPLAIN of its two queries must read the range through
 * reservations_desk_created and ledger_entries_overview_created, and the bookings' cases
 * through disputes_reservation, never a scan of a table.
 */

const RESERVATIONS = 40_000;
const GUIDES = 50;
const NOW = new Date('2026-06-03T12:00:00Z');
let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  const { db } = database;
  await db.execute(sql`insert into users (user_name, name, surname, phone_number)
    select 'overview-user-' || n, 'User', 'U' || n, '+4478' || lpad(n::text, 8, '0')
      from generate_series(1, ${GUIDES + 1}) as n`);
  await db.execute(sql`
    with c as (select id, country_id, timezone from cities order by key limit 1),
         u as (select id from users where user_name like 'overview-user-%' and user_name <> 'overview-user-1')
    insert into guides (user_id, status, is_active, stage, city_id, country_id, timezone, hourly_rate_minor, currency, created_at)
    select u.id, 'approved', true, 8, c.id, c.country_id, c.timezone, 5000, 'USD', now() from u, c`);
  // Two years of bookings, one every half hour or so, each paid and its charge in the ledger.
  await db.execute(sql`
    with g as (select id, user_id, city_id, timezone, row_number() over (order by id) - 1 as i from guides),
         t as (select id from users where user_name = 'overview-user-1')
    insert into reservations (id, guide_id, guide_user_id, tourist_id, city_id, timezone, start_hour, end_hour,
                              starts_at, ends_at, meeting_point, contact_phone, contact_email, currency,
                              hourly_rate_minor, total_hours, total_minor, status, created_at, updated_at)
    select gen_random_uuid(), g.id, g.user_id, t.id, g.city_id, g.timezone, 10, 12,
           timestamptz '2024-07-01 07:00Z' + n * interval '26 minutes' + interval '3 days',
           timestamptz '2024-07-01 09:00Z' + n * interval '26 minutes' + interval '3 days',
           'Main square', '+447800000001', 'traveller@example.com', 'USD', 5000, 2, 10000,
           (array['paid', 'completed', 'cancelled'])[1 + n % 3],
           timestamptz '2024-07-01' + n * interval '26 minutes', timestamptz '2024-07-01' + n * interval '26 minutes'
      from generate_series(1, ${RESERVATIONS}) as n
      join g on g.i = n % ${GUIDES}
      cross join t`);
  await db.execute(sql`
    insert into payments (id, reservation_id, provider, provider_session_id, provider_payment_id, amount_minor, currency,
                          status, checkout_url, created_at, updated_at, paid_at)
    select gen_random_uuid(), id, 'sandbox', 'cs_' || id, 'pi_' || id, 10000, 'USD', 'paid', 'https://example.com',
           created_at, created_at, created_at
      from reservations`);
  await db.execute(sql`
    insert into ledger_entries (id, account, guide_user_id, reservation_id, payment_id, kind, currency,
                                amount_minor, gross_minor, created_at)
    select gen_random_uuid(), 'platform', r.guide_user_id, r.id, p.id, 'charge', 'USD', 10000, 10000, p.paid_at
      from payments p join reservations r on r.id = p.reservation_id`);
  // A problem reported on one booking in forty.
  await db.execute(sql`
    insert into disputes (id, reservation_id, opened_by, opener_role, reason, text, opened_at)
    select gen_random_uuid(), id, tourist_id, 'tourist', 'other', 'It went wrong.', ends_at + interval '1 hour'
      from (select id, tourist_id, ends_at, row_number() over (order by created_at) as n from reservations) as r
     where n % 40 = 0`);
  // As autovacuum leaves tables in use: statistics and the visibility map.
  await db.execute(sql`vacuum analyze`);
}, 600_000);
afterAll(async () => drop());

async function planOf(query: ReturnType<typeof overviewQueries>[keyof ReturnType<typeof overviewQueries>]) {
  const result = await database.db.execute<{ 'QUERY PLAN': string }>(sql`explain ${query}`);
  return result.rows.map((row) => row['QUERY PLAN']).join('\n');
}

describe('overview query plans over two years of bookings', () => {
  const { from, to } = overviewRange(NOW);

  it('reads the weeks of bookings through reservations_desk_created, and their cases through disputes_reservation', async () => {
    const plan = await planOf(overviewQueries(from, to).bookings);
    expect(plan, plan).toMatch(/reservations_desk_created/);
    expect(plan, plan).not.toMatch(/Seq Scan on reservations\b/);
    expect(plan, plan).toMatch(/disputes_reservation/);
    expect(plan, plan).not.toMatch(/Seq Scan on disputes\b/);
  });

  it('reads the weeks of money through ledger_entries_overview_created', async () => {
    const plan = await planOf(overviewQueries(from, to).money);
    expect(plan, plan).toMatch(/ledger_entries_overview_created/);
    expect(plan, plan).not.toMatch(/Seq Scan on ledger_entries\b/);
  });
});
