import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { guides } from './guides.js';
import { reservations } from './reservations.js';

/*
 * The `responses` migration set (issue 19 item 3, docs/decisions/022): how reliably and how
 * fast a guide answers reservation requests. Written by triggers on `reservations` (custom
 * migration responses/0001), so no code path that answers, expires or withdraws a request
 * can forget it; the rate and median reach the search read model `search_guides`, where the
 * "responds fastest" sort reads them.
 */

/** One reservation request and how it ended: answered (approved or rejected), expired or withdrawn. */
export const reservationAnswers = pgTable(
  'reservation_answers',
  {
    reservationId: uuid('reservation_id')
      .primaryKey()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    guideId: uuid('guide_id')
      .notNull()
      .references(() => guides.id, { onDelete: 'cascade' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    /** When it stopped waiting for the guide; null while pending. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** null while pending. */
    outcome: text('outcome'),
  },
  (table) => [
    index('reservation_answers_guide_requested').on(table.guideId, table.requestedAt),
    check('reservation_answers_outcome', sql`${table.outcome} in ('answered', 'expired', 'withdrawn')`),
    check('reservation_answers_closed', sql`(${table.outcome} is null) = (${table.closedAt} is null)`),
  ],
);

/** A guide's answers over the last 90 days, as of `computedAt`. */
export const guideResponseStats = pgTable('guide_response_stats', {
  guideId: uuid('guide_id')
    .primaryKey()
    .references(() => guides.id, { onDelete: 'cascade' }),
  /** Requests that count: answered within 24 hours, or left 24 hours without an answer. */
  requests: integer('requests').notNull(),
  answeredInTime: integer('answered_in_time').notNull(),
  /** Share answered within 24 hours, in percent; null with fewer than RESPONSE_MIN_REQUESTS. */
  rate: smallint('rate'),
  /** Median time to an answer, in seconds; null with fewer than RESPONSE_MIN_REQUESTS or no answer. */
  medianSeconds: integer('median_seconds'),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
});
