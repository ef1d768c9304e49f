import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { guides, reviews } from '../../db/schema/index.js';
import { recomputeGuideRating } from './service.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A review as a report of it or of its reply needs it; null when there is none. */
export async function findReviewForModeration(db: Db | Tx, reviewId: string) {
  const [row] = await db
    .select({
      id: reviews.id,
      guideId: reviews.guideId,
      guideUserId: guides.userId,
      touristId: reviews.touristId,
      rating: reviews.rating,
      comment: reviews.comment,
      reply: reviews.reply,
      hiddenAt: reviews.hiddenAt,
      replyHiddenAt: reviews.replyHiddenAt,
    })
    .from(reviews)
    .innerJoin(guides, eq(guides.id, reviews.guideId))
    .where(eq(reviews.id, reviewId));
  return row ?? null;
}

/**
 * Staff hide a review (issue 18 item 5): it shows nowhere, and the guide's rating and
 * review count leave it out, in the caller's transaction. The guide row is locked first, as
 * createReview does, so a review written at the same time is counted either way.
 */
export async function hideReview(tx: Tx, reviewId: string, now: Date): Promise<boolean> {
  const [review] = await tx.select({ guideId: reviews.guideId }).from(reviews).where(eq(reviews.id, reviewId));
  if (!review) return false;
  await tx.select({ id: guides.id }).from(guides).where(eq(guides.id, review.guideId)).for('update');
  const hidden = await tx
    .update(reviews)
    .set({ hiddenAt: now })
    .where(and(eq(reviews.id, reviewId), isNull(reviews.hiddenAt)))
    .returning({ id: reviews.id });
  if (!hidden.length) return false;
  await recomputeGuideRating(tx, review.guideId);
  return true;
}

/** Staff hide a guide's reply: the review shows without it. */
export async function hideReviewReply(tx: Tx, reviewId: string, now: Date): Promise<boolean> {
  const hidden = await tx
    .update(reviews)
    .set({ replyHiddenAt: now })
    .where(and(eq(reviews.id, reviewId), isNotNull(reviews.reply), isNull(reviews.replyHiddenAt)))
    .returning({ id: reviews.id });
  return hidden.length > 0;
}
