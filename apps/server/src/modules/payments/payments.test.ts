import type { GuideBalance, GuideDashboard, ReservationPaymentStatus } from '@marco/contract/payments';
import type { Reservation } from '@marco/contract/reservations';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createUser, readOutbox, type TestUser } from '../../../test/factories.js';
import { createApprovedGuide, createStaff, findPlace, type TestGuide } from '../../../test/guide-factories.js';
import {
  approvedReservation,
  OPS,
  payOnSandbox,
  putAction,
  requestReservation,
} from '../../../test/payment-factories.js';
import { ledgerEntries, paymentRefunds, payments } from '../../db/schema/index.js';
import { ManualClock } from '../../platform/clock.js';

/** Monday 1 June 2026; the guides work Monday–Friday 9–17 in Istanbul (UTC+3). */
const START = '2026-06-01T06:00:00Z';
const clock = new ManualClock(START);
const DASHBOARD = '/api/app/guide-dashboard-public';

let t: TestApp;
let guide: TestGuide;
let otherGuide: TestGuide;
let tourist: TestUser;
let otherTourist: TestUser;
let cityId: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  const staff = await createStaff(t.app, t.database.db);
  guide = await createApprovedGuide(t.app, t.database.db, {
    staff,
    name: 'Deniz',
    surname: 'Kaya',
    rate: { minor: 5000, currency: 'USD' },
  });
  otherGuide = await createApprovedGuide(t.app, t.database.db, { staff, name: 'Selin' });
  tourist = await createUser(t.app, { name: 'Tara', surname: 'Smith' });
  otherTourist = await createUser(t.app, { name: 'Omar' });
  cityId = (await findPlace(t.app, 'istanbul')).cityId;
});

afterAll(async () => {
  await t?.close();
});

const pay = (user: Pick<TestUser, 'headers'>, id: string) => putAction(t.app, user, id, 'pay');
const paymentComplete = (user: Pick<TestUser, 'headers'>, id: string) => putAction(t.app, user, id, 'payment-complete');
const get = (user: Pick<TestUser, 'headers'>, url: string) =>
  t.app.inject({ method: 'GET', url, headers: user.headers });
const reservationOf = async (id: string): Promise<Reservation> => (await get(tourist, `${OPS}/tourist/${id}`)).json();
const pathOf = (url: string) => new URL(url).pathname;

/** Opens the sandbox page of a checkout URL and presses one of its buttons. */
async function checkout(url: string, outcome: 'succeed' | 'fail') {
  return t.app.inject({
    method: 'POST',
    url: pathOf(url),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}`,
  });
}

/** A reservation paid on the sandbox page. */
async function paidReservation(date: string, hours?: { startHour: number; endHour: number }) {
  const reservation = await approvedReservation(t.app, tourist, guide, cityId, date, hours);
  await payOnSandbox(t.app, tourist, reservation.id);
  expect((await reservationOf(reservation.id)).status).toBe('paid');
  return reservation;
}

const ledgerOf = (reservationId: string) =>
  t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.reservationId, reservationId));
const paymentsOf = (reservationId: string) =>
  t.database.db.select().from(payments).where(eq(payments.reservationId, reservationId));

describe('paying on the sandbox checkout', () => {
  it('answers the checkout URL as text, shows amount and guide, and the webhook marks the reservation paid', async () => {
    clock.set(START);
    const reservation = await approvedReservation(t.app, tourist, guide, cityId, '2026-06-08');
    const started = await pay(tourist, reservation.id);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.headers['content-type']).toMatch(/^text\/plain/);
    expect(started.body).toMatch(/^http:\/\/localhost:\d+\/api\/app\/payment-sandbox-public\/checkout\/cs_sandbox_/);
    expect((await reservationOf(reservation.id)).status).toBe('payment_pending');

    // Paying again while the checkout is open answers the same checkout.
    expect((await pay(tourist, reservation.id)).body).toBe(started.body);

    const page = await t.app.inject({ method: 'GET', url: pathOf(started.body) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('$100.00');
    expect(page.body).toContain('Deniz Kaya');
    expect(page.body).toContain('Pay (succeeds)');
    expect(page.body).toContain('value="fail"');

    // Back from the checkout before the webhook: the browser's return marks nothing paid.
    const early = await paymentComplete(tourist, reservation.id);
    expect(early.json()).toMatchObject({ reservationStatus: 'payment_pending', payment: { status: 'open' } });

    const done = await checkout(started.body, 'succeed');
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(`/en/payment/success?reservation=${reservation.id}`);

    const status: ReservationPaymentStatus = (await paymentComplete(tourist, reservation.id)).json();
    expect(status).toMatchObject({
      reservationId: reservation.id,
      reservationStatus: 'paid',
      payment: { provider: 'sandbox', status: 'paid', amountMinor: 10_000, currency: 'USD', refundedMinor: 0 },
    });
    const ledger = await ledgerOf(reservation.id);
    expect(ledger.map((entry) => [entry.account, entry.kind, entry.amountMinor])).toEqual([
      ['platform', 'charge', 10_000],
    ]);

    // A second press on the finished page sends nothing more and goes back to success.
    const again = await checkout(started.body, 'fail');
    expect(again.headers.location).toContain('/payment/success');
    expect(await ledgerOf(reservation.id)).toHaveLength(1);
    expect((await pay(tourist, reservation.id)).statusCode).toBe(409);
  });

  it('returns to the failure page on "Fail" and lets the tourist pay again', async () => {
    clock.set(START);
    const reservation = await approvedReservation(t.app, tourist, guide, cityId, '2026-06-09');
    const first = await pay(tourist, reservation.id);
    const failed = await checkout(first.body, 'fail');
    expect(failed.statusCode).toBe(303);
    expect(failed.headers.location).toContain(`/en/payment/failed?reservation=${reservation.id}`);
    const status = (await paymentComplete(tourist, reservation.id)).json();
    expect(status).toMatchObject({ reservationStatus: 'approved', payment: { status: 'failed' } });

    const second = await pay(tourist, reservation.id);
    expect(second.statusCode).toBe(200);
    expect(second.body).not.toBe(first.body);
    await checkout(second.body, 'succeed');
    expect((await reservationOf(reservation.id)).status).toBe('paid');
    expect((await paymentsOf(reservation.id)).map((row) => row.status).sort()).toEqual(['failed', 'paid']);
  });

  it('sends the payer back to the locale they paid from', async () => {
    clock.set(START);
    const reservation = await approvedReservation(t.app, tourist, guide, cityId, '2026-06-10');
    const started = await t.app.inject({
      method: 'PUT',
      url: `${OPS}/${reservation.id}/pay`,
      headers: { ...tourist.headers, cookie: 'locale=ar' },
    });
    const page = await t.app.inject({ method: 'GET', url: pathOf(started.body) });
    expect(page.body).toContain('dir="rtl"');
    expect(page.body).toContain('ادفع (ناجح)');
    const done = await checkout(started.body, 'succeed');
    expect(done.headers.location).toContain(`/ar/payment/success?reservation=${reservation.id}`);
  });

  it.each([
    ['a malformed id', 'not-a-uuid', 400],
    ['an unknown reservation', '00000000-0000-7000-8000-000000000000', 404],
  ])('pay and payment-complete refuse %s', async (_name, id, status) => {
    expect((await pay(tourist, id)).statusCode).toBe(status);
    expect((await paymentComplete(tourist, id)).statusCode).toBe(status);
  });

  it('refuses another tourist, the guide, a visitor and a reservation not approved', async () => {
    clock.set(START);
    const pending = await requestReservation(t.app, tourist, guide, cityId, '2026-06-11');
    const notApproved = await pay(tourist, pending.id);
    expect(notApproved.statusCode).toBe(409);
    expect(notApproved.json().error.code).toBe('INVALID_STATE');
    await putAction(t.app, guide.user, pending.id, 'accept-by-guide');
    for (const stranger of [otherTourist, guide.user]) {
      expect((await pay(stranger, pending.id)).statusCode).toBe(404);
      expect((await paymentComplete(stranger, pending.id)).statusCode).toBe(404);
    }
    expect((await pay({ headers: {} }, pending.id)).statusCode).toBe(401);
    expect((await reservationOf(pending.id)).status).toBe('approved');
  });

  it('refuses a bad sandbox choice and an unknown checkout', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: `/api/app/payment-sandbox-public/checkout/cs_sandbox_${'0'.repeat(32)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=succeed',
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/app/payment-sandbox-public/checkout/cs_sandbox_${'0'.repeat(32)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=maybe',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.issues[0].path).toBe('body.outcome');
  });

  it('refuses a webhook without a valid signature', async () => {
    const body = JSON.stringify({ id: 'evt_forged', object: 'event', type: 'checkout.session.completed', data: {} });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/app/stripe-payment-webhook-public',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(unsigned.statusCode).toBe(400);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/app/stripe-payment-webhook-public',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      payload: body,
    });
    expect(forged.statusCode).toBe(400);
  });
});

describe('cancellation and refunds', () => {
  const DAY_MS = 24 * 3_600_000;
  const cancel = (id: string) => putAction(t.app, tourist, id, 'cancel-by-tourist', { reasonKey: 'plans_changed' });

  it.each([
    ['24 h and 1 minute before the start', -60_000, true],
    ['exactly 24 h before the start', 0, true],
    ['24 h less 1 minute before the start', 60_000, false],
  ])('cancelling a paid reservation %s refunds in full: %s', async (_name, offsetMs, refunded) => {
    clock.set(START);
    const date = offsetMs < 0 ? '2026-06-15' : offsetMs === 0 ? '2026-06-16' : '2026-06-17';
    const reservation = await paidReservation(date);
    clock.set(new Date(new Date(reservation.startsAt).getTime() - DAY_MS + offsetMs));
    const response = await cancel(reservation.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status).toBe('cancelled');
    const [payment] = await paymentsOf(reservation.id);
    const ledger = (await ledgerOf(reservation.id)).map((entry) => [entry.account, entry.kind, entry.amountMinor]);
    if (refunded) {
      expect(payment).toMatchObject({ status: 'refunded', refundedMinor: 10_000 });
      const refunds = await t.database.db
        .select()
        .from(paymentRefunds)
        .where(eq(paymentRefunds.paymentId, payment?.id ?? ''));
      expect(refunds).toMatchObject([
        { amountMinor: 10_000, cause: 'cancellation', providerRefundId: expect.stringMatching(/^re_sandbox_/) },
      ]);
      expect(ledger).toEqual([
        ['platform', 'charge', 10_000],
        ['platform', 'refund', -10_000],
      ]);
    } else {
      // Too late for a refund: the guide is paid as for a completed tour.
      expect(payment).toMatchObject({ status: 'paid', refundedMinor: 0 });
      expect(ledger).toEqual([
        ['platform', 'charge', 10_000],
        ['guide', 'earning', 8_500],
      ]);
    }
  });

  it('refunds in full a payment that arrives after the reservation was cancelled', async () => {
    clock.set(START);
    const reservation = await approvedReservation(t.app, tourist, guide, cityId, '2026-06-18');
    const started = await pay(tourist, reservation.id);
    expect((await cancel(reservation.id)).statusCode).toBe(200);
    await checkout(started.body, 'succeed');
    expect((await reservationOf(reservation.id)).status).toBe('cancelled');
    const [payment] = await paymentsOf(reservation.id);
    expect(payment).toMatchObject({ status: 'refunded', refundedMinor: 10_000 });
    const sum = (await ledgerOf(reservation.id)).reduce((total, entry) => total + entry.amountMinor, 0);
    expect(sum).toBe(0);
  });
});

describe('completion, balance and dashboard', () => {
  it('credits the guide with the amount less 15 % on completion; balance and ledger show it', async () => {
    clock.set(START);
    const reservation = await paidReservation('2026-06-22', { startHour: 9, endHour: 12 });
    const before: GuideBalance = (await get(guide.user, `${DASHBOARD}/balance`)).json();
    clock.set(new Date(new Date(reservation.endsAt).getTime() + 60_000));
    const confirmed = await putAction(t.app, guide.user, reservation.id, 'confirm-consumption');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [earning] = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.reservationId, reservation.id), eq(ledgerEntries.kind, 'earning')));
    expect(earning).toMatchObject({ amountMinor: 12_750, grossMinor: 15_000, commissionMinor: 2_250, currency: 'USD' });

    const after: GuideBalance = (await get(guide.user, `${DASHBOARD}/balance`)).json();
    const usd = (balance: GuideBalance) => balance.balances.find((entry) => entry.currency === 'USD')?.amountMinor ?? 0;
    expect(usd(after) - usd(before)).toBe(12_750);
    expect(after.commissionPercent).toBe(15);

    const ledger = (await get(guide.user, `${DASHBOARD}/ledger?pageSize=50`)).json();
    expect(ledger.data[0]).toMatchObject({ kind: 'earning', reservationId: reservation.id, amountMinor: 12_750 });
    expect(ledger.data.every((entry: { kind: string }) => ['earning', 'reversal'].includes(entry.kind))).toBe(true);
    expect(ledger.total).toBe(ledger.data.length);
    clock.set(START);
  });

  it('summarises the guide’s business on the dashboard', async () => {
    clock.set(START);
    await requestReservation(t.app, otherTourist, guide, cityId, '2026-06-04', { startHour: 14, endHour: 16 });
    const dashboard: GuideDashboard = (await get(guide.user, `${DASHBOARD}/summary`)).json();
    expect(dashboard.pendingRequestsCount).toBeGreaterThanOrEqual(1);
    expect(dashboard.activeReservationsCount).toBeGreaterThanOrEqual(1);
    expect(dashboard.clientsCount).toBe(1);
    expect(dashboard.rating).toEqual({ average: null, count: 0 });
    // Monday 06:00 UTC: Monday to Friday 9–17 local is 5 × 8 hours, less the hours held this week.
    expect(dashboard.weeklyEmptyHours).toBeGreaterThan(0);
    expect(dashboard.weeklyEmptyHours).toBeLessThanOrEqual(40);

    // Another guide sees only their own numbers.
    const theirs: GuideDashboard = (await get(otherGuide.user, `${DASHBOARD}/summary`)).json();
    expect(theirs).toMatchObject({
      clientsCount: 0,
      balances: [],
      activeReservationsCount: 0,
      pendingRequestsCount: 0,
      weeklyEmptyHours: 40,
    });
    expect((await get(otherGuide.user, `${DASHBOARD}/ledger`)).json()).toMatchObject({ data: [], total: 0 });
  });

  it('answers 403 to a user who is not a guide, 401 to a visitor and 400 to a bad query', async () => {
    for (const path of ['summary', 'balance', 'ledger']) {
      const response = await get(tourist, `${DASHBOARD}/${path}`);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('FORBIDDEN');
      expect((await get({ headers: {} }, `${DASHBOARD}/${path}`)).statusCode).toBe(401);
    }
    const bad = await get(guide.user, `${DASHBOARD}/ledger?pageSize=0&currency=EUR`);
    expect(bad.statusCode).toBe(400);
    const paths = bad.json().error.details.issues.map((issue: { path: string }) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['querystring.pageSize', 'querystring.currency']));
  });
});

describe('notifications', () => {
  it('tells each party in their own language, by SMS when they have no e-mail', async () => {
    clock.set(START);
    const german = await createUser(t.app, { name: 'Greta' });
    // The locale is remembered from the user's signed-in calls (cookie, then Accept-Language).
    await t.app.inject({
      method: 'GET',
      url: `${OPS}/tourist/list`,
      headers: { ...german.headers, 'accept-language': 'de-DE,de;q=0.9' },
    });
    await t.app.inject({
      method: 'GET',
      url: '/api/app/notification-public/get-unread-count',
      headers: { ...guide.user.headers, cookie: 'locale=tr' },
    });
    const reservation = await approvedReservation(t.app, german, guide, cityId, '2026-06-24');
    const started = await pay(german, reservation.id);
    await checkout(started.body, 'succeed');

    const outbox = await readOutbox(t.app);
    const toGerman = outbox.filter((message) => message.recipient === german.phone).map((message) => message.text);
    expect(toGerman.some((text) => text.includes('hat Ihre Buchung') && text.includes('angenommen'))).toBe(true);
    expect(toGerman.some((text) => text.includes('ist bezahlt') && text.includes('100,00'))).toBe(true);
    expect(toGerman.some((text) => text.includes(`/de/reservations/${reservation.id}`))).toBe(true);
    const toGuide = outbox.filter((message) => message.recipient === guide.user.phone).map((message) => message.text);
    expect(toGuide.some((text) => text.includes('yeni rezervasyon talebi') && text.includes('Greta'))).toBe(true);
    expect(toGuide.some((text) => text.includes(`/tr/guide-mode/${reservation.id}`))).toBe(true);

    const inApp = await get(german, '/api/app/notification-public/get-notifications');
    const kinds = inApp.json().data.map((notification: { kind: string }) => notification.kind);
    expect(kinds).toEqual(expect.arrayContaining(['reservation.approved', 'reservation.paid']));
  });
});
