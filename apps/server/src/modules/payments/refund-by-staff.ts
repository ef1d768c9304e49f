import type { DeskRefundRequest } from '@marco/contract/desk';
import { hasStaffRole } from '@marco/contract/staff';
import { eq } from 'drizzle-orm';
import { reservations } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { convertMinor, loadRatesPerUsd } from '../reservations/pricing.js';
import { recordStaffAction, type StaffActor } from '../staff/audit.js';
import { paidPaymentOf, type RefundRow, refundPayment } from './money.js';
import { type ErrorLog, type PaymentDeps, processDueRefunds } from './service.js';

/**
 * Staff refund a paid reservation in full or in part (the reservation desk). Support may
 * refund up to SUPPORT_REFUND_LIMIT_USD_MINOR (compared in US cents at the rate in force);
 * above it only finance (403 REFUND_NEEDS_FINANCE). The refund, its ledger movements and the
 * audit entry commit together; more than remains is 409 REFUND_EXCEEDS_REMAINING and changes
 * nothing. The provider is asked after the commit; if it fails or times out the refund stays
 * pending and the scheduler retries it (processDueRefunds).
 */
export async function refundByStaff(
  deps: PaymentDeps,
  actor: StaffActor,
  reservationId: string,
  input: DeskRefundRequest,
  log: ErrorLog,
): Promise<RefundRow> {
  const { db, clock } = deps;
  const refund = await db.transaction(async (tx) => {
    const [reservation] = await tx.select().from(reservations).where(eq(reservations.id, reservationId)).for('update');
    if (!reservation) throw new AppError('NOT_FOUND', 'Reservation not found');
    if (!hasStaffRole(actor.user.roles, 'finance')) {
      const limit = deps.config.SUPPORT_REFUND_LIMIT_USD_MINOR;
      const inUsd =
        reservation.currency === 'USD'
          ? input.amountMinor
          : convertMinor(
              input.amountMinor,
              reservation.currency,
              'USD',
              await loadRatesPerUsd(tx, ['USD', reservation.currency]),
            );
      if (inUsd > limit) {
        throw new AppError('REFUND_NEEDS_FINANCE', 'A refund this large needs the finance role', {
          limitUsdMinor: limit,
        });
      }
    }
    const payment = await paidPaymentOf(tx, reservationId);
    if (!payment) {
      throw new AppError('REFUND_EXCEEDS_REMAINING', 'Nothing paid remains to refund', { remainingMinor: 0 });
    }
    const now = clock.now();
    const made = await refundPayment(tx, payment, reservation, now, {
      cause: 'staff',
      amountMinor: input.amountMinor,
      reason: input.reason,
      requestedBy: actor.user.id,
    });
    if (!made) throw new AppError('REFUND_EXCEEDS_REMAINING', 'Nothing paid remains to refund', { remainingMinor: 0 });
    await recordStaffAction(tx, actor, {
      action: 'reservation.refund',
      targetType: 'reservation',
      targetId: reservationId,
      before: { refundedMinor: payment.refundedMinor },
      after: {
        refundedMinor: payment.refundedMinor + made.amountMinor,
        refundId: made.id,
        amountMinor: made.amountMinor,
        currency: made.currency,
        reason: input.reason,
      },
      at: now,
    });
    return made;
  });
  await processDueRefunds(deps, { ids: [refund.id] }, log);
  return refund;
}
