import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/*
 * The `calendars` migration set (issue 19, docs/decisions/003): a guide's private calendar
 * feed of their reservations. Only the SHA-256 of the feed's secret token is kept (as for
 * sessions): the full address is shown once, when made; a new one replaces it, and
 * deleting the row revokes it.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** The token's last characters, so the guide can tell which address is live. */
    tokenHint: text('token_hint').notNull(),
    /** The language the feed's titles and notes are written in: the guide's when they made it. */
    locale: text('locale').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('calendar_feeds_token_hash').on(table.tokenHash)],
);
