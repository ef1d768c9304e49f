import type { DeskReservationDetail, DeskSearchResult } from '@marco/contract/desk';
import type { Reservation } from '@marco/contract/reservations';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createUser, type TestUser } from '../../../test/factories.js';
import { createApprovedGuide, findPlace, type TestGuide } from '../../../test/guide-factories.js';
import { approvedReservation, payOnSandbox, putAction } from '../../../test/payment-factories.js';
import { createStaff, type TestStaff } from '../../../test/staff-factories.js';
import { auditLog, ledgerEntries, paymentRefunds, payments } from '../../db/schema/index.js';
import { ManualClock } from '../../platform/clock.js';
import { reservationSweepJob } from '../reservations/sweep.js';

/** Monday 1 June 2026; the guide works Monday–Friday 9–17 in Istanbul (UTC+3), 50 USD an hour. */
const START = '2026-06-01T06:00:00Z';
const clock = new ManualClock(START);
const DESK = '/api/app/staff/reservations';

let t: TestApp;
let guide: TestGuide;
let tourist: TestUser;
let support: TestStaff;
let finance: TestStaff;
let cityId: string;
/** The sandbox adapter's refund fails while this is above zero (counting down), as a provider timing out would. */
let failingRefunds = 0;
const refundCalls: Array<{ amountMinor: number; idempotencyKey: string }> = [];

beforeAll(async () => {
  t = await createTestApp({ clock, env: { SUPPORT_REFUND_LIMIT_USD_MINOR: '3000' } });
  // Only the outside world is faked: the payment adapter's refund call, in front of the real sandbox.
  const provider = t.app.deps.payments;
  const refund = provider.refund.bind(provider);
  provider.refund = async (input) => {
    refundCalls.push({ amountMinor: input.amountMinor, idempotencyKey: input.idempotencyKey });
    if (failingRefunds > 0) {
      failingRefunds -= 1;
      throw new Error('The payment provider did not answer in time');
    }
    return refund(input);
  };
  [support, finance] = await Promise.all([
    createStaff(t.app, t.database.db, { roles: ['support'], name: 'Sanne' }),
    createStaff(t.app, t.database.db, { roles: ['finance'], name: 'Femi' }),
  ]);
  guide = await createApprovedGuide(t.app, t.database.db, {
    staff: support,
    name: 'Deniz',
    surname: 'Kaya',
    rate: { minor: 5000, currency: 'USD' },
  });
  tourist = await createUser(t.app, { name: 'Tara', surname: 'Quillfeather' });
  cityId = (await findPlace(t.app, 'istanbul')).cityId;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const get = (user: Pick<TestUser, 'headers'> | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
const post = (user: Pick<TestUser, 'headers'> | null, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: user?.headers ?? {}, payload });
const story = async (id: string): Promise<DeskReservationDetail> => {
  const response = await get(support, `${DESK}/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

/** A 2-hour reservation (100.00 USD) paid on the sandbox checkout. */
async function paidReservation(date: string): Promise<Reservation> {
  const reservation = await approvedReservation(t.app, tourist, guide, cityId, date);
  await payOnSandbox(t.app, tourist, reservation.id);
  return reservation;
}

describe('who may use the reservation desk', () => {
  it('answers 401 to visitors and 403 to travellers, guides and staff without the role', async () => {
    const reservation = await approvedReservation(t.app, tourist, guide, cityId, '2026-06-02');
    const routes = [
      { method: 'GET', url: DESK, wrongRole: null },
      { method: 'GET', url: `${DESK}/${reservation.id}`, wrongRole: null },
      {
        method: 'POST',
        url: `${DESK}/${reservation.id}/cancel`,
        body: { onBehalfOf: 'guide', reason: 'Guide ill' },
        wrongRole: finance,
      },
      {
        method: 'POST',
        url: `${DESK}/${reservation.id}/refunds`,
        body: { amountMinor: 100, reason: 'Late start' },
        wrongRole: null,
      },
    ] as const;
    for (const route of routes) {
      const send = (user: Pick<TestUser, 'headers'> | null) =>
        route.method === 'GET' ? get(user, route.url) : post(user, route.url, 'body' in route ? route.body : {});
      expect((await send(null)).statusCode, route.url).toBe(401);
      for (const user of [tourist, guide.user, ...(route.wrongRole ? [route.wrongRole] : [])]) {
        const refused = await send(user);
        expect(refused.statusCode, `${route.method} ${route.url}`).toBe(403);
        expect(refused.json().error.code).toBe('FORBIDDEN');
      }
    }
    // Nothing those calls tried happened.
    expect((await story(reservation.id)).reservation.status).toBe('approved');
  });
});

describe('finding reservations', () => {
  it('finds by id, name, phone, status, payment state and start dates, paged and sorted', async () => {
    const paid = await paidReservation('2026-06-03');
    const open = await approvedReservation(t.app, tourist, guide, cityId, '2026-06-04');
    const search = async (query: string): Promise<DeskSearchResult> => {
      const response = await get(support, `${DESK}?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const ids = (result: DeskSearchResult) => result.data.map((row) => row.id);

    expect(ids(await search(`q=${paid.id}`))).toEqual([paid.id]);
    const byName = await search('q=quillfeath&sort=starts_asc');
    expect(ids(byName)).toEqual(expect.arrayContaining([paid.id, open.id]));
    expect(byName.data.find((row) => row.id === paid.id)).toMatchObject({
      status: 'paid',
      paymentState: 'paid',
      totalMinor: 10_000,
      traveller: { name: 'Tara Quillfeather', phoneNumber: tourist.phone },
      guide: { name: 'Deniz Kaya', guideId: guide.guideId },
    });
    expect(ids(await search(`q=${encodeURIComponent(tourist.phone)}&from=2026-06-03&to=2026-06-03`))).toEqual([
      paid.id,
    ]);
    expect(ids(await search('q=deniz%20kaya&paymentState=paid&from=2026-06-03&to=2026-06-04'))).toEqual([paid.id]);
    expect(ids(await search(`guideId=${guide.guideId}&status=approved&from=2026-06-04&to=2026-06-04`))).toEqual([
      open.id,
    ]);
    expect((await search('q=nobody-is-called-this')).total).toBe(0);
    const paged = await search('q=quillfeather&sort=starts_desc&pageSize=1&page=2');
    expect(paged.data).toHaveLength(1);
    expect(paged.total).toBeGreaterThanOrEqual(2);
    expect((await get(support, `${DESK}?from=2026-06-05&to=2026-06-01`)).statusCode).toBe(400);
  });
});

describe('a reservation on the desk', () => {
  it('shows the status history with who and when, payments with provider ids, provider events, notifications and the message count', async () => {
    const reservation = await paidReservation('2026-06-05');
    const detail = await story(reservation.id);
    expect(detail.timeline.map((change) => [change.from, change.to, change.actor.role])).toEqual([
      [null, 'pending', 'tourist'],
      ['pending', 'approved', 'guide'],
      ['approved', 'payment_pending', 'tourist'],
      ['payment_pending', 'paid', 'provider'],
    ]);
    expect(detail.timeline[0]?.actor.name).toBe('Tara Quillfeather');
    expect(detail.payments).toMatchObject([
      { status: 'paid', amountMinor: 10_000, providerPaymentId: expect.any(String) },
    ]);
    expect(detail.paymentEvents.map((event) => event.type)).toContain('checkout.session.completed');
    expect(detail.notifications.map((notice) => [notice.kind, notice.recipient])).toEqual(
      expect.arrayContaining([
        ['reservation.approved', 'tourist'],
        ['reservation.paid', 'guide'],
      ]),
    );
    expect(detail).toMatchObject({ messageCount: 0, refundableMinor: 10_000, supportRefundLimitMinor: 3000 });
    expect(detail).not.toHaveProperty('messages');
  });

  it('cancels on behalf of the guide with a reason: full refund, both told, on the record', async () => {
    const reservation = await paidReservation('2026-06-08');
    const response = await post(support, `${DESK}/${reservation.id}/cancel`, {
      onBehalfOf: 'guide',
      reason: 'The guide called in sick',
    });
    expect(response.statusCode, response.body).toBe(200);
    const detail: DeskReservationDetail = response.json();
    expect(detail.reservation).toMatchObject({ status: 'cancelled', paymentState: 'refunded', refundedMinor: 10_000 });
    expect(detail.timeline.at(-1)).toMatchObject({
      from: 'paid',
      to: 'cancelled',
      actor: { role: 'staff', userId: support.userId, name: expect.stringContaining('Sanne') },
      reason: 'The guide called in sick',
    });
    expect(detail.refunds).toMatchObject([
      { amountMinor: 10_000, cause: 'cancellation', providerRefundId: expect.stringMatching(/^re_sandbox_/) },
    ]);
    expect(detail.notifications.map((notice) => [notice.kind, notice.recipient])).toEqual(
      expect.arrayContaining([
        ['reservation.cancelled', 'tourist'],
        ['reservation.cancelled', 'guide'],
        ['reservation.refunded', 'tourist'],
      ]),
    );
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'reservation.cancel'), eq(auditLog.targetId, reservation.id)));
    expect(entry).toMatchObject({
      actorUserId: support.userId,
      before: { status: 'paid' },
      after: { status: 'cancelled', onBehalfOf: 'guide', refundedMinor: 10_000 },
    });
    const again = await post(support, `${DESK}/${reservation.id}/cancel`, { onBehalfOf: 'tourist', reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('INVALID_STATE');
  });
});

describe('refunding from the desk', () => {
  const ledgerOf = async (reservationId: string) =>
    (
      await t.database.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.reservationId, reservationId))
        .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id))
    )
      .map((entry) => `${entry.account}:${entry.kind}:${entry.amountMinor}`)
      // Movements of one instant (the test's clock stands still) have no order among themselves.
      .sort();
  const refund = (staff: TestStaff, id: string, amountMinor: number, reason = 'The tour started an hour late') =>
    post(staff, `${DESK}/${id}/refunds`, { amountMinor, reason });

  it('refunds in parts; above the support limit needs finance; more than remains is 409 and changes nothing', async () => {
    const reservation = await paidReservation('2026-06-09');
    const first = await refund(support, reservation.id, 2500);
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json() as DeskReservationDetail).reservation).toMatchObject({
      paymentState: 'partially_refunded',
      refundedMinor: 2500,
    });

    const tooMuchForSupport = await refund(support, reservation.id, 4000);
    expect(tooMuchForSupport.statusCode).toBe(403);
    expect(tooMuchForSupport.json().error.code).toBe('REFUND_NEEDS_FINANCE');

    // A second later: refunds of one instant have no order among themselves.
    clock.advance(1);
    const byFinance = await refund(finance, reservation.id, 4000);
    expect(byFinance.statusCode, byFinance.body).toBe(200);
    const before = await story(reservation.id);
    expect(before.refundableMinor).toBe(3500);

    const overRemaining = await refund(finance, reservation.id, 3501);
    expect(overRemaining.statusCode).toBe(409);
    expect(overRemaining.json().error).toMatchObject({
      code: 'REFUND_EXCEEDS_REMAINING',
      details: { remainingMinor: 3500 },
    });
    expect(await story(reservation.id)).toEqual(before);
    expect(await ledgerOf(reservation.id)).toEqual([
      'platform:charge:10000',
      'platform:refund:-2500',
      'platform:refund:-4000',
    ]);
    expect(before.refunds.map((row) => [row.amountMinor, row.cause, row.requestedBy?.userId])).toEqual([
      [2500, 'staff', support.userId],
      [4000, 'staff', finance.userId],
    ]);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'reservation.refund'), eq(auditLog.targetId, reservation.id)));
    expect(audit.map((entry) => entry.actorUserId).sort()).toEqual([support.userId, finance.userId].sort());

    const rest = await refund(finance, reservation.id, 3500);
    expect((rest.json() as DeskReservationDetail).reservation).toMatchObject({
      paymentState: 'refunded',
      refundedMinor: 10_000,
    });
  });

  it("takes back the guide's share of a completed tour's earning, the parts adding up to the whole", async () => {
    const reservation = await paidReservation('2026-06-10');
    clock.set('2026-06-10T12:00:00Z');
    const confirmed = await putAction(t.app, guide.user, reservation.id, 'confirm-consumption');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await refund(finance, reservation.id, 3333)).statusCode).toBe(200);
    expect((await refund(finance, reservation.id, 6667)).statusCode).toBe(200);
    // 15 % commission: the guide earned 8500; 3333 of 10000 takes back 2833, the rest 5667.
    expect(await ledgerOf(reservation.id)).toEqual([
      'guide:earning:8500',
      'guide:reversal:-2833',
      'guide:reversal:-5667',
      'platform:charge:10000',
      'platform:refund:-3333',
      'platform:refund:-6667',
    ]);
    clock.set(START);
  });

  it('keeps a refund the provider failed on pending and retries it once due, recording it once', async () => {
    const reservation = await paidReservation('2026-06-11');
    failingRefunds = 1;
    refundCalls.length = 0;
    const response = await refund(support, reservation.id, 1200);
    expect(response.statusCode, response.body).toBe(200);
    const [pending] = (response.json() as DeskReservationDetail).refunds;
    expect(pending).toMatchObject({ amountMinor: 1200, providerRefundId: null, attempts: 1 });
    expect(pending?.lastError).toContain('did not answer');

    // The scheduler's sweep: not due yet, it leaves the refund; a minute later it retries it, once.
    const sweep = async () => {
      const afterCommit = await reservationSweepJob(t.app.deps).run(t.app.deps.db);
      if (typeof afterCommit === 'function') await afterCommit();
    };
    await sweep();
    expect(refundCalls).toHaveLength(1);
    clock.advance(61);
    await sweep();
    await sweep();
    expect(refundCalls).toHaveLength(2);
    expect(refundCalls[0]?.idempotencyKey).toBe(pending?.id);
    expect(refundCalls[1]?.idempotencyKey).toBe(pending?.id);

    const detail = await story(reservation.id);
    expect(detail.refunds).toMatchObject([
      { id: pending?.id, amountMinor: 1200, providerRefundId: expect.stringMatching(/^re_sandbox_/), attempts: 2 },
    ]);
    expect(detail.notifications.filter((notice) => notice.kind === 'reservation.refunded')).toHaveLength(1);
    expect(await ledgerOf(reservation.id)).toEqual(['platform:charge:10000', 'platform:refund:-1200']);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.reservationId, reservation.id));
    expect(payment).toMatchObject({ status: 'paid', refundedMinor: 1200 });
    expect(
      await t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.reservationId, reservation.id)),
    ).toHaveLength(1);
    clock.set(START);
  });
});
