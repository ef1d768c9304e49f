import type {
  CreateReportSchema,
  ModerationContent,
  ReportReceipt,
  ReportTargetType,
} from '@marco/contract/moderation';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { moderationItems, moderationReports, users } from '../../db/schema/index.js';
import { violatedUniqueConstraint } from '../../db/sql-errors.js';
import { AppError, fieldError } from '../../platform/errors.js';
import { uuidv7 } from '../../platform/uuid-v7.js';
import { findGuideByAnyId, isPublicGuide } from '../guides/guide-profile.js';
import { findMessageForReport } from '../messaging/moderation.js';
import { findReviewForModeration } from '../reviews/moderation.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type Input = z.output<typeof CreateReportSchema>;

interface Target {
  /** The id the item is kept under (a guide's own id, even when reported by its user's id). */
  targetId: string;
  authorId: string;
  content: ModerationContent;
}

const content = (fields: Partial<ModerationContent>): ModerationContent => ({
  text: null,
  rating: null,
  inReplyTo: null,
  guideId: null,
  conversationId: null,
  isHidden: false,
  ...fields,
});

const notFound = (type: ReportTargetType) =>
  type === 'guide' ? new AppError('GUIDE_NOT_FOUND', 'Guide not found') : new AppError('NOT_FOUND', 'Not found');

/** What is reported, as the reporter may see it; 404 for what they cannot see (hidden, deleted, someone else's conversation). */
async function findTarget(deps: Deps, reporterId: string, input: Input): Promise<Target> {
  const { db } = deps;
  switch (input.targetType) {
    case 'review':
    case 'review_reply': {
      const review = await findReviewForModeration(db, input.targetId);
      if (!review || review.hiddenAt) throw notFound(input.targetType);
      if (input.targetType === 'review') {
        return {
          targetId: review.id,
          authorId: review.touristId,
          content: content({ text: review.comment, rating: review.rating, guideId: review.guideId }),
        };
      }
      if (review.reply === null || review.replyHiddenAt) throw notFound(input.targetType);
      return {
        targetId: review.id,
        authorId: review.guideUserId,
        content: content({
          text: review.reply,
          rating: review.rating,
          inReplyTo: review.comment,
          guideId: review.guideId,
        }),
      };
    }
    case 'message': {
      const message = await findMessageForReport(db, input.targetId, reporterId);
      if (!message) throw notFound('message');
      return {
        targetId: message.id,
        authorId: message.senderId,
        content: content({ text: message.text, conversationId: message.conversationId }),
      };
    }
    case 'guide': {
      const guide = await findGuideByAnyId(db, input.targetId);
      if (!guide || !isPublicGuide(guide)) throw notFound('guide');
      return { targetId: guide.id, authorId: guide.userId, content: content({ text: guide.about, guideId: guide.id }) };
    }
    case 'user': {
      const [user] = await db
        .select({ id: users.id, about: users.about })
        .from(users)
        .where(and(eq(users.id, input.targetId), isNull(users.deletedAt)));
      if (!user) throw new AppError('USER_NOT_FOUND', 'User not found');
      return { targetId: user.id, authorId: user.id, content: content({ text: user.about }) };
    }
  }
}

/**
 * A signed-in user reports an item (issue 18 item 5), once: the database's
 * `moderation_reports_once` refuses a second report (409 CONFLICT) however it is sent.
 * The first report keeps what the item said; a further report of an item staff dismissed or
 * warned about puts it back in the queue. Reporting oneself is refused (400).
 */
export async function createReport(deps: Deps, reporterId: string, input: Input): Promise<ReportReceipt> {
  const target = await findTarget(deps, reporterId, input);
  if (target.authorId === reporterId) {
    throw fieldError('VALIDATION_FAILED', 'body.targetId', 'You cannot report yourself or what you wrote');
  }
  const now = deps.clock.now();
  const reportId = uuidv7(now);
  try {
    await deps.db.transaction(async (tx) => {
      const [item] = await tx
        .insert(moderationItems)
        .values({
          id: uuidv7(now),
          targetType: input.targetType,
          targetId: target.targetId,
          authorId: target.authorId,
          status: 'open',
          reportCount: 1,
          content: target.content,
          firstReportedAt: now,
          lastReportedAt: now,
        })
        .onConflictDoUpdate({
          target: [moderationItems.targetType, moderationItems.targetId],
          set: {
            reportCount: sql`${moderationItems.reportCount} + 1`,
            lastReportedAt: now,
            status: sql`case when ${moderationItems.status} in ('dismissed', 'warned') then 'open' else ${moderationItems.status} end`,
            decidedAt: sql`case when ${moderationItems.status} in ('dismissed', 'warned') then null else ${moderationItems.decidedAt} end`,
            decidedBy: sql`case when ${moderationItems.status} in ('dismissed', 'warned') then null else ${moderationItems.decidedBy} end`,
          },
        })
        .returning({ id: moderationItems.id });
      if (!item) throw new Error('moderation item upsert returned no row');
      await tx.insert(moderationReports).values({
        id: reportId,
        itemId: item.id,
        reporterId,
        reason: input.reason,
        text: input.text?.trim() || null,
        createdAt: now,
      });
    });
  } catch (error) {
    if (violatedUniqueConstraint(error) === 'moderation_reports_once') {
      throw new AppError('CONFLICT', 'You already reported this', { reason: 'already_reported' });
    }
    throw error;
  }
  return { id: reportId, targetType: input.targetType, targetId: target.targetId, createdAt: now.toISOString() };
}
