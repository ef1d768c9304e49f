import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { reservationSlots } from '../../db/schema/index.js';
import type { Interval } from '../guides/availability.js';

/**
 * The held intervals of several guides at once (slots of approved, paying or paid
 * reservations), keyed by guide: one query for a page of guides instead of one per guide.
 */
export async function listHeldIntervalsOfGuides(
  db: Db,
  guideIds: string[],
  fromUtc: Date,
  toUtc: Date,
): Promise<Map<string, Interval[]>> {
  const held = new Map<string, Interval[]>(guideIds.map((id) => [id, []]));
  if (!guideIds.length) return held;
  const rows = await db
    .select({ guideId: reservationSlots.guideId, start: reservationSlots.startsAt, end: reservationSlots.endsAt })
    .from(reservationSlots)
    .where(
      and(
        inArray(reservationSlots.guideId, guideIds),
        // Only holding slots are in the partial index reservation_slots_guide_holding.
        eq(reservationSlots.holds, true),
        lt(reservationSlots.startsAt, toUtc),
        gt(reservationSlots.endsAt, fromUtc),
      ),
    );
  for (const row of rows) held.get(row.guideId)?.push({ start: row.start, end: row.end });
  return held;
}
