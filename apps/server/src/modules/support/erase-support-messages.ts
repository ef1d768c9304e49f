import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { supportMessages } from '../../db/schema/index.js';

/**
 * For account deletion (KVKK/GDPR erasure): a member's messages to support hold their
 * e-mail address and their own words, and nothing accounting needs, so they go entirely.
 * Answers how many were removed.
 */
export async function eraseSupportMessagesOf(db: Db, userId: string): Promise<number> {
  const removed = await db
    .delete(supportMessages)
    .where(eq(supportMessages.userId, userId))
    .returning({ id: supportMessages.id });
  return removed.length;
}
