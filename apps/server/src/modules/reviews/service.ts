import type { Locale, Localized } from '@marco/contract/locales';
import {
  type CreateReviewSchema,
  type MyReview,
  type MyReviewList,
  type MyReviewsQuerySchema,
  type ReservationReview,
  type Review,
  type ReviewList,
  type ReviewListQuerySchema,
  TESTIMONIAL_MIN_RATING,
  type Testimonial,
} from '@marco/contract/reviews';
import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import type { Db } from '../../db/client.js';
import { cities, guides, reservations, reviewPhotos, reviews, users } from '../../db/schema/index.js';
import { violatedUniqueConstraint } from '../../db/sql-errors.js';
import { AppError, fieldError } from '../../platform/errors.js';
import { uuidv7 } from '../../platform/uuid-v7.js';
import { findGuideByAnyId, findGuideByUser, isPublicGuide } from '../guides/guide-profile.js';
import { toReviewPhoto } from './photos.js';

/*
 * Reviews (issue 6). A tourist rates a completed reservation once; the guide's `rating`
 * (average, one decimal) and `review_count` are recomputed from the reviews in the same
 * transaction, under a lock of the guide row so two reviews of one guide sent at once
 * both count. A guide replies once (a conditional update, so two replies cannot both win).
 */

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type CreateInput = z.output<typeof CreateReviewSchema>;
type ListQuery = z.output<typeof ReviewListQuerySchema>;
type MyListQuery = z.output<typeof MyReviewsQuerySchema>;

const guideUser = alias(users, 'guide_user');

/** "Ayşe K.": the first name and the initial of the last name; nothing else of the reviewer. */
export function reviewerDisplayName(name: string | null, surname: string | null): string {
  const first = (name ?? '').trim();
  const initial = Array.from((surname ?? '').trim())[0];
  return [first, initial ? `${initial.toLocaleUpperCase()}.` : ''].filter(Boolean).join(' ');
}

const reviewColumns = {
  id: reviews.id,
  reservationId: reviews.reservationId,
  guideId: reviews.guideId,
  rating: reviews.rating,
  comment: reviews.comment,
  language: reviews.language,
  reply: reviews.reply,
  replyLanguage: reviews.replyLanguage,
  repliedAt: reviews.repliedAt,
  replyHiddenAt: reviews.replyHiddenAt,
  createdAt: reviews.createdAt,
  reviewerName: users.name,
  reviewerSurname: users.surname,
};
type ReviewRow = {
  id: string;
  reservationId: string;
  guideId: string;
  rating: number;
  comment: string;
  language: string | null;
  reply: string | null;
  replyLanguage: string | null;
  repliedAt: Date | null;
  replyHiddenAt: Date | null;
  createdAt: Date;
  reviewerName: string | null;
  reviewerSurname: string | null;
};

async function present(db: Db, rows: ReviewRow[]): Promise<MyReview[]> {
  if (!rows.length) return [];
  const photos = await db
    .select({
      id: reviewPhotos.id,
      reviewId: reviewPhotos.reviewId,
      width: reviewPhotos.width,
      height: reviewPhotos.height,
    })
    .from(reviewPhotos)
    .where(
      inArray(
        reviewPhotos.reviewId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(reviewPhotos.position));
  return rows.map((row) => ({
    id: row.id,
    reservationId: row.reservationId,
    guideId: row.guideId,
    rating: row.rating,
    comment: row.comment,
    language: row.language,
    photos: photos.filter((photo) => photo.reviewId === row.id).map(toReviewPhoto),
    reviewerName: reviewerDisplayName(row.reviewerName, row.reviewerSurname),
    createdAt: row.createdAt.toISOString(),
    reply:
      row.reply !== null && row.repliedAt && !row.replyHiddenAt
        ? { comment: row.reply, language: row.replyLanguage, createdAt: row.repliedAt.toISOString() }
        : null,
  }));
}

/** The public shape: no reservation id. */
const toPublic = ({ reservationId: _reservationId, ...review }: MyReview): Review => review;

async function loadMyReview(db: Db, id: string): Promise<MyReview> {
  const rows = await db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.touristId))
    .where(eq(reviews.id, id));
  const [review] = await present(db, rows);
  if (!review) throw new AppError('NOT_FOUND', 'Review not found');
  return review;
}

/**
 * Sets the guide's rating (average to one decimal, null without reviews) and review count
 * from its reviews that staff did not hide. The update of `guides` moves the search read
 * model in the same transaction (search/0007's trigger).
 */
export async function recomputeGuideRating(tx: Tx, guideId: string) {
  await tx.execute(sql`
    update guides g
       set rating = s.average, review_count = s.total
      from (select round(avg(rating)::numeric, 1) as average, count(*)::int as total
              from reviews where guide_id = ${guideId} and hidden_at is null) s
     where g.id = ${guideId}`);
}

/**
 * The reservation's own tourist rates it, once it is completed, once. 404 for another
 * user's reservation, 409 INVALID_STATE before completion, 409 CONFLICT the second time,
 * 400 on `photoIds` when a photo is not the caller's own unattached upload.
 */
export async function createReview(
  deps: Deps,
  touristId: string,
  input: CreateInput,
  language: string | null = null,
): Promise<MyReview> {
  const { db, clock } = deps;
  const now = clock.now();
  const id = uuidv7(now);
  try {
    await db.transaction(async (tx) => {
      const [reservation] = await tx
        .select({ status: reservations.status, guideId: reservations.guideId })
        .from(reservations)
        .where(and(eq(reservations.id, input.reservationId), eq(reservations.touristId, touristId)))
        .for('update');
      if (!reservation) throw new AppError('NOT_FOUND', 'Reservation not found');
      if (reservation.status !== 'completed') {
        throw new AppError('INVALID_STATE', 'Only a completed reservation can be reviewed');
      }
      const [existing] = await tx
        .select({ id: reviews.id })
        .from(reviews)
        .where(eq(reviews.reservationId, input.reservationId));
      if (existing) throw new AppError('CONFLICT', 'This reservation has already been reviewed');
      await tx.select({ id: guides.id }).from(guides).where(eq(guides.id, reservation.guideId)).for('update');
      if (input.photoIds.length) {
        const owned = await tx
          .select({ id: reviewPhotos.id })
          .from(reviewPhotos)
          .where(
            and(
              inArray(reviewPhotos.id, input.photoIds),
              eq(reviewPhotos.ownerId, touristId),
              isNull(reviewPhotos.reviewId),
            ),
          )
          .for('update');
        if (owned.length !== input.photoIds.length) {
          throw fieldError('VALIDATION_FAILED', 'body.photoIds', 'Each photo must be your own upload, not yet used');
        }
      }
      await tx.insert(reviews).values({
        id,
        reservationId: input.reservationId,
        guideId: reservation.guideId,
        touristId,
        rating: input.rating,
        comment: input.comment,
        language,
        createdAt: now,
      });
      for (const [position, photoId] of input.photoIds.entries()) {
        await tx.update(reviewPhotos).set({ reviewId: id, position }).where(eq(reviewPhotos.id, photoId));
      }
      await recomputeGuideRating(tx, reservation.guideId);
    });
  } catch (error) {
    if (violatedUniqueConstraint(error) === 'reviews_reservation') {
      throw new AppError('CONFLICT', 'This reservation has already been reviewed');
    }
    throw error;
  }
  return loadMyReview(db, id);
}

/** The reviewed guide answers once: 404 for anyone else, 409 CONFLICT when already answered. */
export async function replyToReview(
  deps: Deps,
  userId: string,
  reviewId: string,
  comment: string,
  language: string | null = null,
): Promise<MyReview> {
  const { db, clock } = deps;
  const [row] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .innerJoin(guides, eq(guides.id, reviews.guideId))
    .where(and(eq(reviews.id, reviewId), eq(guides.userId, userId)));
  if (!row) throw new AppError('NOT_FOUND', 'Review not found');
  const updated = await db
    .update(reviews)
    .set({ reply: comment, replyLanguage: language, repliedAt: clock.now() })
    .where(and(eq(reviews.id, reviewId), isNull(reviews.reply)))
    .returning({ id: reviews.id });
  if (!updated.length) throw new AppError('CONFLICT', 'This review already has a reply');
  return loadMyReview(db, reviewId);
}

async function page(db: Db, where: SQL, query: ListQuery): Promise<MyReviewList> {
  const [rows, [total]] = await Promise.all([
    db
      .select(reviewColumns)
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.touristId))
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(reviews).where(where),
  ]);
  return { data: await present(db, rows), page: query.page, pageSize: query.pageSize, total: total?.value ?? 0 };
}

/** A public guide's reviews, newest first (by guide id or its user's id); 404 GUIDE_NOT_FOUND otherwise. */
export async function listGuideReviews(db: Db, guideId: string, query: ListQuery): Promise<ReviewList> {
  const guide = await findGuideByAnyId(db, guideId);
  if (!guide || !isPublicGuide(guide)) throw new AppError('GUIDE_NOT_FOUND', 'Guide not found');
  const result = await page(db, and(eq(reviews.guideId, guide.id), isNull(reviews.hiddenAt)) as SQL, query);
  return { ...result, data: result.data.map(toPublic) };
}

/** Reviews the caller wrote (tourist) or received on their guide profile (guide). */
export async function listMyReviews(db: Db, userId: string, query: MyListQuery): Promise<MyReviewList> {
  if (query.role === 'tourist')
    return page(db, and(eq(reviews.touristId, userId), isNull(reviews.hiddenAt)) as SQL, query);
  const guide = await findGuideByUser(db, userId);
  if (!guide) return { data: [], page: query.page, pageSize: query.pageSize, total: 0 };
  return page(db, and(eq(reviews.guideId, guide.id), isNull(reviews.hiddenAt)) as SQL, query);
}

/**
 * Recent good reviews with a comment, of public guides, for the home page: at most one per
 * guide, so a single busy guide does not fill the section. Reads the partial index
 * reviews_testimonials from the newest end.
 */
export async function listTestimonials(db: Db, limit: number, locale: Locale): Promise<Testimonial[]> {
  const rows = await db
    .select({
      ...reviewColumns,
      guideName: guideUser.name,
      guideSurname: guideUser.surname,
      cityId: cities.id,
      cityKey: cities.key,
      cityNames: cities.names,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.touristId))
    .innerJoin(guides, eq(guides.id, reviews.guideId))
    .innerJoin(guideUser, eq(guideUser.id, guides.userId))
    .leftJoin(cities, eq(cities.id, guides.cityId))
    .where(
      and(
        sql`${reviews.rating} >= ${TESTIMONIAL_MIN_RATING}`,
        sql`${reviews.comment} <> ''`,
        isNull(reviews.hiddenAt),
        eq(guides.status, 'approved'),
        eq(guides.isActive, true),
      ),
    )
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit * 5);
  const seen = new Set<string>();
  const chosen = rows.filter((row) => {
    if (seen.has(row.guideId) || seen.size >= limit) return false;
    seen.add(row.guideId);
    return true;
  });
  const presented = await present(db, chosen);
  return presented.map((review, index) => {
    const row = chosen[index] as (typeof chosen)[number];
    return {
      ...toPublic(review),
      guide: {
        id: row.guideId,
        name: row.guideName,
        surname: row.guideSurname,
        city:
          row.cityId && row.cityKey && row.cityNames
            ? { id: row.cityId, code: row.cityKey, name: (row.cityNames as Localized)[locale] }
            : null,
      },
    };
  });
}

/** The review of each of `reservationIds` that has one ("review submitted" on a reservation). */
export async function reviewsOfReservations(db: Db, reservationIds: string[]): Promise<Map<string, ReservationReview>> {
  if (!reservationIds.length) return new Map();
  const rows = await db
    .select({ id: reviews.id, rating: reviews.rating, reservationId: reviews.reservationId })
    .from(reviews)
    .where(inArray(reviews.reservationId, reservationIds));
  return new Map(rows.map((row) => [row.reservationId, { id: row.id, rating: row.rating }]));
}

/**
 * Everything about reviews a user's data export ("download my data") includes: the reviews
 * the user wrote and those received on their guide profile, with replies and photo URLs.
 */
export async function exportUserReviews(
  db: Db,
  userId: string,
): Promise<{ written: MyReview[]; received: MyReview[] }> {
  const all = (where: SQL) =>
    db
      .select(reviewColumns)
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.touristId))
      .where(where)
      .orderBy(desc(reviews.createdAt));
  const guide = await findGuideByUser(db, userId);
  const [written, received] = await Promise.all([
    all(eq(reviews.touristId, userId)).then((rows) => present(db, rows)),
    guide ? all(eq(reviews.guideId, guide.id)).then((rows) => present(db, rows)) : Promise.resolve([]),
  ]);
  return { written, received };
}
