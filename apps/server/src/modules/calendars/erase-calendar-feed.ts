import { eq } from 'drizzle-orm';
import { calendarFeeds } from '../../db/schema/index.js';
import type { Tx } from '../guides/guide-profile.js';

/** On account deletion: the feed address stops working with the account. */
export async function eraseCalendarFeedOf(tx: Tx, userId: string): Promise<void> {
  await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}
