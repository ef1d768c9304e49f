import { eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createUser, type TestUser } from '../../../test/factories.js';
import { createApprovedGuide, findPlace } from '../../../test/guide-factories.js';
import { approvedReservation, putAction, requestReservation } from '../../../test/payment-factories.js';
import { ledgerEntries, notifications, payments, reservations } from '../../db/schema/index.js';
import { ManualClock } from '../../platform/clock.js';

/** Monday 1 June 2026; guides work Monday–Friday 9–17 in Istanbul. */
const START = '2026-06-01T06:00:00Z';
const clock = new ManualClock(START);

let t: TestApp;
let cityId: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  cityId = (await findPlace(t.app, 'istanbul')).cityId;
});
afterAll(() => t?.close());

const remove = (user: TestUser) =>
  t.app.inject({
    method: 'DELETE',
    url: '/api/account/my-profile',
    headers: user.headers,
    payload: { password: user.password },
  });

/** Pays on the sandbox checkout. */
async function pay(tourist: TestUser, id: string) {
  const started = await putAction(t.app, tourist, id, 'pay');
  const done = await t.app.inject({
    method: 'POST',
    url: new URL(started.body).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'outcome=succeed',
  });
  expect(done.statusCode).toBe(303);
}

const rowOf = async (id: string) => (await t.database.db.select().from(reservations).where(eq(reservations.id, id)))[0];

describe('deleting an account that has reservations', () => {
  it('cancels and refunds the tourist’s open reservations, erases their contact details and tells the guide', async () => {
    clock.set(START);
    const guide = await createApprovedGuide(t.app, t.database.db);
    const tourist = await createUser(t.app, { name: 'Leaving' });
    const paid = await approvedReservation(t.app, tourist, guide, cityId, '2026-06-08');
    await pay(tourist, paid.id);
    const pending = await requestReservation(t.app, tourist, guide, cityId, '2026-06-09');

    const response = await remove(tourist);
    expect(response.statusCode, response.body).toBe(200);

    for (const id of [paid.id, pending.id]) {
      expect(await rowOf(id)).toMatchObject({
        status: 'cancelled',
        contactPhone: '',
        contactEmail: '',
        noteToGuide: null,
        additionalNotes: null,
      });
    }
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.reservationId, paid.id));
    expect(payment).toMatchObject({ status: 'refunded', refundedMinor: paid.price.totalMinor });
    const told = await t.database.db.select().from(notifications).where(eq(notifications.userId, guide.user.userId));
    expect(told.filter((notice) => notice.kind === 'reservation.cancelled')).toHaveLength(2);
    // The guide still sees the reservations, without the tourist's personal data.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/app/reservation-operations-public/guide/list?group=history',
      headers: guide.user.headers,
    });
    expect(list.json().data.map((entry: { id: string }) => entry.id)).toEqual(
      expect.arrayContaining([paid.id, pending.id]),
    );
  });

  it('lets a guide go: their tourists are refunded in full and the guide’s ledger stays', async () => {
    clock.set(START);
    const guide = await createApprovedGuide(t.app, t.database.db);
    const tourist = await createUser(t.app);
    const done = await approvedReservation(t.app, tourist, guide, cityId, '2026-06-02');
    await pay(tourist, done.id);
    const upcoming = await approvedReservation(t.app, tourist, guide, cityId, '2026-06-03');
    await pay(tourist, upcoming.id);
    clock.set(new Date(new Date(done.endsAt).getTime() + 60_000));
    expect((await putAction(t.app, guide.user, done.id, 'confirm-consumption')).statusCode).toBe(200);

    // Less than 24 h before the start: a guide leaving still refunds the tourist in full.
    expect((await remove(guide.user)).statusCode).toBe(200);
    expect((await rowOf(done.id))?.status).toBe('completed');
    expect((await rowOf(upcoming.id))?.status).toBe('cancelled');
    const ledger = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(or(eq(ledgerEntries.reservationId, done.id), eq(ledgerEntries.reservationId, upcoming.id)));
    expect(ledger.map((entry) => `${entry.account}:${entry.kind}:${entry.amountMinor}`).sort()).toEqual([
      'guide:earning:8500',
      'platform:charge:10000',
      'platform:charge:10000',
      'platform:refund:-10000',
    ]);
    clock.set(START);
  });
});
