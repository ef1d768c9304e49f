import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Problems users report from the app's feedback form (report-client-bug-public/create). */
export const clientBugReports = pgTable(
  'client_bug_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    page: text('page'),
    appVersion: text('app_version'),
    browser: text('browser'),
    locale: text('locale'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('client_bug_reports_created').on(table.createdAt)],
);
