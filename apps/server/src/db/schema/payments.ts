import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { reservations } from './reservations.js';
import { users } from './users.js';

/*
 * The `payments` migration set (docs/decisions/003): card payments of reservations, the
 * provider events that changed them, and the money ledger. Amounts are integers in minor
 * units of `currency`.
 */

/** One checkout attempt of a reservation at a payment provider. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey(),
    reservationId: uuid('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    /** The provider's checkout (Stripe Checkout Session) id. */
    providerSessionId: text('provider_session_id').notNull(),
    /** The provider's charge (Stripe PaymentIntent) id, known once paid; refunds name it. */
    providerPaymentId: text('provider_payment_id'),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('open'),
    checkoutUrl: text('checkout_url').notNull(),
    /** The sum of this payment's refunds (payment_refunds), decided or done; never above the amount. */
    refundedMinor: integer('refunded_minor').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('payments_provider_session').on(table.provider, table.providerSessionId),
    index('payments_reservation').on(table.reservationId, table.createdAt),
    // The reservation desk's payment-state filter.
    index('payments_status_reservation').on(table.status, table.reservationId),
    check('payments_status', sql`${table.status} in ('open', 'paid', 'failed', 'expired', 'refunded')`),
    check('payments_currency', sql`${table.currency} in ('USD', 'TRY')`),
    check(
      'payments_amounts',
      sql`${table.amountMinor} > 0 and ${table.refundedMinor} between 0 and ${table.amountMinor}`,
    ),
  ],
);

/**
 * One refund of a payment, in full or in part, decided by Marco (a cancellation, a paid-twice
 * checkout, staff) or made at the provider by itself (`provider_refund_id` 'external:…').
 * The row is written with its ledger movements in the transaction of the decision; the
 * provider is called after the commit with the row's id as idempotency key, and retried with
 * backoff (`next_attempt_at`) until it answers a refund id, so a refund is made once.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid('id').primaryKey(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    reservationId: uuid('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'restrict' }),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** cancellation | duplicate_payment | staff | external */
    cause: text('cause').notNull(),
    /** Written by staff for a staff refund. */
    reason: text('reason'),
    /** The staff member who decided it. */
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'restrict' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    providerRefundId: text('provider_refund_id'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('payment_refunds_payment').on(table.paymentId, table.requestedAt),
    index('payment_refunds_reservation').on(table.reservationId, table.requestedAt),
    index('payment_refunds_due').on(table.nextAttemptAt).where(sql`${table.providerRefundId} is null`),
    check('payment_refunds_amount', sql`${table.amountMinor} > 0`),
    check('payment_refunds_cause', sql`${table.cause} in ('cancellation', 'duplicate_payment', 'staff', 'external')`),
  ],
);

/**
 * Every provider event applied, by its id: inserted in the same transaction as its effect,
 * so a replayed event finds its id taken and changes nothing.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey(),
    provider: text('provider').notNull(),
    providerEventId: text('provider_event_id').notNull(),
    type: text('type').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('payment_events_provider_event').on(table.provider, table.providerEventId),
    index('payment_events_payment').on(table.paymentId),
  ],
);

/**
 * The money ledger: one row per movement, never an updated total; a balance is a sum.
 * `platform` rows follow the money the platform holds (a charge in, a refund out);
 * `guide` rows are what the platform owes a guide (an earning at gross less commission,
 * its reversal). `(payment_id, kind)` is unique, and `(refund_id, kind)` for the movements of
 * each refund, so a movement is recorded once.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey(),
    account: text('account').notNull(),
    /** The guide the movement concerns (kept when either party deletes their account). */
    guideUserId: uuid('guide_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    reservationId: uuid('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'restrict' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    /** The refund a `refund` or `reversal` row moves; a payment may be refunded in several parts. */
    refundId: uuid('refund_id').references(() => paymentRefunds.id, { onDelete: 'restrict' }),
    currency: text('currency').notNull(),
    /** Signed: money in is positive. */
    amountMinor: integer('amount_minor').notNull(),
    grossMinor: integer('gross_minor').notNull(),
    commissionMinor: integer('commission_minor').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('ledger_entries_payment_kind').on(table.paymentId, table.kind).where(sql`${table.refundId} is null`),
    uniqueIndex('ledger_entries_refund_kind').on(table.refundId, table.kind).where(sql`${table.refundId} is not null`),
    index('ledger_entries_guide').on(table.account, table.guideUserId, table.createdAt),
    check(
      'ledger_entries_kind',
      sql`(${table.account} = 'platform' and ${table.kind} in ('charge', 'refund')) or (${table.account} = 'guide' and ${table.kind} in ('earning', 'reversal'))`,
    ),
    check('ledger_entries_currency', sql`${table.currency} in ('USD', 'TRY')`),
  ],
);

/** The sandbox provider's own record of its test checkouts (what a real provider keeps on its side). */
export const sandboxCheckouts = pgTable(
  'sandbox_checkouts',
  {
    id: text('id').primaryKey(),
    paymentIntentId: text('payment_intent_id').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    locale: text('locale').notNull(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    /** open | complete | expired, and the payment's paid | unpaid, as Stripe names them. */
    status: text('status').notNull().default('open'),
    paymentStatus: text('payment_status').notNull().default('unpaid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('sandbox_checkouts_payment_intent').on(table.paymentIntentId)],
);

/** The 24-hours-before reminder of a reservation, claimed once (two instances never both send). */
export const reservationReminders = pgTable('reservation_reminders', {
  reservationId: uuid('reservation_id')
    .primaryKey()
    .references(() => reservations.id, { onDelete: 'cascade' }),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
});

/**
 * The locale a user last used the app in, so e-mails and SMS reach them in their language
 * (the users table has no such column; the web's locale cookie is only seen on requests).
 */
export const userLocales = pgTable('user_locales', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  locale: text('locale').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
