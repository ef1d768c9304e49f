import type { ReservationStatus } from '@marco/contract/reservations';
import { and, asc, eq, gte, inArray, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { reservationSlots, reservations, users } from '../../db/schema/index.js';

/** One day of a reservation as a calendar shows it: [startsAt, endsAt) read in `timezone`. */
export interface CalendarEntry {
  reservationId: string;
  date: string;
  status: ReservationStatus;
  startsAt: Date;
  endsAt: Date;
  timezone: string;
  meetingPoint: string;
  noteToGuide: string | null;
  contactPhone: string;
  contactEmail: string;
  guideName: string;
  touristName: string;
  updatedAt: Date;
}

/** Statuses a reservation can be put in a calendar in: booked for sure (paid) or already done. */
export const CALENDAR_FILE_STATUSES = ['paid', 'completed'] as const satisfies readonly ReservationStatus[];
/** Statuses a guide's feed lists: approved (awaiting payment) as tentative, paid and completed as confirmed. */
export const CALENDAR_FEED_STATUSES = [
  'approved',
  'payment_pending',
  'paid',
  'completed',
] as const satisfies readonly ReservationStatus[];

const guideUser = alias(users, 'guide_user');
const touristUser = alias(users, 'tourist_user');
const fullName = (person: { name: string | null; surname: string | null }) =>
  [person.name, person.surname].filter(Boolean).join(' ');

function selectEntries(db: Db) {
  return db
    .select({
      reservationId: reservations.id,
      date: reservationSlots.date,
      status: reservations.status,
      startsAt: reservationSlots.startsAt,
      endsAt: reservationSlots.endsAt,
      timezone: reservations.timezone,
      meetingPoint: reservations.meetingPoint,
      noteToGuide: reservations.noteToGuide,
      contactPhone: reservations.contactPhone,
      contactEmail: reservations.contactEmail,
      updatedAt: reservations.updatedAt,
      guide: { name: guideUser.name, surname: guideUser.surname },
      tourist: { name: touristUser.name, surname: touristUser.surname },
    })
    .from(reservations)
    .innerJoin(reservationSlots, eq(reservationSlots.reservationId, reservations.id))
    .innerJoin(guideUser, eq(guideUser.id, reservations.guideUserId))
    .innerJoin(touristUser, eq(touristUser.id, reservations.touristId));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectEntries>['where']>>[number];
const toEntry = ({ guide, tourist, ...row }: Row): CalendarEntry => ({
  ...row,
  status: row.status as ReservationStatus,
  guideName: fullName(guide),
  touristName: fullName(tourist),
});

/**
 * The days of reservation `reservationId` for its own tourist or guide (`userId`); null when
 * it is not theirs (or does not exist), so others' ids are not revealed.
 */
export async function findReservationCalendarEntries(
  db: Db,
  userId: string,
  reservationId: string,
): Promise<{ status: ReservationStatus; isGuide: boolean; entries: CalendarEntry[] } | null> {
  const [owner] = await db
    .select({ status: reservations.status, guideUserId: reservations.guideUserId })
    .from(reservations)
    .where(
      and(
        eq(reservations.id, reservationId),
        or(eq(reservations.touristId, userId), eq(reservations.guideUserId, userId)),
      ),
    );
  if (!owner) return null;
  const rows = await selectEntries(db)
    .where(eq(reservations.id, reservationId))
    .orderBy(asc(reservationSlots.startsAt));
  return {
    status: owner.status as ReservationStatus,
    isGuide: owner.guideUserId === userId,
    entries: rows.map(toEntry),
  };
}

/**
 * A guide's reservation days for their calendar feed: those in the feed statuses ending
 * after `since`, earliest first (index reservations_guide_user_status).
 */
export async function listGuideCalendarEntries(
  db: Db,
  guideUserId: string,
  since: Date,
  limit: number,
): Promise<CalendarEntry[]> {
  const rows = await selectEntries(db)
    .where(
      and(
        eq(reservations.guideUserId, guideUserId),
        inArray(reservations.status, [...CALENDAR_FEED_STATUSES]),
        gte(reservations.endsAt, since),
        gte(reservationSlots.endsAt, since),
      ),
    )
    .orderBy(asc(reservationSlots.startsAt))
    .limit(limit);
  return rows.map(toEntry);
}
