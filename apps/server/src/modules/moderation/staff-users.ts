import type {
  ModerationStatus,
  ReportReason,
  ReportTargetType,
  StaffUserDetail,
  StaffUserList,
  StaffUserListQuerySchema,
  StaffUserSummary,
} from '@marco/contract/moderation';
import { and, asc, count, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import {
  auditLog,
  guides,
  moderationItems,
  moderationReports,
  reservations,
  userSuspensions,
  users,
} from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { isUuid } from '../../platform/uuid.js';
import { toE164 } from '../auth/phone.js';
import { countWarnings, fullName } from './queue.js';

type ListQuery = z.output<typeof StaffUserListQuerySchema>;

const HISTORY_LIMIT = 50;

// Never the password hash, lockout counters or anything of the second factor.
const summaryColumns = {
  id: users.id,
  name: users.name,
  surname: users.surname,
  phoneNumber: users.phoneNumber,
  email: users.email,
  roles: users.roles,
  createdAt: users.createdAt,
  deletedAt: users.deletedAt,
  guideId: guides.id,
  guideStatus: guides.status,
  suspendedAt: userSuspensions.suspendedAt,
  suspensionReason: userSuspensions.reason,
};
type SummaryRow = {
  id: string;
  name: string | null;
  surname: string | null;
  phoneNumber: string | null;
  email: string | null;
  roles: string[];
  createdAt: Date;
  deletedAt: Date | null;
  guideId: string | null;
  guideStatus: string | null;
  suspendedAt: Date | null;
  suspensionReason: string | null;
};

const toSummary = (row: SummaryRow): StaffUserSummary => ({
  id: row.id,
  name: row.name,
  surname: row.surname,
  phoneNumber: row.phoneNumber,
  email: row.email,
  roles: row.roles,
  isGuide: row.guideId !== null,
  suspendedAt: row.suspendedAt?.toISOString() ?? null,
  isDeleted: row.deletedAt !== null,
  createdAt: row.createdAt.toISOString(),
});

const searchText = sql`(coalesce(${users.name}, '') || ' ' || coalesce(${users.surname}, '') || ' ' || coalesce(${users.email}, ''))`;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * What `q` finds, each through an index: an account id (primary key), a phone number in
 * E.164 (users_phone_number), else a fragment of the name, surname or e-mail
 * (users_staff_search, trigrams).
 */
function matchOf(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  if (isUuid(q)) return eq(users.id, q);
  const phone = toE164(q);
  if (phone) return eq(users.phoneNumber, phone);
  return sql`${searchText} ilike ${`%${escapeLike(q)}%`}`;
}

/** Accounts for support: searched by `q`, or only the suspended ones; newest first (suspended: latest suspension first). */
export async function listUsersForStaff(db: Db, query: ListQuery): Promise<StaffUserList> {
  const where = and(
    matchOf(query.q),
    query.suspended === true ? sql`${userSuspensions.userId} is not null` : undefined,
    query.suspended === false ? isNull(userSuspensions.userId) : undefined,
  );
  const base = db
    .select(summaryColumns)
    .from(users)
    .leftJoin(guides, eq(guides.userId, users.id))
    .leftJoin(userSuspensions, eq(userSuspensions.userId, users.id));
  const [rows, [total]] = await Promise.all([
    base
      .where(where)
      .orderBy(
        ...(query.suspended === true ? [desc(userSuspensions.suspendedAt)] : []),
        desc(users.createdAt),
        desc(users.id),
      )
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ value: count() })
      .from(users)
      .leftJoin(userSuspensions, eq(userSuspensions.userId, users.id))
      .where(where),
  ]);
  return { data: rows.map(toSummary), page: query.page, pageSize: query.pageSize, total: total?.value ?? 0 };
}

/**
 * One account as support sees it, with its history: the newest reservations on either side,
 * reports about it and by it, and staff actions on it, its guide profile and its reported
 * items. A fixed number of queries, each on an index.
 */
export async function getUserForStaff(db: Db, userId: string): Promise<StaffUserDetail> {
  const [row] = await db
    .select({
      ...summaryColumns,
      userName: users.userName,
      phoneConfirmed: users.phoneConfirmed,
      emailConfirmed: users.emailConfirmed,
      timezone: users.timezone,
    })
    .from(users)
    .leftJoin(guides, eq(guides.userId, users.id))
    .leftJoin(userSuspensions, eq(userSuspensions.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw new AppError('USER_NOT_FOUND', 'User not found');

  const tourist = alias(users, 'tourist');
  const guideUser = alias(users, 'guide_user');
  const [bookings, against, made, warnings] = await Promise.all([
    db
      .select({
        id: reservations.id,
        touristId: reservations.touristId,
        status: reservations.status,
        startsAt: reservations.startsAt,
        totalMinor: reservations.totalMinor,
        currency: reservations.currency,
        touristName: tourist.name,
        touristSurname: tourist.surname,
        guideName: guideUser.name,
        guideSurname: guideUser.surname,
      })
      .from(reservations)
      .innerJoin(tourist, eq(tourist.id, reservations.touristId))
      .innerJoin(guideUser, eq(guideUser.id, reservations.guideUserId))
      .where(or(eq(reservations.touristId, userId), eq(reservations.guideUserId, userId)))
      .orderBy(desc(reservations.startsAt), desc(reservations.id))
      .limit(HISTORY_LIMIT),
    db
      .select({
        id: moderationItems.id,
        targetType: moderationItems.targetType,
        status: moderationItems.status,
        lastReportedAt: moderationItems.lastReportedAt,
        // The latest report's reason; written out, as Drizzle leaves columns unqualified in a sub-select.
        reason: sql<string>`(select r.reason from moderation_reports r
          where r.item_id = "moderation_items"."id" order by r.created_at desc limit 1)`,
      })
      .from(moderationItems)
      .where(eq(moderationItems.authorId, userId))
      .orderBy(desc(moderationItems.lastReportedAt))
      .limit(HISTORY_LIMIT),
    db
      .select({
        itemId: moderationItems.id,
        targetType: moderationItems.targetType,
        status: moderationItems.status,
        reason: moderationReports.reason,
        createdAt: moderationReports.createdAt,
      })
      .from(moderationReports)
      .innerJoin(moderationItems, eq(moderationItems.id, moderationReports.itemId))
      .where(eq(moderationReports.reporterId, userId))
      .orderBy(desc(moderationReports.createdAt))
      .limit(HISTORY_LIMIT),
    countWarnings(db, [userId]),
  ]);

  const actor = alias(users, 'actor');
  const targets = [
    and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, userId)),
    row.guideId ? and(eq(auditLog.targetType, 'guide'), eq(auditLog.targetId, row.guideId)) : undefined,
    against.length
      ? and(
          eq(auditLog.targetType, 'moderation_item'),
          inArray(
            auditLog.targetId,
            against.map((item) => item.id),
          ),
        )
      : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
  const actions = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      after: auditLog.after,
      name: actor.name,
      surname: actor.surname,
    })
    .from(auditLog)
    .innerJoin(actor, eq(actor.id, auditLog.actorUserId))
    .where(or(...targets))
    .orderBy(desc(auditLog.at), asc(auditLog.id))
    .limit(HISTORY_LIMIT);

  const noteOf = (after: unknown): string | null => {
    const fields = (after ?? {}) as { note?: unknown; reason?: unknown; suspensionReason?: unknown };
    const value = fields.note ?? fields.reason ?? fields.suspensionReason;
    return typeof value === 'string' ? value : null;
  };

  return {
    ...toSummary(row),
    userName: row.userName,
    phoneConfirmed: row.phoneConfirmed,
    emailConfirmed: row.emailConfirmed,
    timezone: row.timezone,
    guide: row.guideId && row.guideStatus ? { id: row.guideId, status: row.guideStatus } : null,
    suspensionReason: row.suspensionReason,
    warningCount: warnings.get(userId) ?? 0,
    reservations: bookings.map((booking) => {
      const asTraveller = booking.touristId === userId;
      return {
        id: booking.id,
        as: asTraveller ? ('traveller' as const) : ('guide' as const),
        status: booking.status,
        startsAt: booking.startsAt.toISOString(),
        totalMinor: booking.totalMinor,
        currency: booking.currency,
        otherPartyName: asTraveller
          ? fullName(booking.guideName, booking.guideSurname)
          : fullName(booking.touristName, booking.touristSurname),
      };
    }),
    reportsAgainst: against.map((item) => ({
      itemId: item.id,
      targetType: item.targetType as ReportTargetType,
      reason: item.reason as ReportReason,
      status: item.status as ModerationStatus,
      createdAt: item.lastReportedAt.toISOString(),
    })),
    reportsMade: made.map((report) => ({
      itemId: report.itemId,
      targetType: report.targetType as ReportTargetType,
      reason: report.reason as ReportReason,
      status: report.status as ModerationStatus,
      createdAt: report.createdAt.toISOString(),
    })),
    staffActions: actions.map((entry) => ({
      id: entry.id,
      at: entry.at.toISOString(),
      action: entry.action,
      actorName: fullName(entry.name, entry.surname),
      note: noteOf(entry.after),
    })),
  };
}
