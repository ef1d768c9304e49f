import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * In-app notifications. A notification with a `group_key` (e.g. one conversation) is
 * updated in place while unread, so a burst of messages is one notification, not fifty.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    groupKey: text('group_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    index('notifications_user_created').on(table.userId, table.createdAt.desc(), table.id.desc()),
    index('notifications_user_unread').on(table.userId).where(sql`${table.readAt} is null`),
    uniqueIndex('notifications_unread_group')
      .on(table.userId, table.groupKey)
      .where(sql`${table.readAt} is null and ${table.groupKey} is not null`),
  ],
);
