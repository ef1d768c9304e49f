import type { GuideCard, SearchGuides } from '@marco/contract/search';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createApprovedGuide, createStaff, type TestGuide } from '../../../test/guide-factories.js';
import { ManualClock } from '../../platform/clock.js';
import { searchAvailabilityJob, staleSearchAvailability } from './availability-index.js';

/*
 * What search precomputes (migration set `search`: the read model search_guides, the
 * availability index of availability-index.ts) follows every change at once: schedules,
 * free dates, time zones, languages, service types, rates and guide status; and the edges
 * of the date range (time zones, now, the index's window). Answers are not kept here
 * (SEARCH_CACHE_SIZE=0): search.test.ts covers how long a kept answer may trail a change.
 */

const API = '/api/app';
const SEARCH = `${API}/search-public/search-guides-public`;
const GUIDE_OPS = `${API}/user-guide-operation-public`;
/** Monday 1 June 2026, 12:00 UTC. */
const START = '2026-06-01T12:00:00Z';
const clock = new ManualClock(START);

let t: TestApp;
let staff: Awaited<ReturnType<typeof createStaff>>;
let mover: TestGuide;
let rival: TestGuide;

// On PostgreSQL a change reaches the search generation by a notification: wait for the
// changes the test just made, as a visitor's next request would.
const search = async (body: SearchGuides) => {
  await t.app.deps.searchGeneration.sync();
  return t.app.inject({ method: 'POST', url: SEARCH, payload: body });
};
async function names(body: SearchGuides): Promise<string[]> {
  const response = await search(body);
  expect(response.statusCode, response.body).toBe(200);
  const result = response.json() as { data: GuideCard[]; total: number };
  expect(result.total).toBe(result.data.length);
  return result.data.map((card) => card.name ?? '').sort();
}
async function call(guide: TestGuide, method: 'POST' | 'PUT', url: string, payload?: object) {
  const response = await t.app.inject({ method, url, headers: guide.user.headers, payload });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

beforeAll(async () => {
  t = await createTestApp({ clock, env: { SEARCH_CACHE_SIZE: '0' } });
  const { db } = t.database;
  staff = await createStaff(t.app, db);
  // Weekly Monday–Friday 9–17 in Istanbul (UTC+3).
  mover = await createApprovedGuide(t.app, db, {
    city: 'istanbul',
    languages: ['tr', 'en'],
    rate: { minor: 5000, currency: 'USD' },
    name: 'Mover',
    surname: 'Test',
    staff,
  });
  rival = await createApprovedGuide(t.app, db, {
    city: 'istanbul',
    languages: ['en'],
    rate: { minor: 4700, currency: 'EUR' },
    name: 'Rival',
    surname: 'Test',
    staff,
  });
}, 120_000);
afterAll(async () => t.close());

describe('search follows changes at once', () => {
  it('follows free dates, schedules and time zones', async () => {
    // Saturday 6 – Sunday 7 June: no weekly hour.
    expect(await names({ dateFrom: '2026-06-06', dateTo: '2026-06-07' })).toEqual([]);
    await call(mover, 'POST', `${GUIDE_OPS}/create-user-guide-free-date`, {
      date: '2026-06-06',
      startHour: 10,
      endHour: 12,
    });
    expect(await names({ dateFrom: '2026-06-06', dateTo: '2026-06-07' })).toEqual(['Mover']);

    // New York (UTC−4 in June): 20:00–22:00 on Monday 15 June is 00:00–02:00 UTC on the 16th.
    await call(mover, 'PUT', `${GUIDE_OPS}/update-user-guide-work-schedule`, {
      timezone: 'America/New_York',
      plans: [{ planType: 'special', date: '2026-06-15', startHour: 20, endHour: 22 }],
    });
    expect(await names({ dateFrom: '2026-06-15', dateTo: '2026-06-15' })).toEqual(['Mover', 'Rival']);
    expect(await names({ dateFrom: '2026-06-16', dateTo: '2026-06-16' })).toEqual(['Rival']);
    // The weekly plan is gone: only the other guide on an ordinary Wednesday.
    expect(await names({ dateFrom: '2026-06-10', dateTo: '2026-06-10' })).toEqual(['Rival']);
  });

  it('follows language and service type changes', async () => {
    expect(await names({ languages: ['ja'] })).toEqual([]);
    await call(rival, 'PUT', `${API}/user-mr-language-public/update-user-mr-languages`, {
      languages: [{ languageCode: 'ja', levelKey: 'native', isPrimary: true }],
    });
    expect(await names({ languages: ['ja'] })).toEqual(['Rival']);
    expect(await names({ languages: ['en'] })).toEqual(['Mover']);
    await call(rival, 'POST', `${API}/service-type-public/create-update/${rival.guideId}/guidance`, {
      serviceTypeKeys: ['beach'],
    });
    expect(await names({ serviceTypes: ['beach'] })).toEqual(['Rival']);
  });

  it('follows rate changes in price sorts and the maximum price', async () => {
    const { db } = t.database;
    const order = async () => {
      const response = await search({ sort: 'price_asc', currency: 'USD' });
      return (response.json() as { data: GuideCard[] }).data.map((card) => [card.name, card.priceMinor]);
    };
    // 47 EUR at 0.86 EUR per USD = 54.65 USD: dearer than Mover's 50 USD.
    expect(await order()).toEqual([
      ['Mover', 5000],
      ['Rival', 5465],
    ]);
    const eur = sql`currency_id = (select id from currencies where code = 'EUR')`;
    const [before] = (
      await db.execute<{ units: string }>(sql`select units_per_usd::text as units from currency_rates where ${eur}`)
    ).rows;
    try {
      // The euro weakens to 1 EUR per USD: Rival is 47 USD, now the cheaper one.
      await db.execute(sql`update currency_rates set units_per_usd = 1 where ${eur}`);
      expect(await order()).toEqual([
        ['Rival', 4700],
        ['Mover', 5000],
      ]);
      expect(await names({ maxPriceMinor: 4700, currency: 'USD' })).toEqual(['Rival']);
      expect(await names({ maxPriceMinor: 4699, currency: 'USD' })).toEqual([]);
    } finally {
      await db.execute(sql`update currency_rates set units_per_usd = ${before?.units}::numeric where ${eur}`);
    }
    expect((await order())[0]).toEqual(['Mover', 5000]);
  });

  it('takes the highest maximum price although its bound in lira passes the integer range', async () => {
    // 100,000,000 USD cents are 4.15 billion kuruş: more than a PostgreSQL integer holds.
    expect(await names({ maxPriceMinor: 100_000_000, currency: 'USD' })).toEqual(['Mover', 'Rival']);
  });

  it('drops a guide suspended after being indexed', async () => {
    const third = await createApprovedGuide(t.app, t.database.db, {
      city: 'rome',
      languages: ['it'],
      name: 'Third',
      surname: 'Test',
      staff,
    });
    const week = { dateFrom: '2026-06-08', dateTo: '2026-06-12', languages: ['it'] };
    expect(await names(week)).toEqual(['Third']);
    const everyone = async () => (await search({})).json().total as number;
    expect(await everyone()).toBe(3);
    const suspended = await t.app.inject({
      method: 'POST',
      url: `${API}/admin/guides/${third.guideId}/suspend`,
      headers: staff.headers,
      payload: {},
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(await names(week)).toEqual([]);
    expect(await names({ languages: ['it'] })).toEqual([]);
    expect(await everyone()).toBe(2);
  });

  it('keeps the stored totals per place equal to a fresh count', async () => {
    const { db } = t.database;
    // Pausing, a new city and a price change all move guides in or out of the totals.
    await db.execute(sql`update guides set is_active = false where id = ${rival.guideId}`);
    await db.execute(sql`update guides set city_id = (select id from cities where key = 'rome'),
      country_id = (select country_id from cities where key = 'rome') where id = ${mover.guideId}`);
    const rome = (await db.execute<{ id: string }>(sql`select id from cities where key = 'rome'`)).rows[0]?.id ?? '';
    expect(await names({ location: { type: 'city', id: rome } })).toEqual(['Mover']);
    expect((await search({ location: { type: 'city', id: rome } })).json().total).toBe(1);
    await db.execute(sql`update guides set is_active = true where id = ${rival.guideId}`);
    const mismatches = await db.execute(sql`
      with fresh as (
        select place_id, count(*)::int as total from (
          select unnest(array['00000000-0000-0000-0000-000000000000'::uuid, city_id, country_id]) as place_id
            from guides where status = 'approved' and is_active and hourly_rate_minor is not null) p
         where place_id is not null group by place_id)
      select coalesce(f.place_id, c.place_id) as place_id, f.total as fresh, c.total as stored
        from fresh f full join guide_search_counts c on c.place_id = f.place_id
       where coalesce(f.total, 0) <> coalesce(c.total, 0)`);
    expect(mismatches.rows).toEqual([]);
  });
});

describe('date range edges', () => {
  it('counts today’s hours only while they are not past', async () => {
    const today = { dateFrom: '2026-06-01', dateTo: '2026-06-01', languages: ['ja'] };
    try {
      // Rival works 9–17 Istanbul (06:00–14:00 UTC): the 13:00 UTC hour is the last one.
      clock.set('2026-06-01T12:59:00Z');
      expect(await names(today)).toEqual(['Rival']);
      clock.set('2026-06-01T13:00:00Z');
      expect(await names(today)).toEqual(['Rival']);
      clock.set('2026-06-01T13:01:00Z');
      expect(await names(today)).toEqual([]);
      // Tomorrow is untouched by the time of day.
      expect(await names({ ...today, dateFrom: '2026-06-02', dateTo: '2026-06-02' })).toEqual(['Rival']);
    } finally {
      clock.set(START);
    }
  });

  it('answers ranges beyond the precomputed window exactly', async () => {
    // 1 December 2026 is 183 days after the clock's today: computed on the fly.
    await call(mover, 'POST', `${GUIDE_OPS}/create-user-guide-free-date`, {
      date: '2026-12-01',
      startHour: 9,
      endHour: 10,
    });
    expect(await names({ dateFrom: '2026-11-30', dateTo: '2026-12-01', languages: ['en'] })).toEqual(['Mover']);
    expect(await names({ dateFrom: '2026-12-02', dateTo: '2026-12-03', languages: ['en'] })).toEqual([]);
  });

  it('refreshes in the background what a change cleared', async () => {
    const { db } = t.database;
    await call(rival, 'POST', `${GUIDE_OPS}/create-user-guide-free-date`, { date: '2026-06-20' });
    // Cleared: Rival's row now, Mover's by the far free date (that search did not use the index).
    expect((await staleSearchAvailability(db, clock.now(), 100)).sort()).toEqual([mover.guideId, rival.guideId].sort());
    await searchAvailabilityJob({ clock }).run(db);
    expect(await staleSearchAvailability(db, clock.now(), 100)).toEqual([]);
    expect(await names({ dateFrom: '2026-06-20', dateTo: '2026-06-20' })).toEqual(['Rival']);
    // A day later the window has moved on: every row is due again.
    clock.advance(86_400);
    try {
      expect((await staleSearchAvailability(db, clock.now(), 100)).sort()).toEqual(
        [mover.guideId, rival.guideId].sort(),
      );
    } finally {
      clock.set(START);
    }
  });
});

describe('bad search input', () => {
  it('answers 400 naming the field', async () => {
    const cases: Array<[SearchGuides, string]> = [
      [{ languages: ['xx'] }, 'languages'],
      [{ maxPriceMinor: -1 }, 'maxPriceMinor'],
      [{ dateFrom: '2026-06-10', dateTo: '2026-06-09' }, 'dateTo'],
      [{ pageSize: 51 }, 'pageSize'],
    ];
    for (const [body, field] of cases) {
      const response = await search(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(response.json().error.details), response.body).toContain(field);
    }
  });
});
