import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { guides } from './guides.js';
import { users } from './users.js';

/*
 * The `moderation` migration set (issue 18 item 5, docs/decisions/003). One row of
 * `moderation_items` per reported thing (a review, a reply, a message, a guide, a user),
 * with what it said when first reported, so staff judge what was reported even after its
 * author edits or deletes it; each user's report of it is a row of `moderation_reports`,
 * once per user and item (UNIQUE).
 */

export const moderationItems = pgTable(
  'moderation_items',
  {
    id: uuid('id').primaryKey(),
    targetType: text('target_type').notNull(),
    targetId: uuid('target_id').notNull(),
    /** Who wrote the item (or the reported guide's or user's own account). */
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('open'),
    reportCount: integer('report_count').notNull().default(0),
    /** The item when first reported: text, rating, the review a reply answers, guide and conversation ids. */
    content: jsonb('content').notNull(),
    firstReportedAt: timestamp('first_reported_at', { withTimezone: true }).notNull(),
    lastReportedAt: timestamp('last_reported_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id),
    decisionNote: text('decision_note'),
  },
  (table) => [
    unique('moderation_items_target').on(table.targetType, table.targetId),
    check(
      'moderation_items_target_type',
      sql`${table.targetType} in ('review', 'review_reply', 'message', 'guide', 'user')`,
    ),
    check('moderation_items_status', sql`${table.status} in ('open', 'dismissed', 'hidden', 'warned', 'suspended')`),
    check('moderation_items_decided', sql`(${table.status} = 'open') = (${table.decidedAt} is null)`),
    // The queue: open items, oldest report first.
    index('moderation_items_open').on(table.firstReportedAt, table.id).where(sql`${table.status} = 'open'`),
    // Decided items, newest decision first.
    index('moderation_items_decided_at')
      .on(table.decidedAt.desc(), table.id.desc())
      .where(sql`${table.status} <> 'open'`),
    // A user's history: reports about what they wrote.
    index('moderation_items_author').on(table.authorId, table.lastReportedAt.desc()),
  ],
);

export const moderationReports = pgTable(
  'moderation_reports',
  {
    id: uuid('id').primaryKey(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => moderationItems.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    text: text('text'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    // Once per user and item, whatever the client does.
    unique('moderation_reports_once').on(table.itemId, table.reporterId),
    check(
      'moderation_reports_reason',
      sql`${table.reason} in ('spam', 'harassment', 'hate', 'sexual', 'scam', 'false_information', 'other')`,
    ),
    check('moderation_reports_text_length', sql`char_length(${table.text}) <= 1000`),
    index('moderation_reports_reporter').on(table.reporterId, table.createdAt.desc()),
  ],
);

/**
 * Users suspended now (a row per suspended user; reinstating deletes it, the audit log keeps
 * the history). `guide_id` is the guide profile the suspension took down with the account,
 * so reinstating brings back that one and not a guide suspended for reasons of its own.
 */
export const userSuspensions = pgTable('user_suspensions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  suspendedAt: timestamp('suspended_at', { withTimezone: true }).notNull(),
  suspendedBy: uuid('suspended_by')
    .notNull()
    .references(() => users.id),
  guideId: uuid('guide_id').references(() => guides.id, { onDelete: 'set null' }),
});

/** Warnings staff gave a user about what they wrote. */
export const userWarnings = pgTable(
  'user_warnings',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').references(() => moderationItems.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
  },
  (table) => [index('user_warnings_user').on(table.userId, table.createdAt.desc())],
);
