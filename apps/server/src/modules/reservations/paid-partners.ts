import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { reservations } from '../../db/schema/index.js';

/**
 * Of `otherUserIds`, the people with whom `userId` has a paid reservation (paid, or paid and
 * completed), whichever of the two is the guide: once a booking is paid on Marco, the two may
 * swap contact details (issue 19, item 6). One query on the guide's and the tourist's
 * status indexes, whatever the number of people asked about.
 */
export async function listPaidPartners(db: Db, userId: string, otherUserIds: string[]): Promise<Set<string>> {
  const others = [...new Set(otherUserIds)].filter((id) => id !== userId);
  if (others.length === 0) return new Set();
  const list = sql`array[${sql.join(
    others.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]`;
  const result = await db.execute<{ partner: string }>(sql`
    select ${reservations.touristId} as partner from ${reservations}
     where ${reservations.guideUserId} = ${userId} and ${reservations.status} in ('paid', 'completed')
       and ${reservations.touristId} = any(${list})
    union
    select ${reservations.guideUserId} from ${reservations}
     where ${reservations.touristId} = ${userId} and ${reservations.status} in ('paid', 'completed')
       and ${reservations.guideUserId} = any(${list})`);
  return new Set(result.rows.map((row) => row.partner));
}
