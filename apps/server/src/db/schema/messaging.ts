import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A conversation between two people; one per pair (`user_low` < `user_high`, unique), so
 * "send a message to X" always finds the same conversation.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey(),
    userLow: uuid('user_low')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userHigh: uuid('user_high')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Time of the newest message; orders the conversation list. */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
  },
  (table) => [
    unique('conversations_pair').on(table.userLow, table.userHigh),
    check('conversations_ordered_pair', sql`${table.userLow} < ${table.userHigh}`),
    index('conversations_user_high').on(table.userHigh),
  ],
);

/** Each participant's own view of a conversation. */
export const conversationParticipants = pgTable(
  'conversation_participants',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Messages sent at or before this are read by this participant. */
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    /**
     * "Delete conversation" for this participant only: messages up to this time are gone
     * for them, and the conversation is hidden until a newer message arrives.
     */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** Last e-mail or SMS about this conversation to this participant (at most one per 15 minutes). */
    lastNotifiedAt: timestamp('last_notified_at', { withTimezone: true }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ name: 'conversation_participants_pk', columns: [table.conversationId, table.userId] }),
    index('conversation_participants_user').on(table.userId, table.conversationId),
  ],
);

/** Plain-text messages; a deleted message keeps its row as a tombstone without text. */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text'),
    /** Language the text was written in (WCAG 3.1.2: readers mark it with lang); null when not known. */
    language: text('language'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * The id the sender's client gave the message (`clientMessageId`): a send whose answer was
     * lost goes again with the same id and gets the message stored the first time.
     */
    clientMessageId: text('client_message_id'),
  },
  (table) => [
    uniqueIndex('messages_sender_client_id')
      .on(table.senderId, table.clientMessageId)
      .where(sql`${table.clientMessageId} is not null`),
    // Pages of a conversation, newest first; also the last message and unread counts.
    index('messages_conversation_created').on(table.conversationId, table.createdAt.desc(), table.id.desc()),
    // Search in message text (ILIKE '%…%') through trigrams; pg_trgm comes with the core set.
    index('messages_text_trgm').using('gin', sql`${table.text} gin_trgm_ops`),
    check(
      'messages_text_or_tombstone',
      sql`(${table.deletedAt} is null and char_length(${table.text}) between 1 and 4000) or (${table.deletedAt} is not null and ${table.text} is null)`,
    ),
  ],
);
