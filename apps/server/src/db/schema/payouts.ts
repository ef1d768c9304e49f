import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { guides } from './guides.js';
import { reservations } from './reservations.js';
import { users } from './users.js';

/*
 * The `payouts` migration set (issue 18 item 4, docs/decisions/025): paying guides what the
 * ledger owes them. Amounts are integers in minor units of `currency`.
 */

const currencyCheck = (name: string, column: unknown) => check(name, sql`${column} in ('EUR', 'TRY', 'USD')`);

/**
 * Finance's check of a guide's bank details (guide_bank_accounts). It names the IBAN and
 * SWIFT/BIC it checked, so details the guide changes afterwards are no longer verified.
 */
export const bankAccountVerifications = pgTable('bank_account_verifications', {
  guideId: uuid('guide_id')
    .primaryKey()
    .references(() => guides.id, { onDelete: 'cascade' }),
  iban: text('iban').notNull(),
  swift: text('swift').notNull(),
  verifiedBy: uuid('verified_by')
    .notNull()
    .references(() => users.id),
  verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull(),
});

/**
 * One currency's payouts of one run: review → exported (file made for the bank) → sent; or
 * cancelled when finance removed every payout from it.
 */
export const payoutBatches = pgTable(
  'payout_batches',
  {
    id: uuid('id').primaryKey(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('review'),
    /** The day (UTC) of a scheduled run; null for a run finance started. */
    scheduledWeek: date('scheduled_week', { mode: 'string' }),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    exportedAt: timestamp('exported_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('payout_batches_created').on(table.createdAt.desc()),
    // A scheduled week makes one batch per currency, whichever instance runs it.
    uniqueIndex('payout_batches_week').on(table.currency, table.scheduledWeek),
    // An unsent batch reserves its guides' money: a second one of the same currency would pay it twice.
    uniqueIndex('payout_batches_one_open').on(table.currency).where(sql`${table.status} in ('review', 'exported')`),
    check('payout_batches_status', sql`${table.status} in ('review', 'exported', 'sent', 'cancelled')`),
    currencyCheck('payout_batches_currency', table.currency),
  ],
);

/** One guide's payout in a batch, with the bank details it goes to as they were when it was made. */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => payoutBatches.id),
    guideUserId: uuid('guide_user_id')
      .notNull()
      .references(() => users.id),
    currency: text('currency').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    /** pending (in an unsent batch) → sent → returned (by the bank); removed by finance before export. */
    status: text('status').notNull().default('pending'),
    holderName: text('holder_name').notNull(),
    iban: text('iban').notNull(),
    swift: text('swift').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    returnReason: text('return_reason'),
  },
  (table) => [
    index('payouts_batch').on(table.batchId),
    index('payouts_guide_created').on(table.guideUserId, table.createdAt.desc()),
    index('payouts_pending').on(table.guideUserId, table.currency).where(sql`${table.status} = 'pending'`),
    check('payouts_amount', sql`${table.amountMinor} > 0`),
    check('payouts_status', sql`${table.status} in ('pending', 'sent', 'returned', 'removed')`),
    currencyCheck('payouts_currency', table.currency),
  ],
);

/**
 * Movements of a guide's balance that do not come from a payment (those are ledger_entries
 * of the payments set): a payout sent (negative), a payout the bank returned (positive), a
 * penalty (negative). With the guide's ledger_entries they make the guide's ledger: the
 * balance is the sum of both, never a stored total. `(payout_id, kind)` is unique, so a
 * payout is debited and returned at most once.
 */
export const guideAccountEntries = pgTable(
  'guide_account_entries',
  {
    id: uuid('id').primaryKey(),
    guideUserId: uuid('guide_user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    currency: text('currency').notNull(),
    /** Signed: what the platform owes the guide grows with a positive amount. */
    amountMinor: integer('amount_minor').notNull(),
    payoutId: uuid('payout_id').references(() => payouts.id),
    reservationId: uuid('reservation_id').references(() => reservations.id),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('guide_account_entries_payout_kind')
      .on(table.payoutId, table.kind)
      .where(sql`${table.payoutId} is not null`),
    index('guide_account_entries_guide').on(table.guideUserId, table.currency),
    check(
      'guide_account_entries_kind',
      sql`(${table.kind} = 'payout' and ${table.amountMinor} < 0 and ${table.payoutId} is not null)
       or (${table.kind} = 'payout_return' and ${table.amountMinor} > 0 and ${table.payoutId} is not null)
       or (${table.kind} = 'penalty' and ${table.amountMinor} < 0)`,
    ),
    currencyCheck('guide_account_entries_currency', table.currency),
  ],
);

/**
 * Holds on a reservation's earnings (an open dispute, later): while one has no
 * `released_at`, the reservation's earnings count as held and the guide is left out of
 * payout runs.
 */
export const earningHolds = pgTable(
  'earning_holds',
  {
    id: uuid('id').primaryKey(),
    reservationId: uuid('reservation_id')
      .notNull()
      .references(() => reservations.id),
    guideUserId: uuid('guide_user_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull(),
    heldAt: timestamp('held_at', { withTimezone: true }).notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (table) => [
    index('earning_holds_active_guide')
      .on(table.guideUserId, table.reservationId)
      .where(sql`${table.releasedAt} is null`),
  ],
);
