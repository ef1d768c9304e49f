import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { guideVehicles, reservations, users } from '../../db/schema/index.js';

/** What a receipt tells about its reservation: the price snapshot, the people, the vehicle. */
export interface ReceiptFacts {
  id: string;
  touristId: string;
  guideUserId: string;
  guideName: string;
  touristName: string;
  startsAt: Date;
  endsAt: Date;
  startHour: number;
  endHour: number;
  timezone: string;
  meetingPoint: string;
  currency: string;
  hourlyRateMinor: number;
  vehicleHourlyRateMinor: number;
  totalHours: number;
  totalMinor: number;
  vehicle: string | null;
}

const guideUser = alias(users, 'guide_user');
const touristUser = alias(users, 'tourist_user');
const fullName = (person: { name: string | null; surname: string | null } | null) =>
  [person?.name, person?.surname].filter(Boolean).join(' ');

export async function findReceiptFacts(db: Db, reservationId: string): Promise<ReceiptFacts | null> {
  const [row] = await db
    .select({
      reservation: reservations,
      guide: { name: guideUser.name, surname: guideUser.surname },
      tourist: { name: touristUser.name, surname: touristUser.surname },
      vehicle: { brand: guideVehicles.brand, model: guideVehicles.model, color: guideVehicles.color },
    })
    .from(reservations)
    .innerJoin(guideUser, eq(guideUser.id, reservations.guideUserId))
    .innerJoin(touristUser, eq(touristUser.id, reservations.touristId))
    .leftJoin(guideVehicles, eq(guideVehicles.id, reservations.vehicleId))
    .where(eq(reservations.id, reservationId));
  if (!row) return null;
  const { reservation: r, vehicle } = row;
  return {
    id: r.id,
    touristId: r.touristId,
    guideUserId: r.guideUserId,
    guideName: fullName(row.guide),
    touristName: fullName(row.tourist),
    startsAt: r.startsAt,
    endsAt: r.endsAt,
    startHour: r.startHour,
    endHour: r.endHour,
    timezone: r.timezone,
    meetingPoint: r.meetingPoint,
    currency: r.currency,
    hourlyRateMinor: r.hourlyRateMinor,
    vehicleHourlyRateMinor: r.vehicleHourlyRateMinor,
    totalHours: r.totalHours,
    totalMinor: r.totalMinor,
    vehicle: vehicle ? [vehicle.brand, vehicle.model, vehicle.color].filter(Boolean).join(' ') : null,
  };
}
