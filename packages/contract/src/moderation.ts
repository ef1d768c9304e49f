import { z } from 'zod';
import { IdSchema } from './common.js';
import {
  MODERATION_NOTE_MAX,
  REPORT_REASONS,
  REPORT_TARGET_TYPES,
  REPORT_TEXT_MAX,
  type ReportTargetType,
} from './moderation-limits.js';
import { textField } from './text.js';

export * from './moderation-limits.js';

/*
 * Moderation (issue 18 item 5): any signed-in user reports a review, a guide's reply, a
 * message, a guide profile or a user, once per item; staff (support) work the queue of
 * reported items and decide; staff suspend and reinstate users and read an account's
 * history. Calls: POST /api/app/moderation/reports; /api/app/staff/moderation/…;
 * /api/app/staff/users/…
 */

export const ReportTargetTypeSchema = z.enum(REPORT_TARGET_TYPES);
export const ReportReasonSchema = z.enum(REPORT_REASONS);

/** `POST /api/app/moderation/reports`: 409 CONFLICT when the caller already reported this item. */
export const CreateReportSchema = z.object({
  targetType: ReportTargetTypeSchema,
  /** The review's id for `review` and `review_reply`; the guide's id (or its user's) for `guide`. */
  targetId: IdSchema,
  reason: ReportReasonSchema,
  text: textField({ multiline: true }).max(REPORT_TEXT_MAX).optional(),
});
export type CreateReport = z.input<typeof CreateReportSchema>;

export const ReportReceiptSchema = z.object({
  id: IdSchema,
  targetType: ReportTargetTypeSchema,
  targetId: IdSchema,
  createdAt: z.iso.datetime(),
});
export type ReportReceipt = z.infer<typeof ReportReceiptSchema>;

// ---------------------------------------------------------------------------------------
// The queue (support): GET /api/app/staff/moderation, GET …/{id}, POST …/{id}/decide
// ---------------------------------------------------------------------------------------

export const MODERATION_STATUSES = ['open', 'dismissed', 'hidden', 'warned', 'suspended'] as const;
export const ModerationStatusSchema = z.enum(MODERATION_STATUSES);
export type ModerationStatus = z.infer<typeof ModerationStatusSchema>;

export const MODERATION_DECISIONS = ['dismiss', 'hide', 'warn', 'suspend'] as const;
export const ModerationDecisionSchema = z.enum(MODERATION_DECISIONS);
export type ModerationDecision = z.infer<typeof ModerationDecisionSchema>;

/** What can be hidden: a guide profile or a user is suspended instead. */
export const HIDEABLE_TARGET_TYPES: readonly ReportTargetType[] = ['review', 'review_reply', 'message'];

export const ModerationQueueQuerySchema = z.object({
  /** `open` (default): the queue, oldest report first; `closed`: decided items, newest decision first. */
  status: z.enum(['open', 'closed']).default('open'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type ModerationQueueQuery = z.input<typeof ModerationQueueQuerySchema>;

export const ModerationItemParamsSchema = z.object({ id: IdSchema });

export const ModerationPersonSchema = z.object({
  userId: IdSchema,
  name: z.string().nullable(),
  isSuspended: z.boolean(),
});
export type ModerationPerson = z.infer<typeof ModerationPersonSchema>;

export const ModerationReportSchema = z.object({
  id: IdSchema,
  reason: ReportReasonSchema,
  text: z.string().nullable(),
  reporter: ModerationPersonSchema,
  createdAt: z.iso.datetime(),
});
export type ModerationReport = z.infer<typeof ModerationReportSchema>;

/** The reported item as it was when first reported, and where it lives. */
export const ModerationContentSchema = z.object({
  /** The review's comment, the reply, the message, the guide's about text or the user's about text. */
  text: z.string().nullable(),
  /** Stars of a reported review (and of the review a reported reply answers). */
  rating: z.number().int().nullable(),
  /** For a reply: the review it answers. */
  inReplyTo: z.string().nullable(),
  /** The guide a review or reply is about, or the reported guide. */
  guideId: IdSchema.nullable(),
  conversationId: IdSchema.nullable(),
  /** The item is hidden now (or, for a guide or user, suspended). */
  isHidden: z.boolean(),
});
export type ModerationContent = z.infer<typeof ModerationContentSchema>;

export const ModerationItemSchema = z.object({
  id: IdSchema,
  targetType: ReportTargetTypeSchema,
  targetId: IdSchema,
  status: ModerationStatusSchema,
  reportCount: z.number().int().min(1),
  firstReportedAt: z.iso.datetime(),
  lastReportedAt: z.iso.datetime(),
  /** Who wrote the item (the reviewer, the replying guide, the sender, the guide, the user). */
  author: ModerationPersonSchema,
  content: ModerationContentSchema,
  decidedAt: z.iso.datetime().nullable(),
  decisionNote: z.string().nullable(),
});
export type ModerationItem = z.infer<typeof ModerationItemSchema>;

export const ModerationItemDetailSchema = ModerationItemSchema.extend({
  /** Every report of the item, oldest first. */
  reports: z.array(ModerationReportSchema),
});
export type ModerationItemDetail = z.infer<typeof ModerationItemDetailSchema>;

export const ModerationQueueSchema = z.object({
  data: z.array(ModerationItemSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type ModerationQueue = z.infer<typeof ModerationQueueSchema>;

/**
 * `POST …/{id}/decide`: dismiss, hide (reviews, replies, messages), warn the author or
 * suspend the author. 409 INVALID_STATE when the item was already decided, or hide of a
 * guide or user.
 */
export const DecideModerationItemSchema = z.object({
  decision: ModerationDecisionSchema,
  note: textField({ multiline: true }).max(MODERATION_NOTE_MAX).optional(),
});
export type DecideModerationItem = z.input<typeof DecideModerationItemSchema>;

// ---------------------------------------------------------------------------------------
// Users (support): GET /api/app/staff/users, GET …/{userId}, POST …/{userId}/suspend|reinstate
// ---------------------------------------------------------------------------------------

export const StaffUserListQuerySchema = z.object({
  /** Name, surname, phone (digits) or e-mail; empty lists the newest accounts. */
  q: z.string().trim().max(100).optional(),
  suspended: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type StaffUserListQuery = z.input<typeof StaffUserListQuerySchema>;

export const StaffUserParamsSchema = z.object({ userId: IdSchema });

export const StaffUserSummarySchema = z.object({
  id: IdSchema,
  name: z.string().nullable(),
  surname: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  email: z.string().nullable(),
  roles: z.array(z.string()),
  isGuide: z.boolean(),
  suspendedAt: z.iso.datetime().nullable(),
  isDeleted: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type StaffUserSummary = z.infer<typeof StaffUserSummarySchema>;

export const StaffUserListSchema = z.object({
  data: z.array(StaffUserSummarySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type StaffUserList = z.infer<typeof StaffUserListSchema>;

export const StaffUserReservationSchema = z.object({
  id: IdSchema,
  /** The user's side of it. */
  as: z.enum(['traveller', 'guide']),
  status: z.string(),
  startsAt: z.iso.datetime(),
  totalMinor: z.number().int(),
  currency: z.string(),
  otherPartyName: z.string().nullable(),
});
export const StaffUserReportSchema = z.object({
  itemId: IdSchema,
  targetType: ReportTargetTypeSchema,
  reason: ReportReasonSchema,
  status: ModerationStatusSchema,
  createdAt: z.iso.datetime(),
});
export const StaffUserActionSchema = z.object({
  id: IdSchema,
  at: z.iso.datetime(),
  action: z.string(),
  actorName: z.string().nullable(),
  note: z.string().nullable(),
});

/** One account as support sees it: never password data, tokens or second-factor secrets. */
export const StaffUserDetailSchema = StaffUserSummarySchema.extend({
  userName: z.string(),
  phoneConfirmed: z.boolean(),
  emailConfirmed: z.boolean(),
  timezone: z.string(),
  guide: z.object({ id: IdSchema, status: z.string() }).nullable(),
  suspensionReason: z.string().nullable(),
  warningCount: z.number().int(),
  /** The newest 50 reservations as traveller or guide. */
  reservations: z.array(StaffUserReservationSchema),
  /** Reports about what this user wrote or about them, newest first (50). */
  reportsAgainst: z.array(StaffUserReportSchema),
  /** Reports this user made, newest first (50). */
  reportsMade: z.array(StaffUserReportSchema),
  /** Staff actions on this user, their guide profile or their reported items, newest first (50). */
  staffActions: z.array(StaffUserActionSchema),
});
export type StaffUserDetail = z.infer<typeof StaffUserDetailSchema>;

export const SuspendUserSchema = z.object({ reason: textField({ multiline: true }).min(1).max(MODERATION_NOTE_MAX) });
export type SuspendUser = z.input<typeof SuspendUserSchema>;
