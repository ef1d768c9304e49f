import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { currencies } from './reference.js';
import { users } from './users.js';

/**
 * Every exchange rate finance has set (issue 18 item 6), past and scheduled. The rate in
 * force of a currency is its change with the latest `effective_at` not after now; it is
 * copied into `currency_rates`, which every price reads and whose triggers tell each
 * instance and the search generation that prices moved (modules/rates/apply-due-rates.ts).
 */
export const exchangeRateChanges = pgTable(
  'exchange_rate_changes',
  {
    id: uuid('id').primaryKey(),
    currencyId: uuid('currency_id')
      .notNull()
      .references(() => currencies.id, { onDelete: 'cascade' }),
    unitsPerUsd: numeric('units_per_usd', { precision: 18, scale: 6, mode: 'number' }).notNull(),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    /** 'form' or 'csv': how finance entered it. */
    source: text('source').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('exchange_rate_changes_currency_effective').on(table.currencyId, table.effectiveAt, table.id),
    index('exchange_rate_changes_effective').on(table.effectiveAt, table.id),
    check('exchange_rate_changes_positive', sql`${table.unitsPerUsd} > 0`),
    check('exchange_rate_changes_source', sql`${table.source} in ('form', 'csv')`),
  ],
);
