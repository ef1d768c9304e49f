import { DISPUTE_PATHS } from '@marco/contract/disputes';
import type { OverviewWeek, StaffOverview } from '@marco/contract/overview';
import type { Reservation } from '@marco/contract/reservations';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createUser, type TestUser } from '../../../test/factories.js';
import { createApprovedGuide, findPlace, type TestGuide } from '../../../test/guide-factories.js';
import { OPS, payOnSandbox, putAction } from '../../../test/payment-factories.js';
import { createStaff, type TestStaff } from '../../../test/staff-factories.js';
import { reservations } from '../../db/schema/index.js';
import { ManualClock } from '../../platform/clock.js';
import { isoWeekOf, isoWeekStart } from './staff-overview.js';

/**
 * The data set, week by week (ISO weeks, UTC); the guide charges 50 USD an hour and every
 * reservation is 2 hours (100.00 USD, or 4150.00 TRY at the seeded 41.5):
 * - 2026-W10, outside the twelve weeks: one request (made now, dated back, as sessions do not
 *   last the three months between).
 * - 2026-W22: three requests: one paid in USD, one paid in TRY, one the traveller cancels;
 *   after the USD tour the traveller reports a problem with it.
 * - 2026-W23 (the current week): one request; the USD tour of W22 is confirmed, so its 15 %
 *   commission (15.00 USD) is credited this week.
 */
const clock = new ManualClock('2026-05-26T08:00:00Z');
const OVERVIEW = '/api/app/staff/overview';

let t: TestApp;
let guide: TestGuide;
let tourist: TestUser;
let support: TestStaff;
let finance: TestStaff;
let admin: TestStaff;
let notEnrolled: TestStaff;
let cityId: string;

const get = (user: Pick<TestUser, 'headers'> | null) =>
  t.app.inject({ method: 'GET', url: OVERVIEW, headers: user?.headers ?? {} });

async function request(date: string, currency: 'USD' | 'TRY', startHour = 10): Promise<Reservation> {
  const response = await t.app.inject({
    method: 'POST',
    url: `${OPS}/create`,
    headers: tourist.headers,
    payload: {
      guideId: guide.guideId,
      cityId,
      dates: [date],
      startHour,
      endHour: startHour + 2,
      meetingPoint: 'Galata Tower entrance',
      contactPhone: '+905321234567',
      contactEmail: 'traveller@example.com',
      currency,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function paid(date: string, currency: 'USD' | 'TRY'): Promise<Reservation> {
  const reservation = await request(date, currency);
  const accepted = await putAction(t.app, guide.user, reservation.id, 'accept-by-guide');
  expect(accepted.statusCode, accepted.body).toBe(200);
  await payOnSandbox(t.app, tourist, reservation.id);
  return reservation;
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  const { db } = t.database;
  [support, finance, admin, notEnrolled, tourist] = await Promise.all([
    createStaff(t.app, db, { roles: ['support'] }),
    createStaff(t.app, db, { roles: ['finance'] }),
    createStaff(t.app, db, { roles: ['admin'] }),
    createStaff(t.app, db, { roles: ['support'], enrol: false }),
    createUser(t.app, { name: 'Tara' }),
  ]);
  guide = await createApprovedGuide(t.app, db, {
    staff: support,
    name: 'Week',
    rate: { minor: 5000, currency: 'USD' },
  });
  cityId = (await findPlace(t.app, 'istanbul')).cityId;

  const old = await request('2026-06-05', 'USD', 14);
  await db
    .update(reservations)
    .set({ createdAt: new Date('2026-03-04T09:00:00Z') })
    .where(eq(reservations.id, old.id));

  const usd = await paid('2026-05-28', 'USD');
  await paid('2026-05-29', 'TRY');
  const dropped = await request('2026-05-27', 'USD', 13);
  const cancelled = await putAction(t.app, tourist, dropped.id, 'cancel-by-tourist', { reasonKey: 'plans_changed' });
  expect(cancelled.statusCode, cancelled.body).toBe(200);

  clock.set('2026-06-01T08:00:00Z');
  const confirmed = await putAction(t.app, guide.user, usd.id, 'confirm-consumption');
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const reported = await t.app.inject({
    method: 'POST',
    url: DISPUTE_PATHS.open,
    headers: tourist.headers,
    payload: { reservationId: usd.id, reason: 'late_or_short', text: 'The tour ended an hour early.' },
  });
  expect(reported.statusCode, reported.body).toBe(201);
  await request('2026-06-03', 'USD');
}, 180_000);

afterAll(async () => {
  await t?.close();
});

const money = (week: OverviewWeek, currency: string) => week.money.find((item) => item.currency === currency);

describe('who may read the overview', () => {
  it('answers 401 to visitors and 403 to travellers, guides and staff without the second factor', async () => {
    expect((await get(null)).statusCode).toBe(401);
    for (const user of [tourist, guide.user, notEnrolled]) {
      const response = await get(user);
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().error.code).toBe('FORBIDDEN');
    }
  });

  it('opens it to support, finance and admin', async () => {
    for (const user of [support, finance, admin]) expect((await get(user)).statusCode).toBe(200);
  });
});

describe('the figures of the last twelve weeks', () => {
  it('counts bookings, cancellations, payments and commission in the ISO week (UTC) they happened', async () => {
    const response = await get(finance);
    expect(response.statusCode, response.body).toBe(200);
    const { weeks } = response.json() as StaffOverview;
    expect(weeks).toHaveLength(12);
    expect(weeks[0]).toMatchObject({ weekStart: '2026-03-16', isoWeek: '2026-W12', bookings: 0 });
    expect(weeks.map((week) => week.bookings)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 1]);

    const [lastWeek, thisWeek] = weeks.slice(-2) as [OverviewWeek, OverviewWeek];
    expect(lastWeek).toMatchObject({
      weekStart: '2026-05-25',
      isoWeek: '2026-W22',
      bookings: 3,
      cancelled: 1,
      disputed: 1,
    });
    expect(lastWeek.cancellationRate).toBeCloseTo(1 / 3);
    expect(lastWeek.disputeRate).toBeCloseTo(1 / 3);
    expect(lastWeek.money).toEqual([
      { currency: 'USD', grossMinor: 10_000, commissionMinor: 0 },
      { currency: 'TRY', grossMinor: 415_000, commissionMinor: 0 },
      { currency: 'EUR', grossMinor: 0, commissionMinor: 0 },
    ]);

    expect(thisWeek).toMatchObject({ weekStart: '2026-06-01', isoWeek: '2026-W23', bookings: 1, cancelled: 0 });
    expect(thisWeek).toMatchObject({ cancellationRate: 0, disputed: 0, disputeRate: 0 });
    expect(money(thisWeek, 'USD')).toEqual({ currency: 'USD', grossMinor: 0, commissionMinor: 1500 });

    expect(weeks[3]).toMatchObject({ cancellationRate: null, disputeRate: null });
  });
});

describe('ISO weeks', () => {
  it('starts a week on Monday (UTC) and names it by the year of its Thursday', () => {
    expect(isoWeekStart(new Date('2026-06-07T23:59:59Z')).toISOString()).toBe('2026-06-01T00:00:00.000Z');
    expect(isoWeekStart(new Date('2026-06-08T00:00:00Z')).toISOString()).toBe('2026-06-08T00:00:00.000Z');
    expect(isoWeekOf(new Date('2024-12-30T00:00:00Z'))).toBe('2025-W01');
    expect(isoWeekOf(new Date('2026-12-28T00:00:00Z'))).toBe('2026-W53');
    expect(isoWeekOf(new Date('2027-01-04T00:00:00Z'))).toBe('2027-W01');
  });
});
