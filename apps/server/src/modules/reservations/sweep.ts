import type { ReservationStatus } from '@marco/contract/reservations';
import { and, eq, inArray, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { reservationSlots, reservations } from '../../db/schema/index.js';
import type { ScheduledJob } from '../../platform/scheduler/index.js';
import { notify } from '../notifications/notify.js';
import type { ReservationDeps } from './service.js';
import { holdsHours, nextStatus, type ReservationAction } from './transitions.js';

const HOUR_MS = 3_600_000;
/** A request not answered within this long expires (and at the latest at its start). */
export const PENDING_ANSWER_MS = 48 * HOUR_MS;
/** A paid tour the guide has not confirmed completes by itself this long after its end. */
export const AUTO_COMPLETE_AFTER_MS = 48 * HOUR_MS;
export const RESERVATION_SWEEP_LOCK = 6_000_001;
export const RESERVATION_SWEEP_INTERVAL_MS = 60_000;

/**
 * One pass over the reservations whose time has come: pending ones unanswered for 48 h or
 * reaching their start expire; approved (or checkout-started) unpaid ones expire at their
 * start; paid ones complete 48 h after their end. Each move goes through the transition
 * table and only applies if the status is still the one read. Answers how many moved.
 */
export async function sweepReservations(deps: ReservationDeps): Promise<number> {
  const { db } = deps;
  const now = deps.clock.now();
  const due = await db
    .select({ id: reservations.id, status: reservations.status, touristId: reservations.touristId })
    .from(reservations)
    .where(
      or(
        and(
          eq(reservations.status, 'pending'),
          or(lte(reservations.createdAt, new Date(now.getTime() - PENDING_ANSWER_MS)), lte(reservations.startsAt, now)),
        ),
        and(inArray(reservations.status, ['approved', 'payment_pending']), lte(reservations.startsAt, now)),
        and(
          eq(reservations.status, 'paid'),
          lte(reservations.endsAt, new Date(now.getTime() - AUTO_COMPLETE_AFTER_MS)),
        ),
      ),
    );
  let moved = 0;
  for (const row of due) {
    const status = row.status as ReservationStatus;
    const action: ReservationAction = status === 'paid' ? 'auto_complete' : 'expire';
    const next = nextStatus(status, action);
    if (!next) continue;
    const updated = await db
      .update(reservations)
      .set({ status: next, updatedAt: now })
      .where(and(eq(reservations.id, row.id), eq(reservations.status, status)))
      .returning({ id: reservations.id });
    if (!updated.length) continue;
    if (holdsHours(next) !== holdsHours(status)) {
      await db
        .update(reservationSlots)
        .set({ holds: holdsHours(next) })
        .where(eq(reservationSlots.reservationId, row.id));
    }
    await notify(deps, row.touristId, next === 'completed' ? 'reservation.please_rate' : 'reservation.expired', {
      reservationId: row.id,
      status: next,
    });
    moved += 1;
  }
  return moved;
}

/** The scheduler job of the sweep (one instance at a time, see platform/scheduler). */
export const reservationSweepJob = (deps: ReservationDeps): ScheduledJob => ({
  name: 'reservations.sweep',
  lockKey: RESERVATION_SWEEP_LOCK,
  intervalMs: RESERVATION_SWEEP_INTERVAL_MS,
  run: async (db: Db) => {
    await sweepReservations({ ...deps, db });
  },
});
