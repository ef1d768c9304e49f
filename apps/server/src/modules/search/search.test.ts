import { type GuideCard, type SearchGuides, SearchGuidesResultSchema } from '@marco/contract/search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import {
  createApprovedGuide,
  createStaff,
  createSubmittedGuide,
  type TestGuide,
} from '../../../test/guide-factories.js';
import { ManualClock } from '../../platform/clock.js';

const API = '/api/app';
const SEARCH = `${API}/search-public/search-guides-public`;
/** A Monday, noon UTC. */
const clock = new ManualClock('2026-06-01T12:00:00Z');

let t: TestApp;
const guides: Record<string, TestGuide> = {};
const places: Record<string, { cityId: string; countryId: string }> = {};

// On PostgreSQL a change reaches the search generation by a notification: wait for the
// changes the test just made, as a visitor's next request would.
const search = async (body: SearchGuides) => {
  await t.app.deps.searchGeneration.sync();
  return t.app.inject({ method: 'POST', url: SEARCH, payload: body });
};
async function found(body: SearchGuides): Promise<{ data: GuideCard[]; total: number; names: string[] }> {
  const response = await search(body);
  expect(response.statusCode, response.body).toBe(200);
  // The server does not check its answers against the contract (a third of a computed
  // search's CPU): every answer these tests read is checked here.
  const result: { data: GuideCard[]; total: number } = SearchGuidesResultSchema.parse(response.json());
  return { ...result, names: result.data.map((card) => card.name ?? '') };
}
const sorted = (names: string[]) => [...names].sort();

/** How old an answer may be (issue 17): a change shows in search within this. */
const FRESHNESS_MS = 5_000;
/**
 * Searches again, as a visitor reloading would, until `check` holds; answers the
 * milliseconds it took, and fails once `ms` have passed.
 */
async function within(
  ms: number,
  body: SearchGuides,
  check: (result: { data: GuideCard[]; total: number; names: string[] }) => boolean,
): Promise<number> {
  const started = performance.now();
  for (;;) {
    const result = await found(body);
    const elapsed = performance.now() - started;
    if (check(result)) return elapsed;
    if (elapsed > ms) throw new Error(`search ${JSON.stringify(body)} still answers ${result.names} after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  const { db } = t.database;
  const staff = await createStaff(t.app, db);
  const approved = (name: string, options: Parameters<typeof createApprovedGuide>[2]) =>
    createApprovedGuide(t.app, db, { ...options, name, surname: 'Test', staff }).then((guide) => {
      guides[name] = guide;
    });
  // Weekly Monday–Friday 9–17 unless plans are given.
  await approved('Ayse', { city: 'istanbul', languages: ['tr', 'en'], rate: { minor: 5000, currency: 'USD' } });
  await approved('Deniz', { city: 'istanbul', languages: ['de'], rate: { minor: 150_000, currency: 'TRY' } });
  await approved('Giulia', { city: 'rome', languages: ['it', 'en'], rate: { minor: 4000, currency: 'EUR' } });
  // Only 00:00–02:00 Istanbul time on 10 June (21:00–23:00 UTC on 9 June).
  await approved('Early', {
    city: 'istanbul',
    languages: ['ru'],
    rate: { minor: 9000, currency: 'USD' },
    plans: [{ planType: 'special', date: '2026-06-10', startHour: 0, endHour: 2 }],
  });
  // Only 23:00–24:00 Agra time (UTC+5:30) on 12 June, and a day already past.
  await approved('Late', {
    city: 'agra',
    languages: ['en'],
    rate: { minor: 2000, currency: 'USD' },
    plans: [
      { planType: 'special', date: '2026-06-12', startHour: 23, endHour: 24 },
      { planType: 'special', date: '2026-05-30', startHour: 9, endHour: 17 },
    ],
  });
  guides.Pending = await createSubmittedGuide(t.app, { city: 'istanbul', languages: ['en'], name: 'Pending' });
  await approved('Suspended', { city: 'istanbul', languages: ['en'] });
  const suspended = await t.app.inject({
    method: 'POST',
    url: `${API}/admin/guides/${guides.Suspended?.guideId}/suspend`,
    headers: staff.headers,
    payload: {},
  });
  expect(suspended.statusCode, suspended.body).toBe(200);
  await approved('Paused', { city: 'istanbul', languages: ['en'] });
  const paused = await t.app.inject({
    method: 'POST',
    url: `${API}/user-guide-operation-public/update-user-guide-status?status=inactive`,
    headers: guides.Paused?.user.headers ?? {},
  });
  expect(paused.statusCode, paused.body).toBe(200);

  // Ratings and review counts (no reviews table yet: set directly), gender, an extra service type.
  await db.execute(`update guides set rating = 4.8, review_count = 12 where id = '${guides.Ayse?.guideId}'`);
  await db.execute(`update guides set rating = 4.2, review_count = 30 where id = '${guides.Deniz?.guideId}'`);
  await db.execute(`update guides set rating = 3.9, review_count = 3 where id = '${guides.Giulia?.guideId}'`);
  await db.execute(
    `update users set gender_id = (select id from genders where key = 'female') where id in ('${guides.Ayse?.user.userId}', '${guides.Giulia?.user.userId}')`,
  );
  await db.execute(
    `update users set gender_id = (select id from genders where key = 'male') where id = '${guides.Deniz?.user.userId}'`,
  );
  const food = await t.app.inject({
    method: 'POST',
    url: `${API}/service-type-public/create-update/${guides.Giulia?.guideId}/guidance`,
    headers: guides.Giulia?.user.headers ?? {},
    payload: { serviceTypeKeys: ['food_and_drink'] },
  });
  expect(food.statusCode, food.body).toBe(200);
  // Creation order for "newest": Ayse < Deniz < Giulia < Early < Late.
  const order = ['Ayse', 'Deniz', 'Giulia', 'Early', 'Late'];
  for (const [index, name] of order.entries()) {
    await db.execute(
      `update guides set created_at = '2026-05-0${index + 1}T10:00:00Z' where id = '${guides[name]?.guideId}'`,
    );
  }
  const cities = (await t.app.inject({ method: 'GET', url: `${API}/address-public/get-cities` })).json().data as Array<{
    id: string;
    key: string;
    countryId: string;
  }>;
  for (const city of cities) places[city.key] = { cityId: city.id, countryId: city.countryId };
}, 120_000);
afterAll(async () => t.close());

const PUBLIC = ['Ayse', 'Deniz', 'Early', 'Giulia', 'Late'];

describe('search-guides-public', () => {
  it('lists approved, active guides only, with nothing private', async () => {
    const result = await found({});
    expect(sorted(result.names)).toEqual(PUBLIC);
    expect(result.total).toBe(5);
    const text = JSON.stringify(result.data);
    for (const secret of ['iban', 'phone', 'email', 'TR33', 'passport', 'bank', 'street', 'Ziraat']) {
      expect(text.toLowerCase()).not.toContain(secret.toLowerCase());
    }
    const ayse = result.data.find((card) => card.name === 'Ayse');
    expect(ayse).toMatchObject({
      city: { code: 'istanbul' },
      country: { code: 'TR' },
      hourlyRateMinor: 5000,
      hourlyRateCurrency: 'USD',
      priceMinor: 5000,
      currency: 'USD',
      rating: 4.8,
      reviewCount: 12,
    });
    expect(ayse?.languages.map((language) => language.code)).toEqual(['tr', 'en']);
    expect(ayse?.coverPhotoUrl).toMatch(/user-public-photo-file\?id=.*&size=card$/);
  });

  it('sends a whole card in the reader’s language, the price in the asked currency', async () => {
    const { data } = await found({
      locale: 'ar',
      currency: 'EUR',
      location: { type: 'city', id: places.istanbul?.cityId ?? '' },
    });
    const ayse = data.find((card) => card.name === 'Ayse');
    const rates = await t.app.deps.db.execute<{ code: string; units: string }>(
      `select c.code, r.units_per_usd as units from currencies c join currency_rates r on r.currency_id = c.id`,
    );
    const rate = (code: string) => Number(rates.rows.find((row) => row.code === code)?.units);
    const names = await t.app.deps.db.execute<{ city: string; country: string; tr: string; en: string }>(
      `select ci.names->>'ar' as city, co.names->>'ar' as country,
              (select names->>'ar' from languages where code = 'tr') as tr,
              (select names->>'ar' from languages where code = 'en') as en
         from cities ci join countries co on co.id = ci.country_id where ci.key = 'istanbul'`,
    );
    const arabic = names.rows[0];
    expect(arabic?.city).toMatch(/[\u0600-\u06ff]/);
    expect(ayse).toEqual({
      id: guides.Ayse?.guideId,
      userId: guides.Ayse?.user.userId,
      name: 'Ayse',
      surname: expect.any(String),
      avatarUrl: null,
      coverPhotoUrl: expect.stringMatching(/user-public-photo-file\?id=.*&size=card$/),
      city: { id: places.istanbul?.cityId, code: 'istanbul', name: arabic?.city },
      country: { id: places.istanbul?.countryId, code: 'TR', name: arabic?.country },
      languages: [
        { code: 'tr', name: arabic?.tr, levelKey: expect.any(String) },
        { code: 'en', name: arabic?.en, levelKey: expect.any(String) },
      ],
      rating: 4.8,
      reviewCount: 12,
      response: null,
      hourlyRateMinor: 5000,
      hourlyRateCurrency: 'USD',
      priceMinor: Math.round((5000 * rate('EUR')) / rate('USD')),
      currency: 'EUR',
      verified: false,
      certificated: false,
      createdAt: '2026-05-01T10:00:00.000Z',
    });
  });

  it('never shows submitted, suspended or paused guides, whatever the filter', async () => {
    for (const body of [
      { location: { type: 'city', id: places.istanbul?.cityId ?? '' }, languages: ['en'] },
      { sort: 'newest' },
      { sort: 'price_asc', pageSize: 50 },
    ] as SearchGuides[]) {
      const result = await found(body);
      for (const hidden of ['Pending', 'Suspended', 'Paused']) expect(result.names).not.toContain(hidden);
    }
  });

  it('filters by city and by country', async () => {
    expect(sorted((await found({ location: { type: 'city', id: places.istanbul?.cityId ?? '' } })).names)).toEqual([
      'Ayse',
      'Deniz',
      'Early',
    ]);
    expect((await found({ location: { type: 'country', id: places.rome?.countryId ?? '' } })).names).toEqual([
      'Giulia',
    ]);
    expect((await found({ location: { type: 'city', id: places.paris?.cityId ?? '' } })).total).toBe(0);
  });

  it('filters by languages (any of them)', async () => {
    expect(sorted((await found({ languages: ['en'] })).names)).toEqual(['Ayse', 'Giulia', 'Late']);
    expect(sorted((await found({ languages: ['de', 'ru'] })).names)).toEqual(['Deniz', 'Early']);
    expect((await found({ languages: ['ja'] })).total).toBe(0);
  });

  it('filters by maximum price in the visitor currency, converted through the rates table', async () => {
    // Rates: 1 USD = 41.5 TRY = 0.86 EUR. In USD: Late 20, Deniz 36.14, Giulia 46.51, Ayse 50, Early 90.
    expect(sorted((await found({ maxPriceMinor: 4000, currency: 'USD' })).names)).toEqual(['Deniz', 'Late']);
    // 200,000 kuruş = 48.19 USD: Giulia (1930.23 TRY) is in, Ayse (2075 TRY) is out.
    const inTry = await found({ maxPriceMinor: 200_000, currency: 'TRY', sort: 'price_asc' });
    expect(inTry.names).toEqual(['Late', 'Deniz', 'Giulia']);
    expect(inTry.data.map((card) => [card.priceMinor, card.currency])).toEqual([
      [83_000, 'TRY'],
      [150_000, 'TRY'],
      [193_023, 'TRY'],
    ]);
    // The bound is the price shown: Ayse is 43.00 EUR exactly.
    expect((await found({ maxPriceMinor: 4300, currency: 'EUR' })).names).toContain('Ayse');
    expect((await found({ maxPriceMinor: 4299, currency: 'EUR' })).names).not.toContain('Ayse');
  });

  it('filters by gender, service types, service kind and minimum rating', async () => {
    expect(sorted((await found({ gender: 'female' })).names)).toEqual(['Ayse', 'Giulia']);
    expect((await found({ gender: 'male' })).names).toEqual(['Deniz']);
    expect((await found({ serviceTypes: ['food_and_drink', 'beach'] })).names).toEqual(['Giulia']);
    expect((await found({ serviceTypes: ['city_tour'] })).total).toBe(4);
    expect((await found({ serviceKind: 'guidance' })).total).toBe(5);
    expect((await found({ serviceKind: 'translation' })).total).toBe(0);
    expect(sorted((await found({ minRating: 4 })).names)).toEqual(['Ayse', 'Deniz']);
  });

  it('combines filters', async () => {
    const result = await found({
      location: { type: 'city', id: places.istanbul?.cityId ?? '' },
      languages: ['en', 'de'],
      maxPriceMinor: 4500,
      currency: 'USD',
    });
    expect(result.names).toEqual(['Deniz']);
  });

  it('sorts five ways', async () => {
    expect((await found({ sort: 'price_asc' })).names).toEqual(['Late', 'Deniz', 'Giulia', 'Ayse', 'Early']);
    expect((await found({ sort: 'price_desc' })).names).toEqual(['Early', 'Ayse', 'Giulia', 'Deniz', 'Late']);
    expect((await found({ sort: 'newest' })).names).toEqual(['Late', 'Early', 'Giulia', 'Deniz', 'Ayse']);
    expect((await found({ sort: 'rating' })).names.slice(0, 3)).toEqual(['Ayse', 'Deniz', 'Giulia']);
    expect((await found({ sort: 'reviews' })).names.slice(0, 3)).toEqual(['Deniz', 'Ayse', 'Giulia']);
  });

  it('pages with a total count', async () => {
    const first = await found({ sort: 'price_asc', pageSize: 2, page: 1 });
    const third = await found({ sort: 'price_asc', pageSize: 2, page: 3 });
    const beyond = await found({ sort: 'price_asc', pageSize: 2, page: 4 });
    expect(first.names).toEqual(['Late', 'Deniz']);
    // A later page holds the sort's next rows, in the sort's order.
    expect((await found({ sort: 'price_asc', pageSize: 2, page: 2 })).names).toEqual(['Giulia', 'Ayse']);
    expect((await found({ sort: 'price_desc', pageSize: 2, page: 2 })).names).toEqual(['Giulia', 'Deniz']);
    expect((await found({ sort: 'newest', pageSize: 2, page: 2 })).names).toEqual(['Giulia', 'Deniz']);
    expect(third.names).toEqual(['Early']);
    expect(beyond.names).toEqual([]);
    expect([first.total, third.total, beyond.total]).toEqual([5, 5, 5]);
  });

  it('filters by date range: at least one free hour, on the days of the guide’s own time zone', async () => {
    // Monday 8 – Friday 12 June: the weekday guides, Early (10 June) and Late (12 June).
    expect(sorted((await found({ dateFrom: '2026-06-08', dateTo: '2026-06-12' })).names)).toEqual(PUBLIC);
    // A weekend: the weekly plans have no hour in it.
    expect((await found({ dateFrom: '2026-06-06', dateTo: '2026-06-07' })).total).toBe(0);
    // Early works 00:00–02:00 on 10 June in Istanbul, which is 9 June in UTC: found on the 10th only.
    expect((await found({ dateFrom: '2026-06-10', dateTo: '2026-06-10', languages: ['ru'] })).names).toEqual(['Early']);
    expect((await found({ dateFrom: '2026-06-09', dateTo: '2026-06-09', languages: ['ru'] })).total).toBe(0);
    // Late works 23:00–24:00 on 12 June in Agra (17:30–18:30 UTC): on the 12th, not the 13th.
    expect((await found({ dateFrom: '2026-06-12', dateTo: '2026-06-12', languages: ['en'] })).names).toContain('Late');
    expect((await found({ dateFrom: '2026-06-13', dateTo: '2026-06-14' })).names).not.toContain('Late');
  });

  it('ignores hours already past', async () => {
    // 30 May is before the clock's "now" (1 June): Late's free day then does not count.
    expect((await found({ dateFrom: '2026-05-30', dateTo: '2026-05-31' })).total).toBe(0);
    // Today (Monday 1 June, 12:00 UTC = 15:00 Istanbul): the afternoon hours remain.
    expect((await found({ dateFrom: '2026-06-01', dateTo: '2026-06-01' })).names).toContain('Ayse');
  });

  it('pages date-filtered results with an exact total', async () => {
    const result = await found({
      dateFrom: '2026-06-08',
      dateTo: '2026-06-12',
      sort: 'price_asc',
      pageSize: 2,
      page: 2,
    });
    expect(result.total).toBe(5);
    expect(result.names).toEqual(['Giulia', 'Ayse']);
  });

  it('counts a changed guide within seconds, though totals of filtered searches are remembered', async () => {
    const { db } = t.database;
    const topRated = { minRating: 4.5, sort: 'price_asc' } as const;
    expect(await found(topRated)).toMatchObject({ names: ['Ayse'], total: 1 });
    expect((await found({ ...topRated, sort: 'newest' })).total).toBe(1);
    try {
      await db.execute(`update guides set rating = 4.6 where id = '${guides.Deniz?.guideId}'`);
      await within(FRESHNESS_MS, topRated, (result) => result.total === 2);
      expect(await found(topRated)).toMatchObject({ names: ['Deniz', 'Ayse'], total: 2 });
    } finally {
      await db.execute(`update guides set rating = 4.2 where id = '${guides.Deniz?.guideId}'`);
    }
    await within(FRESHNESS_MS, topRated, (result) => result.total === 1);
  });

  it('shows what a guide changed within seconds, though the same search answers from memory', async () => {
    const { db } = t.database;
    const body = { languages: ['it'] };
    expect((await found(body)).names).toEqual(['Giulia']);
    try {
      await db.execute(`update users set name = 'Giuliana' where id = '${guides.Giulia?.user.userId}'`);
      await within(FRESHNESS_MS, body, (result) => result.names.includes('Giuliana'));
    } finally {
      await db.execute(`update users set name = 'Giulia' where id = '${guides.Giulia?.user.userId}'`);
    }
    await within(FRESHNESS_MS, body, (result) => result.names.includes('Giulia'));
  });

  it('drops a guide who becomes unavailable from matching results within 5 s, though answers are kept', async () => {
    const week = {
      dateFrom: '2026-06-08',
      dateTo: '2026-06-12',
      location: places.istanbul && { type: 'city' as const, id: places.istanbul.cityId },
    };
    expect((await found(week)).names).toContain('Ayse');
    // Asked again at once: the same answer, from memory.
    expect((await found(week)).names).toContain('Ayse');
    const schedule = (plans: unknown[]) =>
      t.app.inject({
        method: 'PUT',
        url: `${API}/user-guide-operation-public/update-user-guide-work-schedule`,
        headers: guides.Ayse?.user.headers ?? {},
        payload: { plans },
      });
    try {
      // Only a day in July: nothing left that week.
      const changed = await schedule([{ planType: 'special', date: '2026-07-01', startHour: 9, endHour: 17 }]);
      expect(changed.statusCode, changed.body).toBe(200);
      const elapsed = await within(FRESHNESS_MS, week, (result) => !result.names.includes('Ayse'));
      expect(elapsed).toBeLessThan(FRESHNESS_MS);
    } finally {
      const restored = await schedule([{ planType: 'weekly', startHour: 9, endHour: 17, weekdays: [1, 2, 3, 4, 5] }]);
      expect(restored.statusCode, restored.body).toBe(200);
    }
    await within(FRESHNESS_MS, week, (result) => result.names.includes('Ayse'));
  });

  it('never answers with a guide who is no longer public, not even from memory', async () => {
    const bodies: SearchGuides[] = [{}, { languages: ['tr'] }, { sort: 'newest', currency: 'EUR' }];
    for (const body of bodies) {
      expect((await found(body)).names).toContain('Ayse');
      expect((await found(body)).names).toContain('Ayse');
    }
    const status = (value: 'active' | 'inactive') =>
      t.app.inject({
        method: 'POST',
        url: `${API}/user-guide-operation-public/update-user-guide-status?status=${value}`,
        headers: guides.Ayse?.user.headers ?? {},
      });
    try {
      expect((await status('inactive')).statusCode).toBe(200);
      // The very next request of each, with no wait: kept answers that showed her are gone.
      for (const body of bodies) expect((await found(body)).names).not.toContain('Ayse');
    } finally {
      expect((await status('active')).statusCode).toBe(200);
    }
    await within(FRESHNESS_MS, {}, (result) => result.names.includes('Ayse'));
  });

  it('answers 400 to bad input', async () => {
    const bad: SearchGuides[] = [
      { languages: ['xx'] },
      { maxPriceMinor: -100 },
      { maxPriceMinor: 0 },
      { dateFrom: '2026-06-10', dateTo: '2026-06-09' },
      { dateFrom: '2026-06-10' },
      { dateFrom: '2026-06-01', dateTo: '2026-09-01' },
      { pageSize: 51 },
      { page: 0 },
      { minRating: 6 },
      { gender: 'unknown' },
      { serviceTypes: ['no_such_type'] },
      { sort: 'random' as 'rating' },
      { currency: 'GBP' as 'USD' },
      { location: { type: 'city', id: 'not-a-uuid' } },
    ];
    for (const body of bad) {
      const response = await search(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('search-places guide counts', () => {
  it('counts approved, active guides per city and country', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${API}/search-public/search-places?query=istanbul` });
    expect(response.statusCode).toBe(200);
    const data = response.json().data as Array<{ key: string; type: string; guideCount: number }>;
    expect(data.find((place) => place.key === 'istanbul')?.guideCount).toBe(3);
    const turkey = await t.app.inject({ method: 'GET', url: `${API}/search-public/search-places?query=turk` });
    expect(
      (turkey.json().data as Array<{ key: string; guideCount: number }>).find((place) => place.key === 'TR')
        ?.guideCount,
    ).toBe(3);
  });

  it('counts a guide paused meanwhile at once, though the same search answers from memory', async () => {
    const { db } = t.database;
    const istanbulCount = async () => {
      await t.app.deps.searchGeneration.sync();
      const response = await t.app.inject({ method: 'GET', url: `${API}/search-public/search-places?query=istanbul` });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().data as Array<{ key: string; guideCount: number }>).find(
        (place) => place.key === 'istanbul',
      )?.guideCount;
    };
    expect(await istanbulCount()).toBe(3);
    try {
      await db.execute(`update guides set is_active = false where id = '${guides.Deniz?.guideId}'`);
      expect(await istanbulCount()).toBe(2);
    } finally {
      await db.execute(`update guides set is_active = true where id = '${guides.Deniz?.guideId}'`);
    }
    expect(await istanbulCount()).toBe(3);
  });
});
