import type { ReservationStatus } from '@marco/contract/reservations';
import { and, eq, gt, inArray, lte, notExists, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { reservationReminders, reservationSlots, reservations } from '../../db/schema/index.js';
import type { ScheduledJob } from '../../platform/scheduler/index.js';
import type { NoticeKind } from '../notifications/catalog.js';
import { creditGuide } from '../payments/money.js';
import { processDueRefunds } from '../payments/service.js';
import { type Recipient, sendReservationNotice } from './notices.js';
import type { ReservationDeps } from './service.js';
import { holdsHours, nextStatus, type ReservationAction } from './transitions.js';

const HOUR_MS = 3_600_000;
/** A request not answered within this long expires (and at the latest at its start). */
export const PENDING_ANSWER_MS = 48 * HOUR_MS;
/** A paid tour the guide has not confirmed completes by itself this long after its end. */
export const AUTO_COMPLETE_AFTER_MS = 48 * HOUR_MS;
/** Paid tours starting within this long get their reminder. */
export const REMINDER_BEFORE_MS = 24 * HOUR_MS;
export const RESERVATION_SWEEP_LOCK = 6_000_001;

interface Notice {
  reservationId: string;
  kind: NoticeKind;
  to: Recipient[];
}

const sendNotice = (deps: ReservationDeps, notice: Notice) =>
  sendReservationNotice(deps, notice.reservationId, notice.kind, notice.to);

/** Sends now, or keeps the notice for after the scheduler's transaction commits. */
const sendOrKeep = async (deps: ReservationDeps, notice: Notice, kept: Notice[] | undefined) => {
  if (kept) kept.push(notice);
  else await sendNotice(deps, notice);
};

/**
 * One pass over the reservations whose time has come: pending ones unanswered for 48 h or
 * reaching their start expire; approved (or checkout-started) unpaid ones expire at their
 * start; paid ones complete 48 h after their end, crediting the guide. Each move goes
 * through the transition table and only applies if the status is still the one read.
 * Answers how many moved.
 */
export async function sweepReservations(deps: ReservationDeps, notices?: Notice[]): Promise<number> {
  const { db } = deps;
  const now = deps.clock.now();
  const due = await db
    .select({ id: reservations.id, status: reservations.status })
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
    const applied = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(reservations)
        .set({ status: next, updatedAt: now })
        .where(and(eq(reservations.id, row.id), eq(reservations.status, status)))
        .returning();
      if (!updated) return false;
      if (holdsHours(next) !== holdsHours(status)) {
        await tx
          .update(reservationSlots)
          .set({ holds: holdsHours(next) })
          .where(eq(reservationSlots.reservationId, row.id));
      }
      if (action === 'auto_complete') await creditGuide(tx, updated, deps.config.PLATFORM_COMMISSION_PERCENT, now);
      return true;
    });
    if (!applied) continue;
    const notice: Notice =
      next === 'completed'
        ? { reservationId: row.id, kind: 'reservation.please_rate', to: ['tourist'] }
        : {
            reservationId: row.id,
            kind: 'reservation.expired',
            to: status === 'pending' ? ['tourist', 'guide'] : ['tourist'],
          };
    await sendOrKeep(deps, notice, notices);
    moved += 1;
  }
  return moved;
}

/**
 * Reminds both parties of a paid tour starting within 24 h. Each reminder is claimed by
 * inserting its row first, so it goes out once even if two passes overlap. Answers how many.
 */
export async function sendReminders(deps: ReservationDeps, notices?: Notice[]): Promise<number> {
  const { db } = deps;
  const now = deps.clock.now();
  const due = await db
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      and(
        eq(reservations.status, 'paid'),
        gt(reservations.startsAt, now),
        lte(reservations.startsAt, new Date(now.getTime() + REMINDER_BEFORE_MS)),
        notExists(
          db.select().from(reservationReminders).where(eq(reservationReminders.reservationId, reservations.id)),
        ),
      ),
    );
  let sent = 0;
  for (const { id } of due) {
    const claimed = await db
      .insert(reservationReminders)
      .values({ reservationId: id, sentAt: now })
      .onConflictDoNothing()
      .returning({ id: reservationReminders.reservationId });
    if (!claimed.length) continue;
    await sendOrKeep(deps, { reservationId: id, kind: 'reservation.reminder', to: ['tourist', 'guide'] }, notices);
    sent += 1;
  }
  return sent;
}

/**
 * The scheduler job: expiries, completions and reminder claims under the lock; after the
 * commit, their notices and the refunds the provider has not confirmed yet (one instance
 * at a time, see platform/scheduler).
 */
export const reservationSweepJob = (deps: ReservationDeps): ScheduledJob => ({
  name: 'reservations-sweep',
  lockKey: RESERVATION_SWEEP_LOCK,
  intervalMs: deps.config.RESERVATION_SWEEP_INTERVAL_MS,
  run: async (db: Db) => {
    const scoped = { ...deps, db };
    const notices: Notice[] = [];
    await sweepReservations(scoped, notices);
    await sendReminders(scoped, notices);
    return async () => {
      for (const notice of notices) await sendNotice(deps, notice);
      await processDueRefunds(deps);
    };
  },
});
