import type { AverageRates } from '@marco/contract/reviews';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createApprovedGuide, createGuideApplicant, createStaff } from '../../../test/guide-factories.js';
import { guides } from '../../db/schema/index.js';
import { loadRatesPerUsd } from '../reservations/pricing.js';

const URL = '/api/app/average-rate-public/get-average-rates';

let t: TestApp;
let rates: Record<string, number>;

/** `minor` of `from` in `to` minor units, unrounded (the service rounds only the aggregate). */
const exact = (minor: number, from: string, to: string) => (minor / (rates[from] as number)) * (rates[to] as number);

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const staff = await createStaff(t.app, db);
  await createApprovedGuide(t.app, db, {
    staff,
    city: 'istanbul',
    languages: ['tr', 'en'],
    rate: { minor: 5000, currency: 'USD' },
  });
  await createApprovedGuide(t.app, db, {
    staff,
    city: 'istanbul',
    languages: ['en'],
    rate: { minor: 150_000, currency: 'TRY' },
  });
  await createApprovedGuide(t.app, db, {
    staff,
    city: 'rome',
    languages: ['it', 'en'],
    rate: { minor: 4000, currency: 'EUR' },
  });
  // Not counted: an application not yet approved, and a guide who paused their profile.
  await createGuideApplicant(t.app, { city: 'rome', languages: ['it'], rate: { minor: 99_000, currency: 'EUR' } });
  const paused = await createApprovedGuide(t.app, db, {
    staff,
    city: 'rome',
    languages: ['it'],
    rate: { minor: 88_000, currency: 'USD' },
  });
  await db.update(guides).set({ isActive: false }).where(eq(guides.id, paused.guideId));
  rates = await loadRatesPerUsd(db, ['USD', 'TRY', 'EUR']);
});

afterAll(async () => {
  await t?.close();
});

describe('average rates', () => {
  it('averages approved, active guides by city and language, converted into the asked currency', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${URL}?currency=TRY&locale=en` });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as AverageRates;
    expect(body.currency).toBe('TRY');

    const istanbul = [exact(5000, 'USD', 'TRY'), exact(150_000, 'TRY', 'TRY')];
    const rome = exact(4000, 'EUR', 'TRY');
    const round = Math.round;
    expect(body.byCity).toEqual([
      {
        city: expect.objectContaining({ code: 'istanbul', name: 'Istanbul' }),
        country: expect.objectContaining({ code: 'TR' }),
        averageHourlyMinor: round((istanbul[0] as number) / 2 + (istanbul[1] as number) / 2),
        minHourlyMinor: round(Math.min(...istanbul)),
        maxHourlyMinor: round(Math.max(...istanbul)),
        guideCount: 2,
      },
      {
        city: expect.objectContaining({ code: 'rome', name: 'Rome' }),
        country: expect.objectContaining({ code: 'IT' }),
        averageHourlyMinor: round(rome),
        minHourlyMinor: round(rome),
        maxHourlyMinor: round(rome),
        guideCount: 1,
      },
    ]);
    expect(body.overall).toEqual({
      averageHourlyMinor: round(((istanbul[0] as number) + (istanbul[1] as number) + rome) / 3),
      minHourlyMinor: round(Math.min(...istanbul, rome)),
      maxHourlyMinor: round(Math.max(...istanbul, rome)),
      guideCount: 3,
    });
    const byCode = new Map(body.byLanguage.map((entry) => [entry.language.code, entry]));
    expect(body.byLanguage[0]?.language).toMatchObject({ code: 'en', name: 'English' });
    expect(byCode.get('en')?.guideCount).toBe(3);
    expect(byCode.get('tr')).toMatchObject({ guideCount: 1, averageHourlyMinor: round(istanbul[0] as number) });
    expect(byCode.get('it')).toMatchObject({ guideCount: 1, averageHourlyMinor: round(rome) });
  });

  it('answers USD by default, names places in the asked locale, and 400 for an unknown currency', async () => {
    const usd = (await t.app.inject({ method: 'GET', url: `${URL}?locale=tr` })).json() as AverageRates;
    expect(usd.currency).toBe('USD');
    expect(usd.byCity.find((entry) => entry.city.code === 'rome')).toMatchObject({
      city: { name: 'Roma' },
      averageHourlyMinor: Math.round(exact(4000, 'EUR', 'USD')),
    });
    expect(usd.byCity.find((entry) => entry.city.code === 'istanbul')?.maxHourlyMinor).toBe(5000);
    const bad = await t.app.inject({ method: 'GET', url: `${URL}?currency=GBP` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.issues[0].path).toBe('querystring.currency');
  });
});
