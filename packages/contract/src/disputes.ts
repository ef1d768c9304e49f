import { z } from 'zod';
import { IdSchema } from './common.js';
import { ReservationCurrencySchema, ReservationStatusSchema } from './reservations.js';
import { textField } from './text.js';

/*
 * Disputes (issue 18 item 3, docs/decisions/026): the traveller or the guide of a
 * reservation that started reports a problem, up to 14 days after its end; both parties and
 * staff (support; admin) talk on the case; staff resolve it once. Calls under
 * /api/app/disputes… (the parties) and /api/app/staff/disputes… (staff).
 */

export const DISPUTE_WINDOW_DAYS = 14;
export const DISPUTE_PHOTO_MAX_COUNT = 5;
export const DISPUTE_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const DISPUTE_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const DISPUTE_REASONS = [
  'no_show',
  'late_or_short',
  'not_as_described',
  'safety',
  'behaviour',
  'payment',
  'other',
] as const;
export const DisputeReasonSchema = z.enum(DISPUTE_REASONS);
export type DisputeReason = z.infer<typeof DisputeReasonSchema>;

export const DISPUTE_STATUSES = ['open', 'resolved'] as const;
export const DisputeStatusSchema = z.enum(DISPUTE_STATUSES);
export type DisputeStatus = z.infer<typeof DisputeStatusSchema>;

export const DISPUTE_RESOLUTIONS = ['no_action', 'partial_refund', 'full_refund', 'guide_penalty'] as const;
export const DisputeResolutionSchema = z.enum(DISPUTE_RESOLUTIONS);
export type DisputeResolution = z.infer<typeof DisputeResolutionSchema>;

/** Who wrote on a case: one of the reservation's parties, or staff. */
export const DisputeAuthorRoleSchema = z.enum(['tourist', 'guide', 'staff']);
export type DisputeAuthorRole = z.infer<typeof DisputeAuthorRoleSchema>;

export const DisputeParamsSchema = z.object({ id: IdSchema });
export const DisputePhotoParamsSchema = z.object({ id: IdSchema, photoId: IdSchema });
export const ReservationDisputeParamsSchema = z.object({ reservationId: IdSchema });

/** `POST /api/app/disputes`: opens a case; photos follow, one per call. */
export const OpenDisputeSchema = z.object({
  reservationId: IdSchema,
  reason: DisputeReasonSchema,
  text: textField({ multiline: true }).min(10).max(2000),
});
export type OpenDispute = z.infer<typeof OpenDisputeSchema>;

/** `POST …/messages` */
export const DisputeMessageInputSchema = z.object({ text: textField({ multiline: true }).min(1).max(2000) });
export type DisputeMessageInput = z.infer<typeof DisputeMessageInputSchema>;

const outcome = textField({ multiline: true }).min(10).max(2000);
const amountMinor = z.number().int().positive().max(100_000_000);

/** `POST /api/app/staff/disputes/{id}/resolve`: amounts in minor units of the reservation's currency. */
export const ResolveDisputeSchema = z.discriminatedUnion('resolution', [
  z.object({ resolution: z.literal('no_action'), outcome }),
  z.object({ resolution: z.literal('full_refund'), outcome }),
  z.object({ resolution: z.literal('partial_refund'), amountMinor, outcome }),
  z.object({ resolution: z.literal('guide_penalty'), amountMinor, outcome }),
]);
export type ResolveDispute = z.infer<typeof ResolveDisputeSchema>;

export const DisputeMessageSchema = z.object({
  id: IdSchema,
  author: z.object({ userId: IdSchema, name: z.string(), role: DisputeAuthorRoleSchema }),
  text: z.string(),
  createdAt: z.iso.datetime(),
});
export type DisputeMessage = z.infer<typeof DisputeMessageSchema>;

export const DisputePhotoSchema = z.object({ id: IdSchema, url: z.string(), createdAt: z.iso.datetime() });
export type DisputePhoto = z.infer<typeof DisputePhotoSchema>;

export const DisputeReservationSchema = z.object({
  id: IdSchema,
  status: ReservationStatusSchema,
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  timezone: z.string(),
  currency: ReservationCurrencySchema,
  totalMinor: z.number().int(),
  traveller: z.object({ userId: IdSchema, name: z.string() }),
  guide: z.object({ userId: IdSchema, guideId: IdSchema, name: z.string() }),
});

/** A case as its parties see it. */
export const DisputeSchema = z.object({
  id: IdSchema,
  status: DisputeStatusSchema,
  reason: DisputeReasonSchema,
  text: z.string(),
  openedBy: DisputeAuthorRoleSchema.exclude(['staff']),
  openedAt: z.iso.datetime(),
  resolution: DisputeResolutionSchema.nullable(),
  outcome: z.string().nullable(),
  /** The refund or penalty decided, in minor units of `reservation.currency`. */
  amountMinor: z.number().int().nullable(),
  resolvedAt: z.iso.datetime().nullable(),
  reservation: DisputeReservationSchema,
  photos: z.array(DisputePhotoSchema),
  messages: z.array(DisputeMessageSchema),
  /** The caller may still add photos (a party of an open case with fewer than the maximum). */
  canAddPhotos: z.boolean(),
});
export type Dispute = z.infer<typeof DisputeSchema>;

/** `GET /api/app/reservations/{reservationId}/dispute`: whether the caller may report a problem, and the case if one is open. */
export const ReservationDisputeStateSchema = z.object({
  canReport: z.boolean(),
  /** The last moment a problem can be reported (the end plus 14 days). */
  reportUntil: z.iso.datetime(),
  /** The open case, else the newest closed one. */
  disputeId: IdSchema.nullable(),
  disputeStatus: DisputeStatusSchema.nullable(),
});
export type ReservationDisputeState = z.infer<typeof ReservationDisputeStateSchema>;

/** A message of the reservation's conversation, readable by staff while a case is open. */
export const DisputeConversationMessageSchema = z.object({
  id: IdSchema,
  senderId: IdSchema,
  senderName: z.string(),
  text: z.string(),
  createdAt: z.iso.datetime(),
});

/** `GET /api/app/staff/disputes/{id}` */
export const StaffDisputeDetailSchema = DisputeSchema.extend({
  refundableMinor: z.number().int(),
  refundedMinor: z.number().int(),
  supportRefundLimitMinor: z.number().int(),
  resolvedBy: z.object({ userId: IdSchema, name: z.string() }).nullable(),
  /** The parties' own conversation, newest last; empty once the case is closed. */
  conversation: z.array(DisputeConversationMessageSchema),
  conversationOpen: z.boolean(),
});
export type StaffDisputeDetail = z.infer<typeof StaffDisputeDetailSchema>;

export const DisputeQueueQuerySchema = z.object({
  status: DisputeStatusSchema.default('open'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type DisputeQueueQuery = z.infer<typeof DisputeQueueQuerySchema>;

export const DisputeQueueRowSchema = z.object({
  id: IdSchema,
  status: DisputeStatusSchema,
  reason: DisputeReasonSchema,
  openedBy: DisputeAuthorRoleSchema.exclude(['staff']),
  openedAt: z.iso.datetime(),
  resolution: DisputeResolutionSchema.nullable(),
  resolvedAt: z.iso.datetime().nullable(),
  messageCount: z.number().int(),
  reservation: DisputeReservationSchema,
});
export type DisputeQueueRow = z.infer<typeof DisputeQueueRowSchema>;

export const DisputeQueueSchema = z.object({
  data: z.array(DisputeQueueRowSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type DisputeQueue = z.infer<typeof DisputeQueueSchema>;

export const DISPUTE_PATHS = {
  open: '/api/app/disputes',
  one: (id: string) => `/api/app/disputes/${id}`,
  messages: (id: string) => `/api/app/disputes/${id}/messages`,
  photos: (id: string) => `/api/app/disputes/${id}/photos`,
  photo: (id: string, photoId: string) => `/api/app/disputes/${id}/photos/${photoId}`,
  ofReservation: (reservationId: string) => `/api/app/reservations/${reservationId}/dispute`,
  staff: '/api/app/staff/disputes',
  staffOne: (id: string) => `/api/app/staff/disputes/${id}`,
  staffMessages: (id: string) => `/api/app/staff/disputes/${id}/messages`,
  staffResolve: (id: string) => `/api/app/staff/disputes/${id}/resolve`,
} as const;
