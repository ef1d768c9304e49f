import type { ReservationStatus } from '@marco/contract/reservations';
import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { guides, reservations } from '../src/db/schema/index.js';
import { uuidv7 } from '../src/platform/uuid-v7.js';

/**
 * A reservation of `touristId` with `guideId` in `status`, written straight to the table:
 * the reviews tests need the state reached at the end of the reservation flow, which the
 * reservations tests walk through their own endpoints.
 */
export async function insertReservation(
  db: Db,
  input: { guideId: string; touristId: string; status?: ReservationStatus; endedAt?: Date },
): Promise<string> {
  const [guide] = await db.select().from(guides).where(eq(guides.id, input.guideId));
  if (!guide?.cityId || !guide.hourlyRateMinor || !guide.currency) throw new Error('guide without city or rate');
  const endsAt = input.endedAt ?? new Date('2026-05-04T12:00:00Z');
  const startsAt = new Date(endsAt.getTime() - 2 * 3_600_000);
  const id = uuidv7(startsAt);
  await db.insert(reservations).values({
    id,
    guideId: guide.id,
    guideUserId: guide.userId,
    touristId: input.touristId,
    cityId: guide.cityId,
    timezone: guide.timezone,
    startHour: 10,
    endHour: 12,
    startsAt,
    endsAt,
    meetingPoint: 'Galata Tower entrance',
    contactPhone: '+905321234567',
    contactEmail: 'traveller@example.com',
    currency: guide.currency === 'TRY' ? 'TRY' : 'USD',
    hourlyRateMinor: guide.hourlyRateMinor,
    totalHours: 2,
    totalMinor: 2 * guide.hourlyRateMinor,
    status: input.status ?? 'completed',
    createdAt: startsAt,
    updatedAt: endsAt,
  });
  return id;
}
