import { and, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import type { Db } from '../../db/client.js';
import { conversationParticipants, messages } from '../../db/schema/index.js';
import { publishToUsers } from '../../platform/pubsub/index.js';
import { findMembership, toMessage } from './service.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * A message a user may report: one in a conversation they belong to, not deleted. Someone
 * else's conversation answers null, like a message that does not exist.
 */
export async function findMessageForReport(db: Db, messageId: string, reporterId: string) {
  const [message] = await db
    .select({
      id: messages.id,
      conversationId: messages.conversationId,
      senderId: messages.senderId,
      text: messages.text,
    })
    .from(messages)
    .where(and(eq(messages.id, messageId), isNull(messages.deletedAt)));
  if (!message) return null;
  const membership = await findMembership(db, message.conversationId, reporterId);
  return membership ? message : null;
}

/**
 * Staff hide a message (issue 18 item 5): it becomes a tombstone as when its author deletes
 * it, so every view (the conversation, the list's last message, unread counts) already
 * treats it as gone. Its text stays in the moderation item's snapshot and the audit log.
 */
export async function hideMessage(tx: Tx, messageId: string, now: Date): Promise<boolean> {
  const hidden = await tx
    .update(messages)
    .set({ deletedAt: now, text: null, language: null })
    .where(and(eq(messages.id, messageId), isNull(messages.deletedAt)))
    .returning({ id: messages.id });
  return hidden.length > 0;
}

/**
 * After a hide has committed: both people of the conversation get the tombstone as when its
 * author deletes it, so a chat open on either side drops the text at once.
 */
export async function announceHiddenMessage(deps: Pick<AppDeps, 'db' | 'pubsub'>, messageId: string): Promise<void> {
  const [row] = await deps.db.select().from(messages).where(eq(messages.id, messageId));
  if (!row) return;
  const people = await deps.db
    .select({ userId: conversationParticipants.userId })
    .from(conversationParticipants)
    .where(eq(conversationParticipants.conversationId, row.conversationId));
  await publishToUsers(
    deps.pubsub,
    people.map(({ userId }) => userId),
    { type: 'message.deleted', conversationId: row.conversationId, message: toMessage(row) },
  );
}
