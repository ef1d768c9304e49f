import type { CreateReservation, Reservation } from '@marco/contract/reservations';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createUser, type TestUser } from '../../../test/factories.js';
import { createApprovedGuide, createStaff, findPlace, type TestGuide } from '../../../test/guide-factories.js';
import { reservations } from '../../db/schema/index.js';
import { ManualClock } from '../../platform/clock.js';
import { getAvailableHours } from '../guides/availability.js';
import { loadRatesPerUsd } from './pricing.js';

const OPS = '/api/app/reservation-operations-public';
/** A Monday; the guides work Monday–Friday 9–17 (their zone). */
const clock = new ManualClock('2026-06-01T06:00:00Z');

let t: TestApp;
let usdGuide: TestGuide;
let tryGuide: TestGuide;
let tourist: TestUser;
let otherTourist: TestUser;
let cityId: string;

const request = (overrides: Partial<CreateReservation> = {}): CreateReservation => ({
  guideId: usdGuide.guideId,
  cityId,
  dates: ['2026-06-08'],
  startHour: 10,
  endHour: 12,
  meetingPoint: 'Sultanahmet tram stop',
  noteToGuide: 'We are two adults',
  contactPhone: '+905321234567',
  contactEmail: 'traveller@example.com',
  currency: 'USD',
  ...overrides,
});

const create = (user: Pick<TestUser, 'headers'>, body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `${OPS}/create`,
    headers: { ...user.headers, ...headers },
    payload: body as object,
  });
const put = (user: Pick<TestUser, 'headers'>, id: string, action: string, body?: object) =>
  t.app.inject({
    method: 'PUT',
    url: `${OPS}/${id}/${action}`,
    headers: user.headers,
    ...(body ? { payload: body } : {}),
  });
const get = (user: Pick<TestUser, 'headers'>, url: string) =>
  t.app.inject({ method: 'GET', url: `${OPS}/${url}`, headers: user.headers });

async function created(user: TestUser, overrides: Partial<CreateReservation> = {}): Promise<Reservation> {
  const response = await create(user, request(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  const { db } = t.database;
  const staff = await createStaff(t.app, db);
  usdGuide = await createApprovedGuide(t.app, db, { staff, rate: { minor: 5000, currency: 'USD' } });
  tryGuide = await createApprovedGuide(t.app, db, { staff, rate: { minor: 150_000, currency: 'TRY' } });
  tourist = await createUser(t.app, { name: 'Tara' });
  otherTourist = await createUser(t.app, { name: 'Omar' });
  cityId = (await findPlace(t.app, 'istanbul')).cityId;
});

afterAll(async () => {
  await t?.close();
});

describe('create', () => {
  it('stores the request as pending with the price snapshot and one slot per day', async () => {
    const reservation = await created(tourist, {
      dateRange: { from: '2026-06-09', to: '2026-06-10' },
      dates: undefined,
    });
    expect(reservation.status).toBe('pending');
    expect(reservation.slots.map((slot) => slot.date)).toEqual(['2026-06-09', '2026-06-10']);
    expect(reservation.price).toEqual({
      currency: 'USD',
      hourlyRateMinor: 5000,
      vehicleHourlyRateMinor: 0,
      totalHours: 4,
      totalMinor: 20_000,
    });
    expect(reservation.tourist.userId).toBe(tourist.userId);
    expect(reservation.guide.userId).toBe(usdGuide.user.userId);
    const first = reservation.slots[0];
    expect(new Date(first?.endsAt ?? 0).getTime() - new Date(first?.startsAt ?? 0).getTime()).toBe(2 * 3_600_000);
  });

  it('converts the guide rate into the chosen currency', async () => {
    const rates = await loadRatesPerUsd(t.database.db, ['USD', 'TRY']);
    const reservation = await created(tourist, { guideId: tryGuide.guideId, currency: 'USD', dates: ['2026-06-11'] });
    const hourly = Math.round((150_000 * (rates.USD ?? 0)) / (rates.TRY ?? 1));
    expect(reservation.price).toMatchObject({ currency: 'USD', hourlyRateMinor: hourly, totalMinor: 2 * hourly });
  });

  it('answers the first result again for a retried Idempotency-Key', async () => {
    const body = request({ dates: ['2026-06-12'] });
    const first = await create(tourist, body, { 'idempotency-key': 'retry-1' });
    const second = await create(tourist, body, { 'idempotency-key': 'retry-1' });
    expect(first.statusCode, first.body).toBe(200);
    expect(second.json().id).toBe(first.json().id);
    const rows = await t.database.db.select().from(reservations).where(eq(reservations.idempotencyKey, 'retry-1'));
    expect(rows).toHaveLength(1);
    // The same key of another tourist is another request.
    const theirs = await create(otherTourist, body, { 'idempotency-key': 'retry-1' });
    expect(theirs.json().id).not.toBe(first.json().id);
  });

  it.each([
    ['end before start', { startHour: 12, endHour: 10 }],
    ['both dates and a range', { dateRange: { from: '2026-06-08', to: '2026-06-09' } }],
    ['an unknown currency', { currency: 'EUR' }],
    ['a bad e-mail', { contactEmail: 'not-an-email' }],
    ['hours outside the schedule', { startHour: 18, endHour: 20 }],
    ['a weekend day', { dates: ['2026-06-13'] }],
    ['a day in the past', { dates: ['2026-05-29'] }],
    ['a vehicle of nobody', { vehicleId: '00000000-0000-4000-8000-000000000000' }],
  ])('refuses %s with 400', async (_name, overrides) => {
    const response = await create(tourist, request(overrides as Partial<CreateReservation>));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('refuses an unknown guide, reserving oneself and visitors', async () => {
    const unknown = await create(tourist, request({ guideId: '00000000-0000-4000-8000-000000000000' }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('GUIDE_NOT_FOUND');
    const self = await create(usdGuide.user, request());
    expect(self.statusCode).toBe(400);
    const visitor = await t.app.inject({ method: 'POST', url: `${OPS}/create`, payload: request() });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('guide decisions', () => {
  it('accepts, holds the hours, and answers 409 SLOT_TAKEN to an overlapping approval or request', async () => {
    const mine = await created(tourist, { dates: ['2026-06-15'], startHour: 10, endHour: 13 });
    const theirs = await created(otherTourist, { dates: ['2026-06-15'], startHour: 12, endHour: 14 });
    const accepted = await put(usdGuide.user, mine.id, 'accept-by-guide');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().status).toBe('approved');

    const clash = await put(usdGuide.user, theirs.id, 'accept-by-guide');
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.code).toBe('SLOT_TAKEN');
    const lateRequest = await create(otherTourist, request({ dates: ['2026-06-15'], startHour: 9, endHour: 11 }));
    expect(lateRequest.statusCode).toBe(409);
    expect(lateRequest.json().error.code).toBe('SLOT_TAKEN');

    // Back-to-back hours are allowed.
    const after = await created(otherTourist, { dates: ['2026-06-15'], startHour: 13, endHour: 15 });
    expect((await put(usdGuide.user, after.id, 'accept-by-guide')).statusCode).toBe(200);

    // Availability no longer offers the held hours.
    const free = await getAvailableHours(
      t.database.db,
      usdGuide.guideId,
      new Date(mine.slots[0]?.startsAt ?? 0),
      new Date(mine.slots[0]?.endsAt ?? 0),
    );
    expect(free).toEqual([]);
  });

  it('lets only the reservation’s own guide decide, once', async () => {
    const reservation = await created(tourist, { dates: ['2026-06-16'] });
    for (const caller of [tryGuide.user, tourist, otherTourist]) {
      const response = await put(caller, reservation.id, 'accept-by-guide');
      expect(response.statusCode).toBe(404);
    }
    const rejected = await put(usdGuide.user, reservation.id, 'reject-by-guide', { reason: 'I am on holiday' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejectReason: 'I am on holiday' });
    const again = await put(usdGuide.user, reservation.id, 'accept-by-guide');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('INVALID_STATE');
    const rejectAgain = await put(usdGuide.user, reservation.id, 'reject-by-guide', { reason: 'again' });
    expect(rejectAgain.statusCode).toBe(409);
  });

  it('requires a reason to reject and a uuid id', async () => {
    const reservation = await created(tourist, { dates: ['2026-06-17'] });
    expect((await put(usdGuide.user, reservation.id, 'reject-by-guide', { reason: ' ' })).statusCode).toBe(400);
    expect((await put(usdGuide.user, 'not-a-uuid', 'accept-by-guide')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url: `${OPS}/${reservation.id}/accept-by-guide` })).statusCode).toBe(
      401,
    );
  });
});

describe('cancel by tourist', () => {
  it('cancels with a reason, frees the hours, and refuses a second cancel', async () => {
    const reservation = await created(tourist, { dates: ['2026-06-18'] });
    await put(usdGuide.user, reservation.id, 'accept-by-guide');
    const missingText = await put(tourist, reservation.id, 'cancel-by-tourist', { reasonKey: 'other' });
    expect(missingText.statusCode).toBe(400);
    const unknownKey = await put(tourist, reservation.id, 'cancel-by-tourist', { reasonKey: 'bored' });
    expect(unknownKey.statusCode).toBe(400);
    for (const caller of [otherTourist, usdGuide.user]) {
      expect((await put(caller, reservation.id, 'cancel-by-tourist', { reasonKey: 'plans_changed' })).statusCode).toBe(
        404,
      );
    }
    const cancelled = await put(tourist, reservation.id, 'cancel-by-tourist', {
      reasonKey: 'other',
      reasonText: 'Our flight moved',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      status: 'cancelled',
      cancelReasonKey: 'other',
      cancelReasonText: 'Our flight moved',
    });
    const again = await put(tourist, reservation.id, 'cancel-by-tourist', { reasonKey: 'plans_changed' });
    expect(again.statusCode).toBe(409);
    // The hours are free again: another request for them can be approved.
    const next = await created(otherTourist, { dates: ['2026-06-18'] });
    expect((await put(usdGuide.user, next.id, 'accept-by-guide')).statusCode).toBe(200);
  });
});

describe('confirm consumption', () => {
  it('completes a paid tour only after its end, and only by its guide', async () => {
    const reservation = await created(tourist, { dates: ['2026-06-19'] });
    expect((await put(usdGuide.user, reservation.id, 'confirm-consumption')).statusCode).toBe(409);
    await put(usdGuide.user, reservation.id, 'accept-by-guide');
    expect((await put(usdGuide.user, reservation.id, 'confirm-consumption')).json().error.code).toBe('INVALID_STATE');
    // Payment is the provider webhook's job (not built yet); the test puts the row in 'paid'.
    await t.database.db.update(reservations).set({ status: 'paid' }).where(eq(reservations.id, reservation.id));
    expect((await put(usdGuide.user, reservation.id, 'confirm-consumption')).statusCode).toBe(409);
    const saved = clock.now();
    clock.set(reservation.endsAt);
    try {
      expect((await put(tourist, reservation.id, 'confirm-consumption')).statusCode).toBe(404);
      expect((await put(tryGuide.user, reservation.id, 'confirm-consumption')).statusCode).toBe(404);
      const done = await put(usdGuide.user, reservation.id, 'confirm-consumption');
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().status).toBe('completed');
    } finally {
      clock.set(saved);
    }
  });
});

describe('notifications', () => {
  it('tells the guide of a new request and the tourist of the decision', async () => {
    const traveller = await createUser(t.app, { name: 'Nora' });
    const kinds = async (user: TestUser, reservationId: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/app/notification-public/get-notifications?limit=50',
        headers: user.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().data as Array<{ kind: string; payload: { reservationId?: string } }>)
        .filter((entry) => entry.payload.reservationId === reservationId)
        .map((entry) => entry.kind)
        .sort();
    };
    const reservation = await created(traveller, { guideId: tryGuide.guideId, dates: ['2026-06-25'] });
    expect(await kinds(tryGuide.user, reservation.id)).toEqual(['reservation.requested']);
    await put(tryGuide.user, reservation.id, 'accept-by-guide');
    expect(await kinds(traveller, reservation.id)).toEqual(['reservation.approved']);
    await put(traveller, reservation.id, 'cancel-by-tourist', { reasonKey: 'plans_changed' });
    // Same clock instant: compared without order.
    expect(await kinds(tryGuide.user, reservation.id)).toEqual(['reservation.cancelled', 'reservation.requested']);
  });
});

describe('lists and details', () => {
  it('shows each side only its own reservations, by group and paged', async () => {
    const lister = await createUser(t.app, { name: 'Lena' });
    const a = await created(lister, { guideId: tryGuide.guideId, dates: ['2026-06-22'] });
    const b = await created(lister, { guideId: tryGuide.guideId, dates: ['2026-06-23'] });
    const c = await created(lister, { guideId: tryGuide.guideId, dates: ['2026-06-24'] });
    await put(tryGuide.user, b.id, 'accept-by-guide');
    await put(tryGuide.user, c.id, 'reject-by-guide', { reason: 'busy' });

    const ids = async (user: TestUser, url: string) => {
      const response = await get(user, url);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().data as Reservation[]).map((entry) => entry.id);
    };
    expect(await ids(lister, 'tourist/list')).toEqual([a.id, b.id, c.id]);
    expect(await ids(lister, 'tourist/list?group=awaiting')).toEqual([a.id]);
    expect(await ids(lister, 'tourist/list?group=active')).toEqual([b.id]);
    expect(await ids(lister, 'tourist/list?group=history')).toEqual([c.id]);
    const page = (await get(lister, 'tourist/list?page=2&pageSize=2')).json();
    expect(page).toMatchObject({ page: 2, pageSize: 2, total: 3 });
    expect(page.data.map((entry: Reservation) => entry.id)).toEqual([c.id]);
    expect(await ids(lister, 'guide/list')).toEqual([]);
    expect(await ids(tryGuide.user, 'guide/list?group=awaiting')).toContain(a.id);
    expect(await ids(usdGuide.user, 'guide/list')).not.toContain(a.id);
    expect((await get(lister, 'tourist/list?group=all')).statusCode).toBe(400);
    expect((await get(lister, 'tourist/list?pageSize=51')).statusCode).toBe(400);

    expect((await get(lister, `tourist/${a.id}`)).json().id).toBe(a.id);
    expect((await get(tryGuide.user, `guide/${a.id}`)).json().contactEmail).toBe('traveller@example.com');
    for (const [user, url] of [
      [otherTourist, `tourist/${a.id}`],
      [lister, `guide/${a.id}`],
      [usdGuide.user, `guide/${a.id}`],
      [tryGuide.user, `tourist/${a.id}`],
    ] as const) {
      expect((await get(user, url)).statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: `${OPS}/tourist/list` })).statusCode).toBe(401);
  });
});
