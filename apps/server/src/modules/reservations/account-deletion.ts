import type { ReservationStatus } from '@marco/contract/reservations';
import { and, eq, inArray, or } from 'drizzle-orm';
import { reservationSlots, reservations } from '../../db/schema/index.js';
import { settleCancellation } from '../payments/money.js';
import { processDueRefunds } from '../payments/service.js';
import { sendReservationNotice } from './notices.js';
import type { ReservationDeps } from './service.js';
import { holdsHours, nextStatus } from './transitions.js';

const OPEN_STATUSES: ReservationStatus[] = ['pending', 'approved', 'payment_pending', 'paid'];

/**
 * For account deletion: every reservation of the user that is not over is cancelled (a
 * deleting tourist is refunded by the 24-hour rule like any cancellation; a deleting guide's
 * tourists are refunded in full) and the other party is told. Then the tourist's contact
 * details and notes are erased from all their reservations. The rows, payments and the
 * guide's ledger stay, pointing at the anonymised user, so the accounts still add up.
 */
export async function callOffReservationsOf(deps: ReservationDeps, userId: string): Promise<void> {
  const { db } = deps;
  const open = await db
    .select({ id: reservations.id, touristId: reservations.touristId })
    .from(reservations)
    .where(
      and(
        or(eq(reservations.touristId, userId), eq(reservations.guideUserId, userId)),
        inArray(reservations.status, OPEN_STATUSES),
      ),
    );
  for (const { id, touristId } of open) {
    const by = touristId === userId ? 'tourist' : 'guide';
    const cancelled = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(reservations).where(eq(reservations.id, id)).for('update');
      const status = row?.status as ReservationStatus;
      const next = row ? nextStatus(status, 'account_deleted') : null;
      if (!row || !next) return false;
      const now = deps.clock.now();
      await tx
        .update(reservations)
        .set({ status: next, ...(by === 'tourist' ? { cancelReasonKey: 'other' } : {}), updatedAt: now })
        .where(eq(reservations.id, id));
      if (holdsHours(next) !== holdsHours(status)) {
        await tx
          .update(reservationSlots)
          .set({ holds: holdsHours(next) })
          .where(eq(reservationSlots.reservationId, id));
      }
      await settleCancellation(tx, row, by, deps.config.PLATFORM_COMMISSION_PERCENT, now);
      return true;
    });
    if (!cancelled) continue;
    await processDueRefunds(deps, { reservationId: id });
    await sendReservationNotice(deps, id, 'reservation.cancelled', [by === 'tourist' ? 'guide' : 'tourist']);
  }
  await db
    .update(reservations)
    .set({ contactPhone: '', contactEmail: '', noteToGuide: null, additionalNotes: null, cancelReasonText: null })
    .where(eq(reservations.touristId, userId));
}
