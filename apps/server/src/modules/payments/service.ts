import type { Locale } from '@marco/contract/locales';
import type { Payment, PaymentProviderName, ReservationPaymentStatus } from '@marco/contract/payments';
import type { ReservationCurrency, ReservationStatus } from '@marco/contract/reservations';
import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import type { Db } from '../../db/client.js';
import {
  paymentEvents,
  paymentRefunds,
  payments,
  reservationSlots,
  reservations,
  users,
} from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import type { PaymentEvent } from '../../platform/payments/index.js';
import { uuidv7 } from '../../platform/uuid-v7.js';
import { attachReceipt } from '../receipts/service.js';
import { type NoticeDeps, sendReservationNotice } from '../reservations/notices.js';
import { setReservationActor } from '../reservations/status-history.js';
import { holdsHours, nextStatus } from '../reservations/transitions.js';
import { type PaymentRow, type RefundRow, recordCharge, refundPayment } from './money.js';

export type PaymentDeps = NoticeDeps & Pick<AppDeps, 'payments'>;
type ReservationRow = typeof reservations.$inferSelect;

/** How long a checkout stays open; an unfinished one is replaced by a new one after this. */
export const CHECKOUT_TTL_MS = 60 * 60 * 1000;

export const presentPayment = (row: PaymentRow): Payment => ({
  id: row.id,
  provider: row.provider as PaymentProviderName,
  status: row.status as Payment['status'],
  amountMinor: row.amountMinor,
  currency: row.currency as ReservationCurrency,
  refundedMinor: row.refundedMinor,
  createdAt: row.createdAt.toISOString(),
  paidAt: row.paidAt?.toISOString() ?? null,
  refundedAt: row.refundedAt?.toISOString() ?? null,
});

async function latestPayment(db: Db, reservationId: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.reservationId, reservationId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  return row ?? null;
}

async function ownReservation(db: Db, touristId: string, id: string, lock = false): Promise<ReservationRow> {
  const query = db
    .select()
    .from(reservations)
    .where(and(eq(reservations.id, id), eq(reservations.touristId, touristId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', 'Reservation not found');
  return row;
}

/**
 * `PUT {id}/pay`: the tourist starts (or resumes) paying an approved reservation; answers
 * the provider's checkout URL. Paying again while a checkout is still open answers the same
 * URL, so a double click opens one checkout, not two.
 */
export async function startPayment(deps: PaymentDeps, touristId: string, id: string, locale: Locale): Promise<string> {
  const { db, clock } = deps;
  const now = clock.now();
  const reservation = await ownReservation(db, touristId, id);
  const assertPayable = (row: ReservationRow) => {
    if (!nextStatus(row.status as ReservationStatus, 'start_payment')) {
      throw new AppError('INVALID_STATE', `A ${row.status} reservation cannot be paid`);
    }
    if (row.startsAt.getTime() <= now.getTime()) throw new AppError('INVALID_STATE', 'The reservation has started');
  };
  assertPayable(reservation);
  const open = await latestPayment(db, id);
  if (
    reservation.status === 'payment_pending' &&
    open?.status === 'open' &&
    open.provider === deps.payments.name &&
    open.createdAt.getTime() + CHECKOUT_TTL_MS > now.getTime() + 5 * 60_000
  ) {
    return open.checkoutUrl;
  }

  const [guide] = await db
    .select({ name: users.name, surname: users.surname })
    .from(users)
    .where(eq(users.id, reservation.guideUserId));
  const guideName = `${guide?.name ?? ''} ${guide?.surname ?? ''}`.trim();
  const paymentId = uuidv7(now);
  const back = (page: 'success' | 'failed') =>
    `${deps.config.PUBLIC_URL}/${locale}/payment/${page}?reservation=${encodeURIComponent(id)}`;
  // The provider call is made outside the transaction; a checkout left unused by a lost race expires on its own.
  const session = await deps.payments.createCheckout({
    paymentId,
    reservationId: id,
    amountMinor: reservation.totalMinor,
    currency: reservation.currency as ReservationCurrency,
    description: `Marco · ${guideName || 'Guide'} · ${reservation.startsAt.toISOString().slice(0, 10)}`,
    guideName,
    locale,
    successUrl: back('success'),
    cancelUrl: back('failed'),
    expiresAt: new Date(now.getTime() + CHECKOUT_TTL_MS),
  });
  await db.transaction(async (tx) => {
    await setReservationActor(tx, { role: 'tourist', userId: touristId });
    const row = await ownReservation(tx, touristId, id, true);
    assertPayable(row);
    await tx.insert(payments).values({
      id: paymentId,
      reservationId: id,
      provider: deps.payments.name,
      providerSessionId: session.id,
      amountMinor: row.totalMinor,
      currency: row.currency,
      status: 'open',
      checkoutUrl: session.url,
      createdAt: now,
      updatedAt: now,
    });
    await tx
      .update(reservations)
      .set({ status: nextStatus(row.status as ReservationStatus, 'start_payment') as string, updatedAt: now })
      .where(eq(reservations.id, id));
  });
  return session.url;
}

/**
 * `PUT {id}/payment-complete`: the browser is back from the checkout. Asks the provider about
 * the open checkout; a checkout it reports expired or unpaid is recorded as such (the
 * reservation can be paid again), but only the provider's webhook marks anything paid.
 */
export async function paymentComplete(
  deps: PaymentDeps,
  touristId: string,
  id: string,
): Promise<ReservationPaymentStatus> {
  const { db } = deps;
  await ownReservation(db, touristId, id);
  const payment = await latestPayment(db, id);
  if (payment?.status === 'open' && payment.provider === deps.payments.name) {
    const state = await deps.payments.retrieveCheckout(payment.providerSessionId);
    const unpaid =
      state.status === 'expired'
        ? 'expired'
        : state.status === 'complete' && state.paymentStatus !== 'paid'
          ? 'failed'
          : null;
    if (unpaid) await db.transaction((tx) => markUnpaid(tx, payment.id, unpaid, deps.clock.now()));
  }
  const reservation = await ownReservation(db, touristId, id);
  const current = await latestPayment(db, id);
  return {
    reservationId: id,
    reservationStatus: reservation.status as ReservationStatus,
    payment: current ? presentPayment(current) : null,
  };
}

// -- Webhook -------------------------------------------------------------------------------------

interface Effects {
  notices: Array<{
    reservationId: string;
    paymentId: string;
    kind: 'reservation.paid';
    money: { amountMinor: number; currency: string };
  }>;
  /** Refunds Marco decided: the provider is asked after the commit. */
  refunds: string[];
  /** Refunds the provider made by itself: only the tourist is told. */
  refundedByProvider: RefundRow[];
}

const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);
const UNPAID_EVENTS: Record<string, 'failed' | 'expired'> = {
  'checkout.session.async_payment_failed': 'failed',
  'checkout.session.expired': 'expired',
};

/**
 * Applies one verified provider event. The event id is recorded in the same transaction as
 * the effect, so a replay answers `duplicate` and changes nothing. Payment statuses only move
 * forward (open → failed/expired → paid → refunded), so events arriving out of order end in
 * the state they would have reached in order.
 */
export async function handlePaymentEvent(
  deps: PaymentDeps,
  event: PaymentEvent,
  log: ErrorLog = consoleLog,
): Promise<'applied' | 'duplicate' | 'ignored'> {
  const { db, clock } = deps;
  const now = clock.now();
  const effects: Effects = { notices: [], refunds: [], refundedByProvider: [] };
  const outcome = await db.transaction(async (tx) => {
    await setReservationActor(tx, { role: 'provider' });
    const payment = await findPaymentOf(tx, deps.payments.name, event);
    const recorded = await tx
      .insert(paymentEvents)
      .values({
        id: uuidv7(now),
        provider: deps.payments.name,
        providerEventId: event.id,
        type: event.type,
        paymentId: payment?.id ?? null,
        payload: { ...event },
        receivedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!recorded.length) return 'duplicate' as const;
    if (!payment) return 'ignored' as const;
    if (PAID_EVENTS.has(event.type) && event.paymentStatus === 'paid') {
      await markPaid(tx, payment, event.paymentIntentId, now, effects);
    } else if (UNPAID_EVENTS[event.type]) {
      await markUnpaid(tx, payment.id, UNPAID_EVENTS[event.type] as 'failed' | 'expired', now);
    } else if (event.type === 'charge.refunded') {
      const refunded = event.amountRefundedMinor ?? payment.amountMinor;
      await markRefundedByProvider(tx, payment, refunded, `external:${event.id}`, now, effects);
    } else {
      return 'ignored' as const;
    }
    return 'applied' as const;
  });
  // The event is applied: a failing notice must not make the provider deliver it again.
  try {
    for (const notice of effects.notices) {
      const receipt = attachReceipt(deps, `payment:${notice.paymentId}`);
      await sendReservationNotice(deps, notice.reservationId, notice.kind, ['tourist', 'guide'], notice.money, receipt);
    }
    for (const refund of effects.refundedByProvider) await noticeRefund(deps, refund);
  } catch (error) {
    log.error({ err: error, eventId: event.id }, 'payment notice failed');
  }
  if (effects.refunds.length) await processDueRefunds(deps, { ids: effects.refunds }, log);
  return outcome;
}

async function findPaymentOf(tx: Db, provider: string, event: PaymentEvent): Promise<PaymentRow | null> {
  const where = event.sessionId
    ? and(eq(payments.provider, provider), eq(payments.providerSessionId, event.sessionId))
    : event.paymentIntentId
      ? and(eq(payments.provider, provider), eq(payments.providerPaymentId, event.paymentIntentId))
      : null;
  if (!where) return null;
  const [row] = await tx.select().from(payments).where(where).for('update');
  return row ?? null;
}

async function lockReservation(tx: Db, id: string): Promise<ReservationRow> {
  const [row] = await tx.select().from(reservations).where(eq(reservations.id, id)).for('update');
  if (!row) throw new Error(`payment of a missing reservation ${id}`);
  return row;
}

async function markPaid(tx: Db, payment: PaymentRow, intentId: string | null, now: Date, effects: Effects) {
  if (payment.status === 'paid' || payment.status === 'refunded') return;
  const [paid] = await tx
    .update(payments)
    .set({ status: 'paid', paidAt: now, providerPaymentId: intentId ?? payment.providerPaymentId, updatedAt: now })
    .where(eq(payments.id, payment.id))
    .returning();
  const current = paid as PaymentRow;
  const reservation = await lockReservation(tx, payment.reservationId);
  await recordCharge(tx, current, reservation, now);

  const otherPaid = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.reservationId, reservation.id),
        eq(payments.status, 'paid'),
        sql`${payments.id} <> ${payment.id}`,
      ),
    );
  const next = nextStatus(reservation.status as ReservationStatus, 'payment_succeeded');
  if (next && !otherPaid.length) {
    await tx.update(reservations).set({ status: next, updatedAt: now }).where(eq(reservations.id, reservation.id));
    if (holdsHours(next) !== holdsHours(reservation.status as ReservationStatus)) {
      await tx
        .update(reservationSlots)
        .set({ holds: holdsHours(next) })
        .where(eq(reservationSlots.reservationId, reservation.id));
    }
    effects.notices.push({
      reservationId: reservation.id,
      paymentId: current.id,
      kind: 'reservation.paid',
      money: { amountMinor: current.amountMinor, currency: current.currency },
    });
  } else {
    // Paid twice, or after the reservation was called off (cancelled, expired): give it back.
    const refund = await refundPayment(tx, current, reservation, now, { cause: 'duplicate_payment' });
    if (refund) effects.refunds.push(refund.id);
  }

  // A refund event that overtook this one could not be matched then (no payment intent yet).
  if (current.providerPaymentId) {
    const [early] = await tx
      .select()
      .from(paymentEvents)
      .where(
        and(
          eq(paymentEvents.type, 'charge.refunded'),
          isNull(paymentEvents.paymentId),
          sql`${paymentEvents.payload}->>'paymentIntentId' = ${current.providerPaymentId}`,
        ),
      )
      .limit(1);
    if (early) {
      await tx.update(paymentEvents).set({ paymentId: current.id }).where(eq(paymentEvents.id, early.id));
      const refunded = (early.payload as { amountRefundedMinor?: number }).amountRefundedMinor ?? current.amountMinor;
      const [latest] = await tx.select().from(payments).where(eq(payments.id, current.id));
      await markRefundedByProvider(
        tx,
        latest as PaymentRow,
        refunded,
        `external:${early.providerEventId}`,
        now,
        effects,
      );
    }
  }
}

/** A checkout ended unpaid: the payment records it and a reservation waiting on it can be paid again. */
async function markUnpaid(tx: Db, paymentId: string, status: 'failed' | 'expired', now: Date) {
  const updated = await tx
    .update(payments)
    .set({ status, updatedAt: now })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'open')))
    .returning();
  const payment = updated[0];
  if (!payment) return;
  const reservation = await lockReservation(tx, payment.reservationId);
  const latest = await latestPayment(tx, reservation.id);
  const next = nextStatus(reservation.status as ReservationStatus, 'payment_failed');
  if (next && latest?.id === payment.id) {
    await tx.update(reservations).set({ status: next, updatedAt: now }).where(eq(reservations.id, reservation.id));
  }
}

/**
 * The provider reports `totalRefundedMinor` refunded so far: the echo of Marco's own refunds
 * (already counted when decided), or a refund made in its dashboard, recorded once for the
 * part Marco has not counted.
 */
async function markRefundedByProvider(
  tx: Db,
  payment: PaymentRow,
  totalRefundedMinor: number,
  providerRefundId: string,
  now: Date,
  effects: Effects,
) {
  if (payment.status !== 'paid') return;
  const unrecorded = Math.min(totalRefundedMinor, payment.amountMinor) - payment.refundedMinor;
  if (unrecorded <= 0) return;
  const reservation = await lockReservation(tx, payment.reservationId);
  const refund = await refundPayment(tx, payment, reservation, now, {
    cause: 'external',
    amountMinor: unrecorded,
    external: { providerRefundId },
  });
  if (refund) effects.refundedByProvider.push(refund);
}

// -- Refunds at the provider ---------------------------------------------------------------------

export interface ErrorLog {
  error(details: object, message: string): void;
}
const consoleLog: ErrorLog = { error: (details, message) => console.error(message, details) };

/**
 * Asks the provider for refunds Marco decided and that have no provider refund yet (those
 * whose retry time has come, or just `ids`, or those of one reservation), then tells the
 * tourist. A failed or timed-out call stays pending with its next try put off (1, 2, 4 …
 * minutes, at most 6 hours), and the scheduler's sweep retries it; the refund's id is the
 * idempotency key, so a retry after a call that did reach the provider refunds once.
 */
export async function processDueRefunds(
  deps: PaymentDeps,
  only: { ids?: string[]; reservationId?: string } = {},
  log: ErrorLog = consoleLog,
): Promise<number> {
  const { db, clock } = deps;
  const { ids, reservationId } = only;
  if (ids && !ids.length) return 0;
  const due = await db
    .select({ id: paymentRefunds.id })
    .from(paymentRefunds)
    .where(
      and(
        isNull(paymentRefunds.providerRefundId),
        ids ? inArray(paymentRefunds.id, ids) : undefined,
        reservationId ? eq(paymentRefunds.reservationId, reservationId) : undefined,
        ids || reservationId ? undefined : lte(paymentRefunds.nextAttemptAt, clock.now()),
      ),
    )
    .orderBy(asc(paymentRefunds.nextAttemptAt));
  let done = 0;
  for (const { id } of due) {
    // The provider call is outside any transaction (it is slow); whoever records the refund
    // id first tells the tourist, so two callers tell once.
    const refunded = await refundAtProvider(deps, id).catch(async (error: unknown) => {
      log.error({ err: error, refundId: id }, 'refund at the payment provider failed; retried later');
      const now = clock.now();
      await db
        .update(paymentRefunds)
        .set({
          attempts: sql`${paymentRefunds.attempts} + 1`,
          lastError: String((error as Error)?.message ?? error).slice(0, 500),
          nextAttemptAt: sql`${now}::timestamptz + make_interval(secs => least(60 * power(2, ${paymentRefunds.attempts}), 21600))`,
        })
        .where(and(eq(paymentRefunds.id, id), isNull(paymentRefunds.providerRefundId)));
      return null;
    });
    if (!refunded) continue;
    done += 1;
    await noticeRefund(deps, refunded).catch((error: unknown) =>
      log.error({ err: error, refundId: id }, 'refund notice failed'),
    );
  }
  return done;
}

async function refundAtProvider(deps: PaymentDeps, id: string): Promise<RefundRow | null> {
  const [due] = await deps.db
    .select({ refund: paymentRefunds, paymentIntentId: payments.providerPaymentId })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(and(eq(paymentRefunds.id, id), isNull(paymentRefunds.providerRefundId)));
  if (!due?.paymentIntentId) return null;
  const answer = await deps.payments.refund({
    paymentIntentId: due.paymentIntentId,
    amountMinor: due.refund.amountMinor,
    idempotencyKey: due.refund.id,
  });
  const now = deps.clock.now();
  const [recorded] = await deps.db
    .update(paymentRefunds)
    .set({
      providerRefundId: answer.id,
      refundedAt: now,
      attempts: sql`${paymentRefunds.attempts} + 1`,
      lastError: null,
    })
    .where(and(eq(paymentRefunds.id, id), isNull(paymentRefunds.providerRefundId)))
    .returning();
  return recorded ?? null;
}

/** Tells the tourist a refund reached them. Receipts and other refund follow-ups hook in here. */
const noticeRefund = (deps: PaymentDeps, refund: RefundRow) =>
  sendReservationNotice(
    deps,
    refund.reservationId,
    'reservation.refunded',
    ['tourist'],
    { amountMinor: refund.amountMinor, currency: refund.currency },
    attachReceipt(deps, `refund:${refund.id}`),
  );
