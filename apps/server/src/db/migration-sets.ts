/**
 * Migrations come in sets, one per bounded context, each with its own folder and history
 * table, applied in this order (a later set may reference an earlier set's tables). Each
 * context generates its SQL from its own schema file only, so contexts built side by side
 * never write each other's tables into their migrations. See docs/decisions/003.
 */
export interface MigrationSet {
  name: string;
  /** Schema files, relative to src/db/schema, whose tables this set creates. */
  schema: string[];
  /** Folder of the SQL migrations, relative to apps/server. */
  folder: string;
  table: string;
}

const contextSet = (name: string): MigrationSet => ({
  name,
  schema: [`${name}.ts`],
  folder: `drizzle/${name}`,
  table: `__drizzle_migrations_${name}`,
});

export const MIGRATION_SETS: MigrationSet[] = [
  {
    name: 'core',
    schema: ['reference.ts', 'outbox.ts', 'newsletter.ts', 'users.ts', 'auth.ts', 'feedback.ts'],
    folder: 'drizzle',
    table: '__drizzle_migrations',
  },
  contextSet('notifications'),
  contextSet('guides'),
  // Guide search (issue 5): indexes, trigger-kept columns and tables over the guides tables; raw SQL only.
  contextSet('search'),
  contextSet('reservations'),
  contextSet('payments'),
  contextSet('reviews'),
  contextSet('messaging'),
  contextSet('content'),
  // Issue 19: the guides travellers keep, and guides' private calendar feeds.
  contextSet('favourites'),
  contextSet('calendars'),
  // Staff roles, second factor and the audit log (issue 18).
  contextSet('staff'),
  // Exchange rates set by finance, with their history and effective times (issue 18 item 6).
  contextSet('rates'),
  // Reports, the moderation queue, suspensions and warnings (issue 18 item 5).
  contextSet('moderation'),
  // Paying guides: batches, bank exports, holds and non-payment balance movements (issue 18 item 4).
  contextSet('payouts'),
  // Receipts of payments and refunds with gap-free numbers, and the dev outbox's attachments (issue 19).
  contextSet('receipts'),
  contextSet('mail'),
  // How reliably and fast guides answer requests, kept by triggers on reservations (issue 19 item 3).
  contextSet('responses'),
  // The staff reservation desk (issue 18 item 2): reservations' status history and the desk's indexes.
  contextSet('desk'),
  // Disputes (issue 18 item 3): cases on reservations, their messages and photos.
  contextSet('disputes'),
];
