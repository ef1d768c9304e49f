import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { guides } from './guides.js';
import { reservations } from './reservations.js';
import { users } from './users.js';

/*
 * The `reviews` migration set (docs/decisions/003). A tourist rates a completed reservation
 * once (`reviews_reservation` is UNIQUE); the guide answers once (reply columns). The
 * guide's `rating` and `review_count` on `guides` are recomputed from the rows not hidden
 * by staff, in the transaction that inserts or hides one.
 */

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey(),
    reservationId: uuid('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    guideId: uuid('guide_id')
      .notNull()
      .references(() => guides.id, { onDelete: 'cascade' }),
    touristId: uuid('tourist_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull().default(''),
    /** Language the comment was written in (WCAG 3.1.2: readers mark it with lang); null when not known. */
    language: text('language'),
    reply: text('reply'),
    replyLanguage: text('reply_language'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Hidden by staff (issue 18 item 5): shown nowhere and left out of the guide's rating. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** The guide's reply hidden by staff: the review shows without it. */
    replyHiddenAt: timestamp('reply_hidden_at', { withTimezone: true }),
  },
  (table) => [
    unique('reviews_reservation').on(table.reservationId),
    check('reviews_rating', sql`${table.rating} between 1 and 5`),
    check('reviews_comment_length', sql`char_length(${table.comment}) <= 2000`),
    check('reviews_reply_length', sql`char_length(${table.reply}) between 1 and 2000`),
    check('reviews_reply_with_time', sql`(${table.reply} is null) = (${table.repliedAt} is null)`),
    // A guide's reviews, newest first (public list, paging by created_at, id).
    index('reviews_guide_created').on(table.guideId, table.createdAt.desc(), table.id.desc()),
    index('reviews_tourist_created').on(table.touristId, table.createdAt.desc()),
    // Home-page testimonials: recent good reviews that say something.
    index('reviews_testimonials')
      .on(table.createdAt.desc())
      .where(sql`${table.rating} >= 4 and ${table.comment} <> '' and ${table.hiddenAt} is null`),
  ],
);

/**
 * Photos of reviews. Uploaded first by the tourist (`review_id` null), attached when the
 * review is created; `position` 0..4 with UNIQUE (review_id, position) keeps a review at
 * five photos at most in the database too.
 */
export const reviewPhotos = pgTable(
  'review_photos',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reviewId: uuid('review_id').references(() => reviews.id, { onDelete: 'cascade' }),
    position: smallint('position'),
    /** Full size (1600 px WebP). */
    storageKey: text('storage_key').notNull(),
    /** Thumbnail (480 px WebP). */
    thumbKey: text('thumb_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    unique('review_photos_review_position').on(table.reviewId, table.position),
    check('review_photos_position', sql`${table.position} between 0 and 4`),
    check('review_photos_attached', sql`(${table.reviewId} is null) = (${table.position} is null)`),
    index('review_photos_owner').on(table.ownerId).where(sql`${table.reviewId} is null`),
    index('review_photos_review').on(table.reviewId),
  ],
);
