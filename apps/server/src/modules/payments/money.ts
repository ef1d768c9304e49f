import { isFreeCancellation } from '@marco/contract/reservations';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ledgerEntries, payments } from '../../db/schema/index.js';
import { uuidv7 } from '../../platform/uuid-v7.js';

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

/** The charge reached the platform. */
export function recordCharge(tx: Db, payment: PaymentRow, reservation: ReservationRef, now: Date) {
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

/** Credits the guide with the paid amount less the commission (completion, or a cancellation too late to refund). */
export async function creditGuide(tx: Db, reservation: ReservationRef, commissionPercent: number, now: Date) {
  const payment = await paidPaymentOf(tx, reservation.id);
  if (!payment) return false;
  const commission = commissionOf(payment.amountMinor, commissionPercent);
  return record(tx, now, {
    account: 'guide',
    kind: 'earning',
    guideUserId: reservation.guideUserId,
    reservationId: reservation.id,
    paymentId: payment.id,
    currency: payment.currency,
    amountMinor: payment.amountMinor - commission,
    grossMinor: payment.amountMinor,
    commissionMinor: commission,
  });
}

/**
 * Refunds a paid payment in full: the payment is marked refunded and the money leaves the
 * platform (and the guide's earning, if one was credited, is reversed). The provider call
 * happens after the commit (`processDueRefunds`), when `providerRefundId` is still unset.
 * `external` = the provider already refunded (e.g. from its dashboard): nothing to call.
 */
export async function refundPayment(
  tx: Db,
  payment: PaymentRow,
  reservation: ReservationRef,
  now: Date,
  options: { external?: { refundedMinor: number } } = {},
): Promise<boolean> {
  const refundedMinor = Math.min(options.external?.refundedMinor ?? payment.amountMinor, payment.amountMinor);
  const updated = await tx
    .update(payments)
    .set({
      status: 'refunded',
      refundedMinor,
      refundedAt: now,
      refundRequestedAt: now,
      ...(options.external ? { providerRefundId: 'external' } : {}),
      updatedAt: now,
    })
    .where(and(eq(payments.id, payment.id), eq(payments.status, 'paid')))
    .returning({ id: payments.id });
  if (!updated.length) return false;
  const base = { guideUserId: reservation.guideUserId, reservationId: reservation.id, paymentId: payment.id };
  await record(tx, now, {
    ...base,
    account: 'platform',
    kind: 'refund',
    currency: payment.currency,
    amountMinor: -refundedMinor,
    grossMinor: payment.amountMinor,
  });
  const [earning] = await tx
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.paymentId, payment.id), eq(ledgerEntries.kind, 'earning')));
  if (earning) {
    await record(tx, now, {
      ...base,
      account: 'guide',
      kind: 'reversal',
      currency: earning.currency,
      amountMinor: -earning.amountMinor,
      grossMinor: earning.grossMinor,
      commissionMinor: -earning.commissionMinor,
    });
  }
  return true;
}

/**
 * The money side of calling a reservation off (spec §9): the tourist cancelling at least
 * 24 h before the start, or the guide's side ending it, refunds in full; the tourist
 * cancelling later refunds nothing and the guide is credited as for a completed tour.
 * Answers the refunded amount.
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
    return (await refundPayment(tx, payment, reservation, now)) ? payment.amountMinor : 0;
  }
  await creditGuide(tx, reservation, commissionPercent, now);
  return 0;
}
