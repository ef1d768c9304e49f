import { isFreeCancellation } from '@marco/contract/reservations';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ledgerEntries, paymentRefunds, payments } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { uuidv7 } from '../../platform/uuid-v7.js';
import { issueReceipt } from '../receipts/issue-receipt.js';

/*
 * Money movements, always inside the caller's transaction so they commit with the status
 * change that causes them. Every movement is one ledger row; `(payment_id, kind)` is unique
 * and inserts skip an existing row, so doing the same thing twice records it once.
 */

export type PaymentRow = typeof payments.$inferSelect;
interface ReservationRef {
  id: string;
  guideUserId: string;
  startsAt: Date;
}

/** The platform's share of `grossMinor` at `percent`, rounded half up to a whole minor unit. */
export const commissionOf = (grossMinor: number, percent: number): number =>
  Math.round((grossMinor * Math.round(percent * 100)) / 10_000);

/** The payment that currently pays for a reservation (paid and not refunded), if any. */
export async function paidPaymentOf(tx: Db, reservationId: string): Promise<PaymentRow | null> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.reservationId, reservationId), eq(payments.status, 'paid')))
    .orderBy(desc(payments.paidAt))
    .limit(1);
  return row ?? null;
}

async function record(
  tx: Db,
  now: Date,
  entry: Omit<typeof ledgerEntries.$inferInsert, 'id' | 'createdAt'>,
): Promise<boolean> {
  const inserted = await tx
    .insert(ledgerEntries)
    .values({ ...entry, id: uuidv7(now), createdAt: now })
    .onConflictDoNothing()
    .returning({ id: ledgerEntries.id });
  return inserted.length > 0;
}

/** The charge reached the platform; the traveller's receipt is issued with it. */
export async function recordCharge(tx: Db, payment: PaymentRow, reservation: ReservationRef, now: Date) {
  const { id: paymentId, amountMinor, currency } = payment;
  const receipt = { sourceId: paymentId, reservationId: reservation.id, paymentId, amountMinor, currency };
  await issueReceipt(tx, { kind: 'payment', ...receipt }, now);
  return record(tx, now, {
    account: 'platform',
    kind: 'charge',
    guideUserId: reservation.guideUserId,
    reservationId: reservation.id,
    paymentId: payment.id,
    currency: payment.currency,
    amountMinor: payment.amountMinor,
    grossMinor: payment.amountMinor,
  });
}

/**
 * Credits the guide with what was paid and not refunded, less the commission (completion,
 * or a cancellation too late to refund).
 */
export async function creditGuide(tx: Db, reservation: ReservationRef, commissionPercent: number, now: Date) {
  const payment = await paidPaymentOf(tx, reservation.id);
  if (!payment) return false;
  const kept = payment.amountMinor - payment.refundedMinor;
  const commission = commissionOf(kept, commissionPercent);
  return record(tx, now, {
    account: 'guide',
    kind: 'earning',
    guideUserId: reservation.guideUserId,
    reservationId: reservation.id,
    paymentId: payment.id,
    currency: payment.currency,
    amountMinor: kept - commission,
    grossMinor: kept,
    commissionMinor: commission,
  });
}

export type RefundRow = typeof paymentRefunds.$inferSelect;
export type RefundCause = 'cancellation' | 'duplicate_payment' | 'staff' | 'external';

export interface RefundRequest {
  cause: RefundCause;
  /** Minor units; the whole remaining amount when left out. */
  amountMinor?: number;
  reason?: string;
  requestedBy?: string;
  /** The provider already refunded (its dashboard): nothing to call, its id is recorded. */
  external?: { providerRefundId: string };
}

/**
 * The one way money goes back to a payer, in the caller's transaction: a refund row (in full
 * or in part of what remains), the payment's refunded total (status `refunded` once nothing
 * remains), the platform's outgoing movement and, when the guide was already credited, the
 * matching share of the earning reversed. The provider is called after the commit
 * (`processDueRefunds`), with the refund's id as idempotency key. Answers null when nothing
 * remains to refund; 409 REFUND_EXCEEDS_REMAINING when `amountMinor` is more than remains.
 */
export async function refundPayment(
  tx: Db,
  payment: PaymentRow,
  reservation: ReservationRef,
  now: Date,
  request: RefundRequest,
): Promise<RefundRow | null> {
  // Locked so two refunds of one payment are decided one after the other on the current total.
  const [current] = await tx.select().from(payments).where(eq(payments.id, payment.id)).for('update');
  if (current?.status !== 'paid') return null;
  const remaining = current.amountMinor - current.refundedMinor;
  const amountMinor = request.amountMinor ?? remaining;
  if (amountMinor > remaining) {
    throw new AppError('REFUND_EXCEEDS_REMAINING', 'The refund is larger than what remains of the payment', {
      remainingMinor: remaining,
    });
  }
  if (amountMinor <= 0) return null;
  const refundedMinor = current.refundedMinor + amountMinor;
  const [refund] = await tx
    .insert(paymentRefunds)
    .values({
      id: uuidv7(now),
      paymentId: current.id,
      reservationId: reservation.id,
      amountMinor,
      currency: current.currency,
      cause: request.cause,
      reason: request.reason ?? null,
      requestedBy: request.requestedBy ?? null,
      requestedAt: now,
      providerRefundId: request.external?.providerRefundId ?? null,
      refundedAt: request.external ? now : null,
      nextAttemptAt: now,
    })
    .returning();
  if (!refund) throw new Error('refund insert returned no row');
  await issueReceipt(
    tx,
    {
      kind: 'refund',
      sourceId: refund.id,
      reservationId: reservation.id,
      paymentId: current.id,
      amountMinor,
      currency: current.currency,
    },
    now,
  );
  const isWhole = refundedMinor === current.amountMinor;
  await tx
    .update(payments)
    .set({ refundedMinor, ...(isWhole ? { status: 'refunded', refundedAt: now } : {}), updatedAt: now })
    .where(eq(payments.id, current.id));
  const base = {
    guideUserId: reservation.guideUserId,
    reservationId: reservation.id,
    paymentId: current.id,
    refundId: refund.id,
  };
  await record(tx, now, {
    ...base,
    account: 'platform',
    kind: 'refund',
    currency: current.currency,
    amountMinor: -amountMinor,
    grossMinor: current.amountMinor,
  });
  const [earning] = await tx
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.paymentId, current.id), eq(ledgerEntries.kind, 'earning')));
  if (earning && earning.grossMinor > 0) {
    // The earning was credited on what was kept then (`grossMinor`); each refund after that
    // takes back its share, computed on running totals so the parts add up to the whole.
    const before = current.refundedMinor - (current.amountMinor - earning.grossMinor);
    const share = (refunded: number, of: number) => Math.round((of * refunded) / earning.grossMinor);
    await record(tx, now, {
      ...base,
      account: 'guide',
      kind: 'reversal',
      currency: earning.currency,
      amountMinor: share(before, earning.amountMinor) - share(before + amountMinor, earning.amountMinor),
      grossMinor: amountMinor,
      commissionMinor: share(before, earning.commissionMinor) - share(before + amountMinor, earning.commissionMinor),
    });
  }
  return refund;
}

/**
 * The money side of calling a reservation off (spec §9): the tourist cancelling at least
 * 24 h before the start, or the guide's side ending it, refunds in full; the tourist
 * cancelling later refunds nothing and the guide is credited as for a completed tour.
 * Answers the refunded amount (what remained of the payment).
 */
export async function settleCancellation(
  tx: Db,
  reservation: ReservationRef,
  by: 'tourist' | 'guide',
  commissionPercent: number,
  now: Date,
): Promise<number> {
  const payment = await paidPaymentOf(tx, reservation.id);
  if (!payment) return 0;
  if (by === 'guide' || isFreeCancellation(reservation.startsAt, now)) {
    return (await refundPayment(tx, payment, reservation, now, { cause: 'cancellation' }))?.amountMinor ?? 0;
  }
  await creditGuide(tx, reservation, commissionPercent, now);
  return 0;
}
