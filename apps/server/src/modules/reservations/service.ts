import {
  type CancelReservation,
  type CreateReservationSchema,
  RESERVATION_GROUPS,
  RESERVATION_MAX_DAYS,
  type Reservation,
  type ReservationCurrency,
  type ReservationListQuerySchema,
  type ReservationStatus,
} from '@marco/contract/reservations';
import { and, asc, count, desc, eq, gt, inArray, lt, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { guides, guideVehicles, reservationSlots, reservations, users } from '../../db/schema/index.js';
import { sqlStateOf, violatedUniqueConstraint } from '../../db/sql-errors.js';
import { AppError, fieldError } from '../../platform/errors.js';
import { uuidv7 } from '../../platform/uuid-v7.js';
import {
  getAvailableHours,
  type HeldIntervalsSource,
  type Interval,
  localHourToInstant,
  noHeldIntervals,
} from '../guides/availability.js';
import type { NoticeKind } from '../notifications/catalog.js';
import { creditGuide, settleCancellation } from '../payments/money.js';
import { type PaymentDeps, processDueRefunds } from '../payments/service.js';
import { reviewsOfReservations } from '../reviews/service.js';
import { recordStaffAction, type StaffActor } from '../staff/audit.js';
import { type Recipient, sendReservationNotice } from './notices.js';
import { computePrice, loadRatesPerUsd } from './pricing.js';
import { setReservationActor } from './status-history.js';
import { holdsHours, nextStatus, type ReservationAction } from './transitions.js';

export type ReservationDeps = PaymentDeps;

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

type CreateInput = z.output<typeof CreateReservationSchema>;
type ListQuery = z.output<typeof ReservationListQuerySchema>;
type ReservationRow = typeof reservations.$inferSelect;

/** The held intervals of a guide, for availability: slots of approved, paying or paid reservations. */
export const reservationHeldIntervals: HeldIntervalsSource = {
  async listHeldIntervals(db, guideId, fromUtc, toUtc) {
    const rows = await db
      .select({ start: reservationSlots.startsAt, end: reservationSlots.endsAt })
      .from(reservationSlots)
      .where(
        and(
          eq(reservationSlots.guideId, guideId),
          eq(reservationSlots.holds, true),
          lt(reservationSlots.startsAt, toUtc),
          gt(reservationSlots.endsAt, fromUtc),
        ),
      );
    return rows;
  },
};

/** True when a failed statement was refused by the no-overlap EXCLUDE constraint (SQLSTATE 23P01). */
export const isExclusionViolation = (error: unknown): boolean => sqlStateOf(error) === '23P01';

const dayNumberOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The calendar dates of a create request, sorted and without repeats. */
function requestedDates(input: CreateInput): string[] {
  if (input.dates) return [...new Set(input.dates)].sort();
  const range = input.dateRange as { from: string; to: string };
  const first = dayNumberOf(range.from);
  const last = dayNumberOf(range.to);
  if (last - first + 1 > RESERVATION_MAX_DAYS) {
    throw fieldError('VALIDATION_FAILED', 'body.dateRange', `at most ${RESERVATION_MAX_DAYS} days`);
  }
  return Array.from({ length: last - first + 1 }, (_, index) => dateOfDay(first + index));
}

const covers = (available: Interval[], start: number, end: number) => {
  const starts = new Set(available.map((slot) => slot.start.getTime()));
  for (let hour = start; hour < end; hour += HOUR_MS) if (!starts.has(hour)) return false;
  return true;
};

export async function createReservation(
  deps: ReservationDeps,
  touristId: string,
  input: CreateInput,
  idempotencyKey: string | undefined,
): Promise<Reservation> {
  const { db, clock } = deps;
  if (idempotencyKey) {
    const existing = await findByIdempotencyKey(db, touristId, idempotencyKey);
    if (existing) return existing;
  }
  const [guide] = await db.select().from(guides).where(eq(guides.id, input.guideId));
  if (guide?.status !== 'approved' || !guide.isActive || !guide.hourlyRateMinor || !guide.currency) {
    throw new AppError('GUIDE_NOT_FOUND', 'Guide not found');
  }
  if (guide.userId === touristId) throw new AppError('OPERATION_FAILED', 'You cannot reserve yourself');

  let vehicleRateMinor = 0;
  if (input.vehicleId) {
    const [vehicle] = await db
      .select({ rate: guideVehicles.additionalHourlyRateMinor })
      .from(guideVehicles)
      .where(and(eq(guideVehicles.id, input.vehicleId), eq(guideVehicles.guideId, guide.id)));
    if (!vehicle) throw fieldError('VALIDATION_FAILED', 'body.vehicleId', 'not a vehicle of this guide');
    vehicleRateMinor = vehicle.rate;
  }

  const now = clock.now();
  const slots = requestedDates(input).map((date) => {
    const day = dayNumberOf(date);
    return {
      date,
      startsAt: localHourToInstant(day, input.startHour, guide.timezone),
      endsAt: localHourToInstant(day, input.endHour, guide.timezone),
    };
  });
  const first = slots[0] as (typeof slots)[number];
  const last = slots[slots.length - 1] as (typeof slots)[number];
  if (first.startsAt.getTime() <= now.getTime()) {
    throw fieldError('VALIDATION_FAILED', 'body.startHour', 'the reservation must start in the future');
  }
  const [scheduled, free] = await Promise.all([
    getAvailableHours(db, guide.id, first.startsAt, last.endsAt, { held: noHeldIntervals }),
    getAvailableHours(db, guide.id, first.startsAt, last.endsAt, { held: reservationHeldIntervals }),
  ]);
  for (const slot of slots) {
    const start = slot.startsAt.getTime();
    const end = slot.endsAt.getTime();
    if (!covers(scheduled, start, end)) {
      throw fieldError('VALIDATION_FAILED', 'body.startHour', `the guide does not work these hours on ${slot.date}`);
    }
    if (!covers(free, start, end)) throw new AppError('SLOT_TAKEN', `These hours on ${slot.date} are already taken`);
  }
  const totalHours = slots.reduce((sum, slot) => sum + (slot.endsAt.getTime() - slot.startsAt.getTime()) / HOUR_MS, 0);
  const rates = await loadRatesPerUsd(db, [guide.currency, input.currency]);
  const price = computePrice({
    guideCurrency: guide.currency,
    hourlyRateMinor: guide.hourlyRateMinor,
    vehicleHourlyRateMinor: vehicleRateMinor,
    totalHours,
    currency: input.currency,
    rates,
  });

  const id = uuidv7(now);
  try {
    await db.transaction(async (tx) => {
      await tx.insert(reservations).values({
        id,
        guideId: guide.id,
        guideUserId: guide.userId,
        touristId,
        cityId: input.cityId,
        timezone: guide.timezone,
        startHour: input.startHour,
        endHour: input.endHour,
        startsAt: first.startsAt,
        endsAt: last.endsAt,
        meetingPoint: input.meetingPoint,
        noteToGuide: input.noteToGuide || null,
        additionalNotes: input.additionalNotes || null,
        contactPhone: input.contactPhone,
        contactEmail: input.contactEmail,
        vehicleId: input.vehicleId ?? null,
        currency: price.currency,
        hourlyRateMinor: price.hourlyRateMinor,
        vehicleHourlyRateMinor: price.vehicleHourlyRateMinor,
        totalHours: price.totalHours,
        totalMinor: price.totalMinor,
        exchangeRates: rates,
        status: 'pending',
        idempotencyKey: idempotencyKey ?? null,
        createdAt: now,
        updatedAt: now,
      });
      await tx
        .insert(reservationSlots)
        .values(slots.map((slot) => ({ ...slot, reservationId: id, guideId: guide.id })));
    });
  } catch (error) {
    if (idempotencyKey && violatedUniqueConstraint(error) === 'reservations_tourist_idempotency') {
      const existing = await findByIdempotencyKey(db, touristId, idempotencyKey);
      if (existing) return existing;
    }
    if (sqlStateOf(error) === '23503') {
      throw fieldError('VALIDATION_FAILED', 'body.cityId', 'unknown city');
    }
    throw error;
  }
  const reservation = (await loadReservation(db, id)) as Reservation;
  await sendReservationNotice(deps, id, 'reservation.requested', ['guide']);
  return reservation;
}

async function findByIdempotencyKey(db: Db, touristId: string, key: string): Promise<Reservation | null> {
  const [row] = await db
    .select({ id: reservations.id })
    .from(reservations)
    .where(and(eq(reservations.touristId, touristId), eq(reservations.idempotencyKey, key)));
  return row ? loadReservation(db, row.id) : null;
}

// -- Reading -------------------------------------------------------------------------------------

async function present(db: Db, rows: ReservationRow[]): Promise<Reservation[]> {
  if (!rows.length) return [];
  const ids = rows.map((row) => row.id);
  const userIds = [...new Set(rows.flatMap((row) => [row.guideUserId, row.touristId]))];
  const [slotRows, people, reviewOf] = await Promise.all([
    db
      .select()
      .from(reservationSlots)
      .where(inArray(reservationSlots.reservationId, ids))
      .orderBy(asc(reservationSlots.startsAt)),
    db.select({ id: users.id, name: users.name, surname: users.surname }).from(users).where(inArray(users.id, userIds)),
    reviewsOfReservations(db, ids),
  ]);
  const person = (userId: string) => {
    const found = people.find((entry) => entry.id === userId);
    return { userId, name: found?.name ?? '', surname: found?.surname ?? '' };
  };
  return rows.map((row) => ({
    id: row.id,
    status: row.status as ReservationStatus,
    guideId: row.guideId,
    guide: person(row.guideUserId),
    tourist: person(row.touristId),
    cityId: row.cityId,
    timezone: row.timezone,
    startHour: row.startHour,
    endHour: row.endHour,
    slots: slotRows
      .filter((slot) => slot.reservationId === row.id)
      .map((slot) => ({ date: slot.date, startsAt: slot.startsAt.toISOString(), endsAt: slot.endsAt.toISOString() })),
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    meetingPoint: row.meetingPoint,
    noteToGuide: row.noteToGuide,
    additionalNotes: row.additionalNotes,
    contactPhone: row.contactPhone,
    contactEmail: row.contactEmail,
    vehicleId: row.vehicleId,
    price: {
      currency: row.currency as ReservationCurrency,
      hourlyRateMinor: row.hourlyRateMinor,
      vehicleHourlyRateMinor: row.vehicleHourlyRateMinor,
      totalHours: row.totalHours,
      totalMinor: row.totalMinor,
    },
    rejectReason: row.rejectReason,
    cancelReasonKey: row.cancelReasonKey as Reservation['cancelReasonKey'],
    cancelReasonText: row.cancelReasonText,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    review: reviewOf.get(row.id) ?? null,
  }));
}

async function loadReservation(db: Db, id: string): Promise<Reservation | null> {
  const rows = await db.select().from(reservations).where(eq(reservations.id, id));
  return (await present(db, rows))[0] ?? null;
}

export type Side = 'guide' | 'tourist';
const ownerColumn = (side: Side) => (side === 'guide' ? reservations.guideUserId : reservations.touristId);

/** A reservation seen by its guide or its tourist; 404 for anyone else. */
export async function getReservation(db: Db, userId: string, side: Side, id: string): Promise<Reservation> {
  const [row] = await db
    .select()
    .from(reservations)
    .where(and(eq(reservations.id, id), eq(ownerColumn(side), userId)));
  if (!row) throw new AppError('NOT_FOUND', 'Reservation not found');
  return (await present(db, [row]))[0] as Reservation;
}

export async function listReservations(db: Db, userId: string, side: Side, query: ListQuery) {
  const conditions: SQL[] = [eq(ownerColumn(side), userId)];
  if (query.group) conditions.push(inArray(reservations.status, [...RESERVATION_GROUPS[query.group]]));
  const where = and(...conditions);
  const order = query.group === 'history' ? [desc(reservations.startsAt)] : [asc(reservations.startsAt)];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(reservations)
      .where(where)
      .orderBy(...order, asc(reservations.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(reservations).where(where),
  ]);
  return { data: await present(db, rows), page: query.page, pageSize: query.pageSize, total: total?.value ?? 0 };
}

// -- Transitions ---------------------------------------------------------------------------------

/** Who moves a reservation: one of its parties, or staff on behalf of one (the reservation desk). */
type Mover = { side: Side; userId: string } | { staff: StaffActor; onBehalfOf: Side; reason: string };
// Staff move reservations only by cancelling them (cancelByStaff); the audit entry says so.

/**
 * Moves reservation `id` by `action` as `by`, under a row lock; the slots' `holds` flag
 * follows the status in the same transaction, so the EXCLUDE constraint sees the change, and
 * the status history names the mover. 404 when not the caller's, 409 INVALID_STATE when not
 * allowed now, 409 SLOT_TAKEN when the hours are held by another reservation of the guide.
 * Staff's moves are written to the audit log in the same transaction.
 */
async function transition(
  deps: ReservationDeps,
  by: Mover,
  id: string,
  action: ReservationAction,
  extra: (row: ReservationRow, now: Date) => Partial<ReservationRow> = () => ({}),
): Promise<Reservation> {
  const { db, clock } = deps;
  try {
    await db.transaction(async (tx) => {
      const owner = 'side' in by ? eq(ownerColumn(by.side), by.userId) : undefined;
      const [row] = await tx
        .select()
        .from(reservations)
        .where(and(eq(reservations.id, id), owner))
        .for('update');
      if (!row) throw new AppError('NOT_FOUND', 'Reservation not found');
      const next = nextStatus(row.status as ReservationStatus, action);
      if (!next) throw new AppError('INVALID_STATE', `A ${row.status} reservation cannot be changed this way`);
      const now = clock.now();
      await setReservationActor(
        tx,
        'side' in by
          ? { role: by.side, userId: by.userId }
          : { role: 'staff', userId: by.staff.user.id, reason: by.reason },
      );
      await tx
        .update(reservations)
        .set({ ...extra(row, now), status: next, updatedAt: now })
        .where(eq(reservations.id, id));
      const holds = holdsHours(next);
      if (holds !== holdsHours(row.status as ReservationStatus)) {
        await tx.update(reservationSlots).set({ holds }).where(eq(reservationSlots.reservationId, id));
      }
      const refundedMinor = await moneyOf(deps, tx, action, row, 'side' in by ? 'tourist' : by.onBehalfOf, now);
      if ('staff' in by) {
        await recordStaffAction(tx, by.staff, {
          action: 'reservation.cancel',
          targetType: 'reservation',
          targetId: id,
          before: { status: row.status },
          after: { status: next, onBehalfOf: by.onBehalfOf, reason: by.reason, refundedMinor },
          at: now,
        });
      }
    });
  } catch (error) {
    if (isExclusionViolation(error)) {
      throw new AppError('SLOT_TAKEN', 'The guide is already reserved for some of these hours');
    }
    throw error;
  }
  if (action === 'cancel') await processDueRefunds(deps, { reservationId: id });
  const notice = NOTICE_OF[action];
  if (notice) await sendReservationNotice(deps, id, notice.kind, notice.to);
  return (await loadReservation(db, id)) as Reservation;
}

/**
 * The money side of a move, in its transaction: a completed tour credits the guide; a
 * cancellation refunds or credits by the 24-hour rule (spec §9), or refunds in full when the
 * guide's side calls it off. Answers the amount refunded.
 */
async function moneyOf(
  deps: ReservationDeps,
  tx: Db,
  action: ReservationAction,
  row: ReservationRow,
  cancelledBy: Side,
  now: Date,
): Promise<number> {
  const percent = deps.config.PLATFORM_COMMISSION_PERCENT;
  if (action === 'confirm_consumption') await creditGuide(tx, row, percent, now);
  if (action === 'cancel') return settleCancellation(tx, row, cancelledBy, percent, now);
  return 0;
}

/** Who hears of a move. */
const NOTICE_OF: Partial<Record<ReservationAction, { kind: NoticeKind; to: Recipient[] }>> = {
  accept: { kind: 'reservation.approved', to: ['tourist'] },
  reject: { kind: 'reservation.rejected', to: ['tourist'] },
  cancel: { kind: 'reservation.cancelled', to: ['tourist', 'guide'] },
  confirm_consumption: { kind: 'reservation.please_rate', to: ['tourist'] },
};

export function acceptByGuide(deps: ReservationDeps, userId: string, id: string) {
  return transition(deps, { side: 'guide', userId }, id, 'accept', (row, now) => {
    if (row.startsAt.getTime() <= now.getTime()) {
      throw new AppError('INVALID_STATE', 'The reservation has already started');
    }
    return {};
  });
}

export function rejectByGuide(deps: ReservationDeps, userId: string, id: string, reason: string) {
  return transition(deps, { side: 'guide', userId }, id, 'reject', () => ({ rejectReason: reason }));
}

export function cancelByTourist(deps: ReservationDeps, userId: string, id: string, input: CancelReservation) {
  return transition(deps, { side: 'tourist', userId }, id, 'cancel', () => ({
    cancelReasonKey: input.reasonKey,
    cancelReasonText: input.reasonText || null,
  }));
}

/**
 * Staff cancel on behalf of the tourist (refund by the 24-hour rule) or the guide (full
 * refund), through the same move, money and notices as the parties' own cancellations.
 */
export function cancelByStaff(
  deps: ReservationDeps,
  staff: StaffActor,
  id: string,
  input: { onBehalfOf: Side; reason: string },
) {
  return transition(deps, { staff, onBehalfOf: input.onBehalfOf, reason: input.reason }, id, 'cancel');
}

/** The guide confirms the tour took place; only after its end. */
export function confirmConsumption(deps: ReservationDeps, userId: string, id: string) {
  return transition(deps, { side: 'guide', userId }, id, 'confirm_consumption', (row, now) => {
    if (row.endsAt.getTime() > now.getTime()) throw new AppError('INVALID_STATE', 'The tour has not ended yet');
    return {};
  });
}
