import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { payments } from './payments.js';
import { reservations } from './reservations.js';

/*
 * The `receipts` migration set (issue 19, docs/decisions/020): one receipt per payment and
 * per refund, numbered from a counter row that the transaction recording the money takes
 * and moves on, so numbers have no gaps (a PostgreSQL SEQUENCE would leave one at every
 * rollback).
 */

/** The last receipt number given out, per series; its row lock orders concurrent payments. */
export const receiptCounters = pgTable(
  'receipt_counters',
  {
    series: text('series').primaryKey(),
    lastNumber: bigint('last_number', { mode: 'number' }).notNull(),
  },
  (table) => [check('receipt_counters_last_number', sql`${table.lastNumber} >= 0`)],
);

/**
 * A receipt: the facts of one money movement as the traveller was told them. `source` names
 * the movement (`payment:<payment id>` or `refund:<refund id>`), so one movement has one receipt.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: uuid('id').primaryKey(),
    number: bigint('number', { mode: 'number' }).notNull(),
    source: text('source').notNull(),
    kind: text('kind').notNull(),
    reservationId: uuid('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'restrict' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    /** Positive: what was paid, or what this refund gave back. */
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('receipts_number').on(table.number),
    uniqueIndex('receipts_source').on(table.source),
    index('receipts_reservation').on(table.reservationId, table.number),
    check('receipts_kind', sql`${table.kind} in ('payment', 'refund')`),
    check('receipts_amount', sql`${table.amountMinor} > 0`),
  ],
);
