import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Reservation } from '@marco/contract/reservations';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createUser, type TestUser } from '../../../test/factories.js';
import { createApprovedGuide, findPlace, type TestGuide } from '../../../test/guide-factories.js';
import { approvedReservation, OPS, putAction } from '../../../test/payment-factories.js';
import { ledgerEntries, notifications, paymentEvents, paymentRefunds, payments } from '../../db/schema/index.js';
import { ManualClock } from '../../platform/clock.js';
import { sweepReservations } from '../reservations/sweep.js';

/*
 * PAYMENT_PROVIDER=stripe against a stand-in of Stripe's API; webhook events are signed with
 * the stripe library's own test helper, as Stripe signs them.
 */

const WEBHOOK = '/api/app/stripe-payment-webhook-public';
const SECRET = 'whsec_marco_test_secret';
const START = '2026-06-01T06:00:00Z';
const clock = new ManualClock(START);

interface FakeSession {
  id: string;
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  payment_intent: string | null;
  params: URLSearchParams;
}
const sessions = new Map<string, FakeSession>();
const refunds: Array<{ params: URLSearchParams; idempotencyKey: string | undefined }> = [];
let stripeApi: http.Server;

function startFakeStripe(): Promise<string> {
  stripeApi = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const params = new URLSearchParams(body);
      const send = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test' });
        response.end(JSON.stringify(value));
      };
      const sessionObject = (session: FakeSession) => {
        const { params: _params, ...rest } = session;
        return { object: 'checkout.session', ...rest };
      };
      if (request.method === 'POST' && request.url === '/v1/checkout/sessions') {
        const id = `cs_test_${sessions.size + 1}`;
        const session: FakeSession = {
          id,
          url: `https://checkout.stripe.com/c/pay/${id}`,
          status: 'open',
          payment_status: 'unpaid',
          payment_intent: null,
          params,
        };
        sessions.set(id, session);
        return send(200, sessionObject(session));
      }
      const retrieve = request.url?.match(/^\/v1\/checkout\/sessions\/([^/?]+)/);
      if (request.method === 'GET' && retrieve) {
        const session = sessions.get(decodeURIComponent(retrieve[1] ?? ''));
        return session ? send(200, sessionObject(session)) : send(404, { error: { type: 'invalid_request_error' } });
      }
      if (request.method === 'POST' && request.url === '/v1/refunds') {
        const key = request.headers['idempotency-key'];
        refunds.push({ params, idempotencyKey: Array.isArray(key) ? key[0] : key });
        return send(200, { id: `re_test_${refunds.length}`, object: 'refund', status: 'succeeded' });
      }
      send(404, { error: { type: 'invalid_request_error', message: `no route ${request.method} ${request.url}` } });
    });
  });
  return new Promise((resolve) => {
    stripeApi.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(stripeApi.address() as AddressInfo).port}`));
  });
}

let t: TestApp;
let guide: TestGuide;
let tourist: TestUser;
let otherTourist: TestUser;
let cityId: string;

beforeAll(async () => {
  const api = await startFakeStripe();
  t = await createTestApp({
    clock,
    env: {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_marco',
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_API_URL: api,
    },
  });
  guide = await createApprovedGuide(t.app, t.database.db, { rate: { minor: 5000, currency: 'USD' } });
  tourist = await createUser(t.app);
  otherTourist = await createUser(t.app);
  cityId = (await findPlace(t.app, 'istanbul')).cityId;
});

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => stripeApi?.close(resolve));
});

const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
let eventCounter = 0;

function sessionEvent(type: string, session: FakeSession, id = `evt_test_${++eventCounter}`) {
  return {
    id,
    object: 'event',
    type,
    created: nowSeconds(),
    livemode: false,
    data: {
      object: {
        id: session.id,
        object: 'checkout.session',
        status: session.status,
        payment_status: session.payment_status,
        payment_intent: session.payment_intent,
        amount_total: Number(session.params.get('line_items[0][price_data][unit_amount]')),
        currency: session.params.get('line_items[0][price_data][currency]'),
      },
    },
  };
}

function refundEvent(session: FakeSession, id = `evt_test_${++eventCounter}`) {
  const amount = Number(session.params.get('line_items[0][price_data][unit_amount]'));
  return {
    id,
    object: 'event',
    type: 'charge.refunded',
    created: nowSeconds(),
    livemode: false,
    data: {
      object: {
        id: `ch_${session.id}`,
        object: 'charge',
        payment_intent: session.payment_intent,
        amount,
        amount_refunded: amount,
        refunded: true,
      },
    },
  };
}

/** Posts an event the way Stripe does: the raw JSON and its Stripe-Signature header. */
function deliver(
  event: object,
  options: { timestamp?: number; secret?: string; body?: (signed: string) => string } = {},
) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? SECRET,
    timestamp: options.timestamp ?? nowSeconds(),
  });
  return t.app.inject({
    method: 'POST',
    url: WEBHOOK,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload: options.body ? options.body(payload) : payload,
  });
}

/** A reservation whose checkout was started; answers it and the stand-in's session. */
async function checkoutStarted(date: string): Promise<{ reservation: Reservation; session: FakeSession }> {
  const reservation = await approvedReservation(t.app, tourist, guide, cityId, date);
  const started = await putAction(t.app, tourist, reservation.id, 'pay');
  expect(started.statusCode, started.body).toBe(200);
  const session = [...sessions.values()].find((entry) => entry.url === started.body);
  if (!session) throw new Error('no checkout session was created');
  return { reservation, session };
}

/** The stand-in's view of a paid session (what Stripe reports once the card is charged). */
function markSessionPaid(session: FakeSession) {
  session.status = 'complete';
  session.payment_status = 'paid';
  session.payment_intent = `pi_${session.id}`;
}

const statusOf = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `${OPS}/tourist/${id}`, headers: tourist.headers })).json().status;
const paymentOf = async (reservationId: string) =>
  (await t.database.db.select().from(payments).where(eq(payments.reservationId, reservationId)))[0];
const ledgerOf = async (reservationId: string) =>
  (await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.reservationId, reservationId)))
    .map((entry) => `${entry.account}:${entry.kind}:${entry.amountMinor}`)
    .sort();

describe('Stripe checkout', () => {
  it('creates a Checkout Session in minor units with the way back, and answers its URL as text', async () => {
    clock.set(START);
    const { reservation, session } = await checkoutStarted('2026-06-08');
    expect(session.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    expect(session.params.get('mode')).toBe('payment');
    expect(session.params.get('line_items[0][price_data][unit_amount]')).toBe('10000');
    expect(session.params.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(session.params.get('metadata[reservationId]')).toBe(reservation.id);
    expect(session.params.get('success_url')).toBe(
      `${t.app.deps.config.PUBLIC_URL}/en/payment/success?reservation=${reservation.id}`,
    );
    expect(session.params.get('cancel_url')).toContain('/en/payment/failed?reservation=');
    expect(await statusOf(reservation.id)).toBe('payment_pending');
  });

  it('payment-complete asks Stripe but never marks paid; an expired session lets the tourist pay again', async () => {
    clock.set(START);
    const { reservation, session } = await checkoutStarted('2026-06-09');
    markSessionPaid(session);
    const early = await putAction(t.app, tourist, reservation.id, 'payment-complete');
    expect(early.json()).toMatchObject({ reservationStatus: 'payment_pending', payment: { status: 'open' } });
    expect((await putAction(t.app, otherTourist, reservation.id, 'payment-complete')).statusCode).toBe(404);

    const { reservation: second, session: abandoned } = await checkoutStarted('2026-06-10');
    abandoned.status = 'expired';
    const back = await putAction(t.app, tourist, second.id, 'payment-complete');
    expect(back.json()).toMatchObject({ reservationStatus: 'approved', payment: { status: 'expired' } });
  });
});

describe('the Stripe webhook', () => {
  it('marks the reservation paid on a valid signed checkout.session.completed', async () => {
    clock.set(START);
    const { reservation, session } = await checkoutStarted('2026-06-11');
    markSessionPaid(session);
    const response = await deliver(sessionEvent('checkout.session.completed', session));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'applied' });
    expect(await statusOf(reservation.id)).toBe('paid');
    expect(await paymentOf(reservation.id)).toMatchObject({ status: 'paid', providerPaymentId: `pi_${session.id}` });
    expect(await ledgerOf(reservation.id)).toEqual(['platform:charge:10000']);
  });

  it('refuses a tampered body, a wrong secret, a stale signature and a missing header; nothing changes', async () => {
    clock.set(START);
    const { reservation, session } = await checkoutStarted('2026-06-12');
    markSessionPaid(session);
    const event = sessionEvent('checkout.session.completed', session);
    const tampered = await deliver(event, { body: (signed) => signed.replace('"paid"', '"paid" ') });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().error.code).toBe('VALIDATION_FAILED');
    expect((await deliver(event, { secret: 'whsec_someone_else' })).statusCode).toBe(400);
    expect((await deliver(event, { timestamp: nowSeconds() - 301 })).statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await statusOf(reservation.id)).toBe('payment_pending');
    expect(await t.database.db.$count(paymentEvents, eq(paymentEvents.providerEventId, event.id))).toBe(0);

    // Within the 300 s tolerance the same event is accepted.
    expect((await deliver(event, { timestamp: nowSeconds() - 299 })).statusCode).toBe(200);
    expect(await statusOf(reservation.id)).toBe('paid');
  });

  it('applies an event replayed ten times once', async () => {
    clock.set(START);
    const { reservation, session } = await checkoutStarted('2026-06-15');
    markSessionPaid(session);
    const event = sessionEvent('checkout.session.completed', session);
    const outcomes = [];
    for (let attempt = 0; attempt < 10; attempt++) outcomes.push((await deliver(event)).json().outcome);
    expect(outcomes).toEqual(['applied', ...Array(9).fill('duplicate')]);
    expect(await statusOf(reservation.id)).toBe('paid');
    expect(await ledgerOf(reservation.id)).toEqual(['platform:charge:10000']);
    expect(await t.database.db.$count(paymentEvents, eq(paymentEvents.providerEventId, event.id))).toBe(1);
    const paidNotices = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.kind, 'reservation.paid'));
    expect(paidNotices.filter((notice) => notice.payload.reservationId === reservation.id)).toHaveLength(2);
  });

  it('applies ten concurrent deliveries of one event once', async () => {
    clock.set(START);
    const { reservation, session } = await checkoutStarted('2026-06-25');
    markSessionPaid(session);
    const event = sessionEvent('checkout.session.completed', session);
    const responses = await Promise.all(Array.from({ length: 10 }, () => deliver(event)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    const outcomes = responses.map((response) => response.json().outcome);
    expect(outcomes.filter((outcome) => outcome === 'applied')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'duplicate')).toHaveLength(9);
    expect(await ledgerOf(reservation.id)).toEqual(['platform:charge:10000']);
  });

  it('ends in the same state whether the refund arrives before or after checkout.session.completed', async () => {
    clock.set(START);
    const inOrder = await checkoutStarted('2026-06-16');
    const outOfOrder = await checkoutStarted('2026-06-17');
    for (const { session } of [inOrder, outOfOrder]) markSessionPaid(session);

    await deliver(sessionEvent('checkout.session.completed', inOrder.session));
    await deliver(refundEvent(inOrder.session));
    expect((await deliver(refundEvent(outOfOrder.session))).json().outcome).toBe('ignored');
    await deliver(sessionEvent('checkout.session.completed', outOfOrder.session));

    for (const { reservation } of [inOrder, outOfOrder]) {
      expect(await paymentOf(reservation.id)).toMatchObject({ status: 'refunded', refundedMinor: 10_000 });
      expect(await ledgerOf(reservation.id)).toEqual(['platform:charge:10000', 'platform:refund:-10000']);
    }
    // Stripe refunded by itself: Marco asks for no second refund.
    expect(refunds.filter((refund) => refund.params.get('payment_intent') === `pi_${outOfOrder.session.id}`)).toEqual(
      [],
    );
  });

  it('ends paid whether the session expiry arrives before or after its completion', async () => {
    clock.set(START);
    const inOrder = await checkoutStarted('2026-06-18');
    const outOfOrder = await checkoutStarted('2026-06-19');
    for (const { session } of [inOrder, outOfOrder]) markSessionPaid(session);

    await deliver(sessionEvent('checkout.session.completed', inOrder.session));
    await deliver(sessionEvent('checkout.session.expired', inOrder.session));
    await deliver(sessionEvent('checkout.session.expired', outOfOrder.session));
    expect(await statusOf(outOfOrder.reservation.id)).toBe('approved');
    await deliver(sessionEvent('checkout.session.completed', outOfOrder.session));

    for (const { reservation } of [inOrder, outOfOrder]) {
      expect(await statusOf(reservation.id)).toBe('paid');
      expect((await paymentOf(reservation.id))?.status).toBe('paid');
      expect(await ledgerOf(reservation.id)).toEqual(['platform:charge:10000']);
    }
  });

  it('refunds through the API on a free cancellation; the echoed charge.refunded changes nothing', async () => {
    clock.set(START);
    const { reservation, session } = await checkoutStarted('2026-06-22');
    markSessionPaid(session);
    await deliver(sessionEvent('checkout.session.completed', session));
    const cancelled = await putAction(t.app, tourist, reservation.id, 'cancel-by-tourist', {
      reasonKey: 'travel_cancelled',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const payment = await paymentOf(reservation.id);
    const refund = refunds.find((entry) => entry.params.get('payment_intent') === `pi_${session.id}`);
    expect(refund?.params.get('amount')).toBe('10000');
    const [recorded] = await t.database.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, payment?.id ?? ''));
    expect(refund?.idempotencyKey).toBe(`refund-${recorded?.id}`);
    expect(payment).toMatchObject({ status: 'refunded', refundedMinor: 10_000 });
    expect(recorded).toMatchObject({ amountMinor: 10_000, providerRefundId: expect.stringMatching(/^re_test_/) });

    const echo = await deliver(refundEvent(session));
    expect(echo.json().outcome).toBe('applied');
    expect(await ledgerOf(reservation.id)).toEqual(['platform:charge:10000', 'platform:refund:-10000']);
  });

  it('refunds in full a payment confirmed after the reservation expired', async () => {
    clock.set(START);
    const { reservation, session } = await checkoutStarted('2026-06-23');
    clock.set(reservation.startsAt);
    await sweepReservations(t.app.deps);
    expect(await statusOf(reservation.id)).toBe('expired');
    markSessionPaid(session);
    await deliver(sessionEvent('checkout.session.completed', session));
    expect(await statusOf(reservation.id)).toBe('expired');
    expect(await paymentOf(reservation.id)).toMatchObject({ status: 'refunded', refundedMinor: 10_000 });
    expect(refunds.some((entry) => entry.params.get('payment_intent') === `pi_${session.id}`)).toBe(true);
    expect(await ledgerOf(reservation.id)).toEqual(['platform:charge:10000', 'platform:refund:-10000']);
    clock.set(START);
  });
});
