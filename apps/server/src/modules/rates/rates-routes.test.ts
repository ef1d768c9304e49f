import type { ExchangeRates } from '@marco/contract/rates';
import type { GuideCard } from '@marco/contract/search';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createUser, type TestUser } from '../../../test/factories.js';
import { createApprovedGuide, findPlace, type TestGuide } from '../../../test/guide-factories.js';
import { requestReservation } from '../../../test/payment-factories.js';
import { createStaff, STAFF_API, type TestStaff } from '../../../test/staff-factories.js';
import { auditLog, reservations } from '../../db/schema/index.js';
import { ManualClock } from '../../platform/clock.js';
import { runExclusively } from '../../platform/scheduler/index.js';
import { exchangeRatesJob } from './apply-due-rates.js';

/** Monday 1 June 2026; the guides work Monday–Friday 9–17 in Istanbul (UTC+3). */
const clock = new ManualClock('2026-06-01T06:00:00Z');
const RATES = `${STAFF_API}/rates`;
const SEARCH = '/api/app/search-public/search-guides-public';
const CURRENCIES = '/api/app/currency-public/get-currency-public';

let t: TestApp;
let traveller: TestUser;
let support: TestStaff;
let finance: TestStaff;
let admin: TestStaff;
let notEnrolled: TestStaff;
let guide: TestGuide;
let cityId: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  const { db } = t.database;
  [traveller, support, finance, admin, notEnrolled] = await Promise.all([
    createUser(t.app),
    createStaff(t.app, db, { roles: ['support'] }),
    createStaff(t.app, db, { roles: ['finance'], name: 'Fatma' }),
    createStaff(t.app, db, { roles: ['admin'] }),
    createStaff(t.app, db, { roles: ['finance'], enrol: false }),
  ]);
  // 4150.00 TRY an hour: 100 USD, 86 EUR at the seeded rates (1 USD = 41.5 TRY = 0.86 EUR).
  guide = await createApprovedGuide(t.app, db, {
    staff: support,
    name: 'Rate',
    rate: { minor: 415_000, currency: 'TRY' },
  });
  cityId = (await findPlace(t.app, 'istanbul')).cityId;
}, 120_000);
afterAll(() => t.close());

const as = (user: Pick<TestUser, 'headers'> | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });

const ratesNow = async (): Promise<ExchangeRates> => {
  const response = await as(finance, 'GET', RATES);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const inForce = async (currency: string) =>
  (await ratesNow()).current.find((rate) => rate.currency === currency)?.unitsPerUsd;
const auditCount = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]?.n;

/** The guide's card price in `currency`, searched again (as a reload would) until it is `expected`. */
async function cardPriceBecomes(currency: 'EUR' | 'USD' | 'TRY', expected: number) {
  const deadline = performance.now() + 5_000;
  for (;;) {
    const response = await as(null, 'POST', SEARCH, { currency, pageSize: 50 });
    const card = (response.json().data as GuideCard[]).find((item) => item.name === 'Rate');
    if (card?.priceMinor === expected) return;
    if (performance.now() > deadline)
      throw new Error(`the card shows ${card?.priceMinor} ${currency}, not ${expected}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('who may use the rates', () => {
  const routes = [
    { name: 'GET /staff/rates', method: 'GET' as const, url: RATES },
    { name: 'POST /staff/rates', method: 'POST' as const, url: RATES, payload: { currency: 'EUR', unitsPerUsd: 0.9 } },
    {
      name: 'POST /staff/rates/import',
      method: 'POST' as const,
      url: `${RATES}/import`,
      payload: { csv: 'currency,units_per_usd,effective_at\nEUR,0.9,' },
    },
  ];
  for (const route of routes) {
    it(`${route.name}: 401 for visitors, 403 for travellers, guides, support and finance without the second factor`, async () => {
      const before = await auditCount();
      expect((await as(null, route.method, route.url, route.payload)).statusCode).toBe(401);
      for (const user of [traveller, guide.user, support, notEnrolled]) {
        const response = await as(user, route.method, route.url, route.payload);
        expect(response.statusCode, response.body).toBe(403);
        expect(response.json().error.code).toBe('FORBIDDEN');
      }
      expect(await auditCount()).toBe(before);
    });
  }

  it('opens them to finance and admin', async () => {
    expect((await as(finance, 'GET', RATES)).statusCode).toBe(200);
    expect((await as(admin, 'GET', RATES)).statusCode).toBe(200);
  });
});

describe('setting a rate', () => {
  it('puts it in force at once: kept currency lists, search prices and the audit log follow', async () => {
    await cardPriceBecomes('EUR', 8600);
    // Read once, so the list is kept and must be dropped by the change.
    expect(
      (await as(null, 'GET', CURRENCIES)).json().data.find((c: { code: string }) => c.code === 'EUR').unitsPerUsd,
    ).toBe(0.86);

    const response = await as(finance, 'POST', RATES, { currency: 'EUR', unitsPerUsd: 0.9 });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as ExchangeRates;
    expect(answer.current.find((rate) => rate.currency === 'EUR')).toEqual({
      currency: 'EUR',
      unitsPerUsd: 0.9,
      since: clock.now().toISOString(),
    });
    expect(answer.history.data[0]).toMatchObject({
      currency: 'EUR',
      unitsPerUsd: 0.9,
      source: 'form',
      createdBy: { userId: finance.userId, name: 'Fatma Yılmaz' },
    });

    const deadline = performance.now() + 5_000;
    for (;;) {
      const list = (await as(null, 'GET', CURRENCIES)).json();
      if (list.data.find((c: { code: string }) => c.code === 'EUR').unitsPerUsd === 0.9) break;
      if (performance.now() > deadline) throw new Error('the kept currency list still shows the old rate');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await cardPriceBecomes('EUR', 9000);

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'exchange_rate.set'))
      .orderBy(sql`${auditLog.at} desc`)
      .limit(1);
    expect(entry).toMatchObject({
      actorUserId: finance.userId,
      actorRoles: ['finance'],
      targetType: 'currency',
      targetId: 'EUR',
      before: { inForce: { EUR: 0.86 } },
    });
    expect(entry?.after).toMatchObject({ rates: [{ currency: 'EUR', unitsPerUsd: 0.9 }] });
  });

  it('refuses a rate of zero, a negative one, the dollar itself and too many decimals with 400, changing nothing', async () => {
    const before = { eur: await inForce('EUR'), audit: await auditCount(), total: (await ratesNow()).history.total };
    for (const body of [
      { currency: 'EUR', unitsPerUsd: 0 },
      { currency: 'EUR', unitsPerUsd: -1.5 },
      { currency: 'USD', unitsPerUsd: 2 },
      { currency: 'EUR', unitsPerUsd: 0.1234567 },
      { currency: 'EUR', unitsPerUsd: 0.9, effectiveAt: 'tomorrow' },
    ]) {
      const response = await as(finance, 'POST', RATES, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect(await inForce('EUR')).toBe(before.eur);
    expect(await auditCount()).toBe(before.audit);
    expect((await ratesNow()).history.total).toBe(before.total);
  });

  it('keeps a rate with a later effective time scheduled until then, and puts it in force without a restart', async () => {
    const effectiveAt = new Date(clock.now().getTime() + 60 * 60_000).toISOString();
    const response = await as(finance, 'POST', RATES, { currency: 'EUR', unitsPerUsd: 0.95, effectiveAt });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as ExchangeRates;
    expect(answer.scheduled).toEqual([expect.objectContaining({ currency: 'EUR', unitsPerUsd: 0.95, effectiveAt })]);
    expect(answer.current.find((rate) => rate.currency === 'EUR')?.unitsPerUsd).toBe(0.9);

    const job = exchangeRatesJob({ clock });
    const { searchGeneration } = t.app.deps;
    await searchGeneration.sync();
    const generation = searchGeneration.current();
    await runExclusively(t.database.db, job.lockKey, job.run);
    expect(await inForce('EUR')).toBe(0.9);
    // Nothing due: kept searches and rendered pages stay (no write to the rates, no notification).
    await searchGeneration.sync();
    expect(searchGeneration.current()).toBe(generation);

    clock.advance(61 * 60);
    await runExclusively(t.database.db, job.lockKey, job.run);
    const after = await ratesNow();
    expect(after.current.find((rate) => rate.currency === 'EUR')).toEqual({
      currency: 'EUR',
      unitsPerUsd: 0.95,
      since: effectiveAt,
    });
    expect(after.scheduled).toEqual([]);
    await cardPriceBecomes('EUR', 9500);
  });

  it('lists the history newest first, paged', async () => {
    const first = await as(finance, 'GET', `${RATES}?page=1&pageSize=1`);
    const body = first.json() as ExchangeRates;
    expect(body.history).toMatchObject({ page: 1, pageSize: 1, total: 2 });
    expect(body.history.data.map((change) => change.unitsPerUsd)).toEqual([0.95]);
    const second = (await as(finance, 'GET', `${RATES}?page=2&pageSize=1`)).json() as ExchangeRates;
    expect(second.history.data.map((change) => change.unitsPerUsd)).toEqual([0.9]);
    expect((await as(finance, 'GET', `${RATES}?pageSize=1000`)).statusCode).toBe(400);
  });
});

describe('importing a CSV', () => {
  it('imports nothing from a file with any bad line, and names each bad line', async () => {
    const before = { try: await inForce('TRY'), audit: await auditCount(), total: (await ratesNow()).history.total };
    const csv = ['currency,units_per_usd,effective_at', 'TRY,42.1,', 'EUR,0,', 'GBP,1.2,', 'EUR,abc,'].join('\n');
    const response = await as(admin, 'POST', `${RATES}/import`, { csv });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.details.lines.map((problem: { line: number; code: string }) => [problem.line, problem.code])).toEqual([
      [3, 'rate'],
      [4, 'currency'],
      [5, 'rate'],
    ]);
    expect(await inForce('TRY')).toBe(before.try);
    expect(await auditCount()).toBe(before.audit);
    expect((await ratesNow()).history.total).toBe(before.total);

    const wrongHeader = await as(admin, 'POST', `${RATES}/import`, { csv: 'code,rate\nTRY,42' });
    expect(wrongHeader.json().error.details.lines).toEqual([
      { line: 1, code: 'header', message: expect.stringContaining('currency') },
    ]);
  });

  it('imports every line of a good file in one go, scheduled ones included', async () => {
    const later = new Date(clock.now().getTime() + 24 * 60 * 60_000).toISOString();
    const csv = `\uFEFFcurrency,units_per_usd,effective_at\r\nTRY,42.25,\r\nEUR,0.93,${later}\r\n`;
    const response = await as(admin, 'POST', `${RATES}/import`, { csv });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ imported: 2 });
    const rates = await ratesNow();
    expect(rates.current.find((rate) => rate.currency === 'TRY')?.unitsPerUsd).toBe(42.25);
    expect(rates.scheduled.map((change) => [change.currency, change.unitsPerUsd, change.source])).toEqual([
      ['EUR', 0.93, 'csv'],
    ]);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'exchange_rate.import'));
    expect(entry).toMatchObject({ actorUserId: admin.userId, targetId: 'TRY EUR' });
  });
});

describe('reservations', () => {
  it('keep the rate they were made with when finance changes it', async () => {
    const reservation = await requestReservation(t.app, traveller, guide, cityId, '2026-06-09');
    const tryRate = (await inForce('TRY')) as number;
    // 4150.00 TRY an hour at 42.25 TRY per USD, two hours.
    expect(reservation.price).toMatchObject({ currency: 'USD', totalMinor: 2 * Math.round(415_000 / tryRate) });
    expect((await as(finance, 'POST', RATES, { currency: 'TRY', unitsPerUsd: 50 })).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(reservations).where(eq(reservations.id, reservation.id));
    expect(row?.exchangeRates).toEqual({ USD: 1, TRY: tryRate });
    expect(row?.totalMinor).toBe(reservation.price.totalMinor);
  });
});
