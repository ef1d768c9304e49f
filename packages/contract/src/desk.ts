import { z } from 'zod';
import { CalendarDateSchema, IdSchema } from './common.js';
import { ReservationCurrencySchema, ReservationStatusSchema } from './reservations.js';
import { textField } from './text.js';

/*
 * The reservation desk (issue 18 item 2): staff (support; admin) find any reservation and
 * see its whole story, cancel it on behalf of either party and refund it in full or in part.
 * Calls under /api/app/staff/reservations…
 */

/**
 * Where a reservation's money stands: `none` (never paid, no checkout), `pending` (a checkout
 * open), `failed` (checkouts failed or expired), `paid`, `partially_refunded`, `refunded`.
 */
export const DESK_PAYMENT_STATES = ['none', 'pending', 'failed', 'paid', 'partially_refunded', 'refunded'] as const;
export const DeskPaymentStateSchema = z.enum(DESK_PAYMENT_STATES);
export type DeskPaymentState = z.infer<typeof DeskPaymentStateSchema>;

export const DESK_SORTS = ['starts_desc', 'starts_asc', 'created_desc', 'created_asc'] as const;
export const DeskSortSchema = z.enum(DESK_SORTS);
export type DeskSort = z.infer<typeof DeskSortSchema>;

export const DESK_PAGE_MAX = 100;

/**
 * `GET /api/app/staff/reservations`. `q` is a reservation id, a phone number (traveller's,
 * guide's or the reservation's contact number) or part of a traveller's or guide's name;
 * `from`/`to` bound the start date (inclusive, UTC days).
 */
export const DeskSearchQuerySchema = z
  .object({
    q: z.string().trim().max(100).optional(),
    guideId: IdSchema.optional(),
    from: CalendarDateSchema.optional(),
    to: CalendarDateSchema.optional(),
    status: ReservationStatusSchema.optional(),
    paymentState: DeskPaymentStateSchema.optional(),
    sort: DeskSortSchema.default('starts_desc'),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(DESK_PAGE_MAX).default(25),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: '`from` must not be after `to`',
    path: ['to'],
  });
export type DeskSearchQuery = z.infer<typeof DeskSearchQuerySchema>;

export const DeskPartySchema = z.object({
  userId: IdSchema,
  name: z.string(),
  phoneNumber: z.string().nullable(),
});
export type DeskParty = z.infer<typeof DeskPartySchema>;

export const DeskReservationRowSchema = z.object({
  id: IdSchema,
  status: ReservationStatusSchema,
  paymentState: DeskPaymentStateSchema,
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  timezone: z.string(),
  createdAt: z.iso.datetime(),
  currency: ReservationCurrencySchema,
  totalMinor: z.number().int(),
  refundedMinor: z.number().int(),
  traveller: DeskPartySchema,
  guide: DeskPartySchema.extend({ guideId: IdSchema }),
});
export type DeskReservationRow = z.infer<typeof DeskReservationRowSchema>;

export const DeskSearchResultSchema = z.object({
  data: z.array(DeskReservationRowSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type DeskSearchResult = z.infer<typeof DeskSearchResultSchema>;

export const DeskReservationParamsSchema = z.object({ id: IdSchema });

/** Who moved a reservation: its traveller or guide, staff, the payment provider, or Marco itself (expiry, completion). */
export const DESK_ACTOR_ROLES = ['tourist', 'guide', 'staff', 'provider', 'system'] as const;
export const DeskActorRoleSchema = z.enum(DESK_ACTOR_ROLES);

export const DeskStatusChangeSchema = z.object({
  at: z.iso.datetime(),
  from: ReservationStatusSchema.nullable(),
  to: ReservationStatusSchema,
  actor: z.object({ role: DeskActorRoleSchema, userId: IdSchema.nullable(), name: z.string().nullable() }),
  reason: z.string().nullable(),
});
export type DeskStatusChange = z.infer<typeof DeskStatusChangeSchema>;

export const DeskPaymentSchema = z.object({
  id: IdSchema,
  provider: z.string(),
  status: z.string(),
  amountMinor: z.number().int(),
  refundedMinor: z.number().int(),
  currency: ReservationCurrencySchema,
  providerSessionId: z.string(),
  providerPaymentId: z.string().nullable(),
  createdAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
});

export const DeskRefundSchema = z.object({
  id: IdSchema,
  paymentId: IdSchema,
  amountMinor: z.number().int(),
  currency: ReservationCurrencySchema,
  cause: z.enum(['cancellation', 'duplicate_payment', 'staff', 'external']),
  reason: z.string().nullable(),
  requestedBy: z.object({ userId: IdSchema, name: z.string().nullable() }).nullable(),
  requestedAt: z.iso.datetime(),
  /** Null while the provider has not confirmed it: pending, retried. */
  providerRefundId: z.string().nullable(),
  refundedAt: z.iso.datetime().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
});
export type DeskRefund = z.infer<typeof DeskRefundSchema>;

export const DeskPaymentEventSchema = z.object({
  id: IdSchema,
  provider: z.string(),
  providerEventId: z.string(),
  type: z.string(),
  paymentId: IdSchema.nullable(),
  receivedAt: z.iso.datetime(),
});

export const DeskNotificationSchema = z.object({
  id: IdSchema,
  kind: z.string(),
  recipient: z.enum(['tourist', 'guide', 'other']),
  createdAt: z.iso.datetime(),
  readAt: z.iso.datetime().nullable(),
});

/** `GET /api/app/staff/reservations/{id}`: the reservation's whole story. */
export const DeskReservationDetailSchema = z.object({
  reservation: DeskReservationRowSchema.extend({
    meetingPoint: z.string(),
    contactPhone: z.string(),
    cancelReasonKey: z.string().nullable(),
    cancelReasonText: z.string().nullable(),
    rejectReason: z.string().nullable(),
  }),
  timeline: z.array(DeskStatusChangeSchema),
  payments: z.array(DeskPaymentSchema),
  refunds: z.array(DeskRefundSchema),
  paymentEvents: z.array(DeskPaymentEventSchema),
  notifications: z.array(DeskNotificationSchema),
  /** Messages between the traveller and the guide; their content stays private. */
  messageCount: z.number().int(),
  /** What can still be refunded, per the paid payment (0 when none). */
  refundableMinor: z.number().int(),
  /** Above this (in the reservation's currency), a refund needs the finance role. */
  supportRefundLimitMinor: z.number().int(),
  canCancel: z.boolean(),
});
export type DeskReservationDetail = z.infer<typeof DeskReservationDetailSchema>;

/** `POST /api/app/staff/reservations/{id}/cancel`: on behalf of the traveller (24-hour rule) or the guide (full refund). */
export const DeskCancelSchema = z.object({
  onBehalfOf: z.enum(['tourist', 'guide']),
  reason: textField({ multiline: true }).min(3).max(1000),
});
export type DeskCancel = z.infer<typeof DeskCancelSchema>;

/** `POST /api/app/staff/reservations/{id}/refunds`: in minor units of the reservation's currency. */
export const DeskRefundRequestSchema = z.object({
  amountMinor: z.number().int().positive().max(100_000_000),
  reason: textField({ multiline: true }).min(3).max(1000),
});
export type DeskRefundRequest = z.infer<typeof DeskRefundRequestSchema>;
