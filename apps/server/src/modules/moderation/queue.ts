import {
  type DecideModerationItemSchema,
  HIDEABLE_TARGET_TYPES,
  type ModerationContent,
  type ModerationItem,
  type ModerationItemDetail,
  type ModerationQueue,
  type ModerationQueueQuery,
  type ModerationStatus,
  type ReportReason,
  type ReportTargetType,
} from '@marco/contract/moderation';
import { asc, count, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import type { Db } from '../../db/client.js';
import { moderationItems, moderationReports, userSuspensions, users, userWarnings } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { announceSessionsEnded } from '../../platform/pubsub/index.js';
import { uuidv7 } from '../../platform/uuid-v7.js';
import { announceHiddenMessage, hideMessage } from '../messaging/moderation.js';
import { notifyInLocale } from '../notifications/notice.js';
import type { NotifyDeps } from '../notifications/notify.js';
import type { PushDeps } from '../notifications/push.js';
import { hideReview, hideReviewReply } from '../reviews/moderation.js';
import { recordStaffAction, type StaffActor } from '../staff/audit.js';
import { suspendUserInTx } from './suspensions.js';

type DecisionDeps = NotifyDeps & PushDeps & Pick<AppDeps, 'config' | 'pubsub'>;
type Decision = z.output<typeof DecideModerationItemSchema>;

const author = alias(users, 'author');
const authorSuspension = alias(userSuspensions, 'author_suspension');

export const fullName = (name: string | null, surname: string | null) =>
  [name, surname].filter(Boolean).join(' ') || null;

const itemColumns = {
  item: moderationItems,
  authorName: author.name,
  authorSurname: author.surname,
  authorSuspendedAt: authorSuspension.suspendedAt,
};
type ItemRow = {
  item: typeof moderationItems.$inferSelect;
  authorName: string | null;
  authorSurname: string | null;
  authorSuspendedAt: Date | null;
};

function toItem(row: ItemRow): ModerationItem {
  const { item } = row;
  const targetType = item.targetType as ReportTargetType;
  const isSuspended = row.authorSuspendedAt !== null;
  const snapshot = item.content as ModerationContent;
  return {
    id: item.id,
    targetType,
    targetId: item.targetId,
    status: item.status as ModerationStatus,
    reportCount: item.reportCount,
    firstReportedAt: item.firstReportedAt.toISOString(),
    lastReportedAt: item.lastReportedAt.toISOString(),
    author: { userId: item.authorId, name: fullName(row.authorName, row.authorSurname), isSuspended },
    content: {
      ...snapshot,
      isHidden: item.status === 'hidden' || ((targetType === 'guide' || targetType === 'user') && isSuspended),
    },
    decidedAt: item.decidedAt?.toISOString() ?? null,
    decisionNote: item.decisionNote,
  };
}

const selectItems = (db: Db) =>
  db
    .select(itemColumns)
    .from(moderationItems)
    .innerJoin(author, eq(author.id, moderationItems.authorId))
    .leftJoin(authorSuspension, eq(authorSuspension.userId, moderationItems.authorId));

/**
 * The queue (support): open items oldest report first (partial index moderation_items_open),
 * or decided ones newest decision first (moderation_items_decided_at); paged.
 */
export async function listModerationQueue(
  db: Db,
  query: Required<Pick<ModerationQueueQuery, 'status'>> & { page: number; pageSize: number },
): Promise<ModerationQueue> {
  const isOpen = query.status === 'open';
  const where: SQL = isOpen ? eq(moderationItems.status, 'open') : ne(moderationItems.status, 'open');
  const order = isOpen
    ? [asc(moderationItems.firstReportedAt), asc(moderationItems.id)]
    : [desc(moderationItems.decidedAt), desc(moderationItems.id)];
  const [rows, [total]] = await Promise.all([
    selectItems(db)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(moderationItems).where(where),
  ]);
  return { data: rows.map(toItem), page: query.page, pageSize: query.pageSize, total: total?.value ?? 0 };
}

/** One item with every report of it (oldest first) and who made each. */
export async function getModerationItem(db: Db, id: string): Promise<ModerationItemDetail> {
  const [row] = await selectItems(db).where(eq(moderationItems.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'Moderation item not found');
  const reporter = alias(users, 'reporter');
  const reporterSuspension = alias(userSuspensions, 'reporter_suspension');
  const reports = await db
    .select({
      report: moderationReports,
      name: reporter.name,
      surname: reporter.surname,
      suspendedAt: reporterSuspension.suspendedAt,
    })
    .from(moderationReports)
    .innerJoin(reporter, eq(reporter.id, moderationReports.reporterId))
    .leftJoin(reporterSuspension, eq(reporterSuspension.userId, moderationReports.reporterId))
    .where(eq(moderationReports.itemId, id))
    .orderBy(asc(moderationReports.createdAt), asc(moderationReports.id));
  return {
    ...toItem(row),
    reports: reports.map(({ report, name, surname, suspendedAt }) => ({
      id: report.id,
      reason: report.reason as ReportReason,
      text: report.text,
      reporter: { userId: report.reporterId, name: fullName(name, surname), isSuspended: suspendedAt !== null },
      createdAt: report.createdAt.toISOString(),
    })),
  };
}

const STATUS_OF: Record<Decision['decision'], Exclude<ModerationStatus, 'open'>> = {
  dismiss: 'dismissed',
  hide: 'hidden',
  warn: 'warned',
  suspend: 'suspended',
};

/**
 * Staff decide an open item (issue 18 item 5): dismiss it; hide it (a review leaves the
 * guide's rating in the same transaction); warn its author; or suspend its author (their
 * sessions end, a guide profile leaves search). The decision, what it changed and its audit
 * entry commit together. 409 INVALID_STATE for an item already decided, or hiding a guide
 * or a user (suspend their account instead).
 */
export async function decideModerationItem(
  deps: DecisionDeps,
  actor: StaffActor,
  id: string,
  input: Decision,
): Promise<void> {
  const now = deps.clock.now();
  const note = input.note?.trim() || null;
  const { authorId, target } = await deps.db.transaction(async (tx) => {
    const [item] = await tx.select().from(moderationItems).where(eq(moderationItems.id, id)).for('update');
    if (!item) throw new AppError('NOT_FOUND', 'Moderation item not found');
    if (item.status !== 'open') throw new AppError('INVALID_STATE', `This item was already decided (${item.status})`);
    const targetType = item.targetType as ReportTargetType;
    const after: Record<string, unknown> = { status: STATUS_OF[input.decision], note };
    if (input.decision === 'hide') {
      if (!HIDEABLE_TARGET_TYPES.includes(targetType)) {
        throw new AppError('INVALID_STATE', 'A guide or a user is suspended, not hidden');
      }
      const hide = { review: hideReview, review_reply: hideReviewReply, message: hideMessage }[
        targetType as 'review' | 'review_reply' | 'message'
      ];
      after.hidden = await hide(tx, item.targetId, now);
    } else if (input.decision === 'warn') {
      await tx.insert(userWarnings).values({
        id: uuidv7(now),
        userId: item.authorId,
        itemId: item.id,
        note,
        createdAt: now,
        createdBy: actor.user.id,
      });
    } else if (input.decision === 'suspend') {
      const reason = note ?? `Reported ${targetType}`;
      after.suspended = await suspendUserInTx(tx, actor, item.authorId, reason, now);
    }
    await tx
      .update(moderationItems)
      .set({ status: STATUS_OF[input.decision], decidedAt: now, decidedBy: actor.user.id, decisionNote: note })
      .where(eq(moderationItems.id, id));
    await recordStaffAction(tx, actor, {
      action: `moderation.${input.decision}`,
      targetType: 'moderation_item',
      targetId: item.id,
      before: { status: item.status, targetType, targetId: item.targetId, authorId: item.authorId },
      after,
      at: now,
    });
    return { authorId: item.authorId, target: { type: targetType, id: item.targetId } };
  });
  if (input.decision === 'suspend') await announceSessionsEnded(deps.pubsub, authorId);
  if (input.decision === 'hide' && target.type === 'message') await announceHiddenMessage(deps, target.id);
  // A warning the author never hears of changes nothing: they learn of it in their language,
  // with the staff's note, once the decision has committed.
  if (input.decision === 'warn') {
    await notifyInLocale(deps, authorId, 'account.warned', { itemId: id }, (locale) => ({
      note: note ? ` “${note}”` : '',
      link: `${deps.config.PUBLIC_URL}/${locale}/policy/community`,
    }));
  }
}

/** How many warnings each of `userIds` has had. */
export async function countWarnings(db: Db, userIds: string[]): Promise<Map<string, number>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({ userId: userWarnings.userId, value: sql<number>`count(*)::int` })
    .from(userWarnings)
    .where(inArray(userWarnings.userId, userIds))
    .groupBy(userWarnings.userId);
  return new Map(rows.map((row) => [row.userId, row.value]));
}
