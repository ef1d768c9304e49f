import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Messages sent through the support contact form (issue 8). Kept so staff can follow up
 * even when the mail to them is lost; a signed-in sender is linked.
 */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    topic: text('topic').notNull(),
    message: text('message').notNull(),
    email: text('email').notNull(),
    page: text('page'),
    locale: text('locale').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('support_messages_created').on(table.createdAt),
    index('support_messages_user').on(table.userId),
    check(
      'support_messages_topic',
      sql`${table.topic} in ('reservation', 'payment', 'account', 'guide-application', 'safety', 'feedback', 'other')`,
    ),
  ],
);

/**
 * A member's cookie and commercial-message choices (spec §2), one row per change: the
 * latest row is the choice in force, the earlier ones the history a consent must leave.
 */
export const cookieConsents = pgTable(
  'cookie_consents',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    personalisation: boolean('personalisation').notNull(),
    marketing: boolean('marketing').notNull(),
    profiling: boolean('profiling').notNull(),
    /** The cookie policy version (LEGAL_VERSIONS.cookies) the choice was made under. */
    version: text('version').notNull(),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('cookie_consents_user_given').on(table.userId, table.givenAt.desc(), table.id.desc())],
);
