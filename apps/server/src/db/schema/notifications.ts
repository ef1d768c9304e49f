import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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

/**
 * Web Push subscriptions (issue 19), one per browser a user turned push on in: the push
 * service's endpoint is unique to that browser, so a browser that changes hands moves to
 * its new user. Removed when the push service answers 404 or 410.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret (RFC 8291), base64url as the browser gives them. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('push_subscriptions_endpoint').on(table.endpoint),
    index('push_subscriptions_user').on(table.userId),
  ],
);

/** The push events a user turned off (every event is on until then). */
export const pushMutedKinds = pgTable(
  'push_muted_kinds',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
  },
  (table) => [
    primaryKey({ name: 'push_muted_kinds_pkey', columns: [table.userId, table.kind] }),
    check(
      'push_muted_kinds_kind',
      sql`${table.kind} in ('reservation.requested', 'reservation.approved', 'reservation.rejected', 'reservation.paid', 'reservation.cancelled', 'reservation.reminder', 'message.received')`,
    ),
  ],
);
