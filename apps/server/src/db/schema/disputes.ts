import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { paymentRefunds } from './payments.js';
import { earningHolds } from './payouts.js';
import { reservations } from './reservations.js';
import { users } from './users.js';

/*
 * The `disputes` migration set (issue 18 item 3, docs/decisions/003 and 026). A case about
 * one reservation, opened by its traveller or guide; at most one open case per reservation
 * (a partial unique index), resolved once (the status and resolution columns are checked
 * together). `hold_id` is the hold on the guide's earnings the case placed (decision 025).
 */

export const disputes = pgTable(
  'disputes',
  {
    id: uuid('id').primaryKey(),
    reservationId: uuid('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'restrict' }),
    openedBy: uuid('opened_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    openerRole: text('opener_role').notNull(),
    reason: text('reason').notNull(),
    text: text('text').notNull(),
    status: text('status').notNull().default('open'),
    holdId: uuid('hold_id').references(() => earningHolds.id),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    resolution: text('resolution'),
    outcome: text('outcome'),
    amountMinor: integer('amount_minor'),
    refundId: uuid('refund_id').references(() => paymentRefunds.id),
    resolvedBy: uuid('resolved_by').references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('disputes_one_open_per_reservation').on(table.reservationId).where(sql`${table.status} = 'open'`),
    index('disputes_reservation').on(table.reservationId, table.openedAt.desc()),
    // The queue: open cases oldest first; closed ones newest decision first.
    index('disputes_open').on(table.openedAt, table.id).where(sql`${table.status} = 'open'`),
    index('disputes_resolved').on(table.resolvedAt.desc(), table.id.desc()).where(sql`${table.status} = 'resolved'`),
    check('disputes_opener_role', sql`${table.openerRole} in ('tourist', 'guide')`),
    check(
      'disputes_reason',
      sql`${table.reason} in ('no_show', 'late_or_short', 'not_as_described', 'safety', 'behaviour', 'payment', 'other')`,
    ),
    check('disputes_status', sql`${table.status} in ('open', 'resolved')`),
    check('disputes_text_length', sql`char_length(${table.text}) between 1 and 2000`),
    check(
      'disputes_resolution',
      sql`${table.resolution} is null or ${table.resolution} in ('no_action', 'partial_refund', 'full_refund', 'guide_penalty')`,
    ),
    check(
      'disputes_resolved_together',
      sql`(${table.status} = 'open') = (${table.resolvedAt} is null) and (${table.status} = 'open') = (${table.resolution} is null) and (${table.status} = 'open') = (${table.outcome} is null) and (${table.status} = 'open') = (${table.resolvedBy} is null)`,
    ),
    check(
      'disputes_amount',
      sql`(coalesce(${table.resolution}, 'no_action') = 'no_action' and ${table.amountMinor} is null) or (${table.resolution} in ('partial_refund', 'full_refund', 'guide_penalty') and ${table.amountMinor} > 0)`,
    ),
  ],
);

export const disputeMessages = pgTable(
  'dispute_messages',
  {
    id: uuid('id').primaryKey(),
    disputeId: uuid('dispute_id')
      .notNull()
      .references(() => disputes.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    authorRole: text('author_role').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('dispute_messages_dispute').on(table.disputeId, table.createdAt, table.id),
    check('dispute_messages_author_role', sql`${table.authorRole} in ('tourist', 'guide', 'staff')`),
    check('dispute_messages_text_length', sql`char_length(${table.text}) between 1 and 2000`),
  ],
);

/** Photos of a case (at most five, counted under the case's row lock), stored privately as WebP. */
export const disputePhotos = pgTable(
  'dispute_photos',
  {
    id: uuid('id').primaryKey(),
    disputeId: uuid('dispute_id')
      .notNull()
      .references(() => disputes.id, { onDelete: 'cascade' }),
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('dispute_photos_dispute').on(table.disputeId, table.createdAt, table.id)],
);
