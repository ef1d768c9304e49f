import { z } from 'zod';
import { CalendarDateSchema, IdSchema } from './common.js';
import { ReservationReviewSchema } from './reviews.js';
import { nameField, textField } from './text.js';

/*
 * Reservations (issue 6): `reservation-operations-public` of spec §7, under /api/app/.
 *
 * - A reservation is one request for one guide: one or more calendar dates (a date range or
 *   specific dates) with the same local hours each day, read in the guide's time zone.
 *   Each day is one held interval [start, end); a guide's held intervals never overlap.
 * - Money is an integer in minor units (cents, kuruş) of the reservation's currency; the
 *   price is a snapshot taken at creation and never recomputed.
 * - Every call is allowed only to the reservation's own tourist or guide (else 404
 *   NOT_FOUND, so ids of others are not revealed) and only in the states where it makes
 *   sense (else 409 INVALID_STATE). A held hour sold twice answers 409 SLOT_TAKEN.
 */

// ---------------------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------------------

/**
 * spec §4. `pending` = awaiting approval; `expired` = not answered in time, or approved
 * but unpaid at the start.
 */
export const RESERVATION_STATUSES = [
  'pending',
  'approved',
  'payment_pending',
  'paid',
  'completed',
  'cancelled',
  'rejected',
  'expired',
] as const;
export const ReservationStatusSchema = z.enum(RESERVATION_STATUSES);
export type ReservationStatus = z.infer<typeof ReservationStatusSchema>;

/** English labels of spec §4 (the web localises by status key). */
export const RESERVATION_STATUS_LABELS: Record<ReservationStatus, string> = {
  pending: 'Awaiting approval',
  approved: 'Approved',
  payment_pending: 'Payment pending',
  paid: 'Paid',
  completed: 'Completed',
  cancelled: 'Cancelled',
  rejected: 'Rejected',
  expired: 'Expired',
};

/** Statuses whose hours are held: no two of one guide may overlap. */
export const HOLDING_STATUSES = ['approved', 'payment_pending', 'paid'] as const satisfies readonly ReservationStatus[];

/** List groups (spec §4): active = approved, paying or paid; awaiting = pending; history = ended. */
export const RESERVATION_GROUPS = {
  active: ['approved', 'payment_pending', 'paid'],
  awaiting: ['pending'],
  history: ['completed', 'cancelled', 'rejected', 'expired'],
} as const satisfies Record<string, readonly ReservationStatus[]>;
export const ReservationGroupSchema = z.enum(['active', 'awaiting', 'history']);
export type ReservationGroup = z.infer<typeof ReservationGroupSchema>;

/** Currencies a reservation may be made in (spec §9: USD or TL). */
export const RESERVATION_CURRENCIES = ['USD', 'TRY'] as const;
export const ReservationCurrencySchema = z.enum(RESERVATION_CURRENCIES);
export type ReservationCurrency = z.infer<typeof ReservationCurrencySchema>;

/** spec §9: cancelling at least this long before the start is free (full refund); later, no refund. */
export const FREE_CANCELLATION_MS = 24 * 60 * 60 * 1000;

/** Reasons a tourist picks from when cancelling (plus free text). */
export const CANCELLATION_REASONS = [
  'plans_changed',
  'found_another_guide',
  'guide_unresponsive',
  'price_too_high',
  'travel_cancelled',
  'health_or_emergency',
  'other',
] as const;
export const CancellationReasonSchema = z.enum(CANCELLATION_REASONS);
export type CancellationReason = z.infer<typeof CancellationReasonSchema>;

/** Most calendar days one reservation may cover. */
export const RESERVATION_MAX_DAYS = 31;
export const RESERVATION_PAGE_MAX = 50;
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

// ---------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------

const DateSchema = CalendarDateSchema;
const optionalText = (max: number) => textField({ multiline: true }).max(max).optional();

/** `POST reservation-operations-public/create`. Either `dateRange` or `dates`, not both. */
export const CreateReservationSchema = z
  .object({
    guideId: IdSchema,
    /** Where the tour happens (a city of the reference data). */
    cityId: IdSchema,
    dateRange: z.object({ from: DateSchema, to: DateSchema }).optional(),
    dates: z.array(DateSchema).min(1).max(RESERVATION_MAX_DAYS).optional(),
    /** Local hours of the guide's zone, the same every day: 0..23 and 1..24, end > start. */
    startHour: z.number().int().min(0).max(23),
    endHour: z.number().int().min(1).max(24),
    meetingPoint: textField().min(1).max(500),
    noteToGuide: optionalText(2000),
    additionalNotes: optionalText(2000),
    contactPhone: nameField().min(5).max(32),
    contactEmail: z.email().max(254),
    currency: ReservationCurrencySchema,
    vehicleId: IdSchema.optional(),
  })
  .refine((value) => value.endHour > value.startHour, { path: ['endHour'], message: 'must be after startHour' })
  .refine((value) => (value.dateRange === undefined) !== (value.dates === undefined), {
    path: ['dates'],
    message: 'give either dateRange or dates',
  })
  .refine((value) => !value.dateRange || value.dateRange.to >= value.dateRange.from, {
    path: ['dateRange', 'to'],
    message: 'must not be before from',
  });
export type CreateReservation = z.input<typeof CreateReservationSchema>;

export const ReservationIdParamsSchema = z.object({ id: IdSchema });

/** `PUT {id}/reject-by-guide`. */
export const RejectReservationSchema = z.object({ reason: textField({ multiline: true }).min(1).max(1000) });
export type RejectReservation = z.infer<typeof RejectReservationSchema>;

/** `PUT {id}/cancel-by-tourist`: a reason from the list; free text required with 'other'. */
export const CancelReservationSchema = z
  .object({ reasonKey: CancellationReasonSchema, reasonText: textField({ multiline: true }).max(1000).optional() })
  .refine((value) => value.reasonKey !== 'other' || Boolean(value.reasonText), {
    path: ['reasonText'],
    message: 'required when the reason is other',
  });
export type CancelReservation = z.infer<typeof CancelReservationSchema>;

/** `GET guide/list`, `GET tourist/list`. */
export const ReservationListQuerySchema = z.object({
  group: ReservationGroupSchema.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(RESERVATION_PAGE_MAX).default(20),
});
export type ReservationListQuery = z.input<typeof ReservationListQuerySchema>;

// ---------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------

/** One held day: [startsAt, endsAt) as instants, and the local date it belongs to. */
export const ReservationSlotSchema = z.object({
  date: DateSchema,
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
});

/** The price snapshot taken at creation, in minor units of `currency`. */
export const ReservationPriceSchema = z.object({
  currency: ReservationCurrencySchema,
  hourlyRateMinor: z.number().int(),
  vehicleHourlyRateMinor: z.number().int(),
  totalHours: z.number().int(),
  totalMinor: z.number().int(),
});

export const ReservationPartySchema = z.object({
  userId: IdSchema,
  name: z.string(),
  surname: z.string(),
});

export const ReservationSchema = z.object({
  id: IdSchema,
  status: ReservationStatusSchema,
  guideId: IdSchema,
  guide: ReservationPartySchema,
  tourist: ReservationPartySchema,
  cityId: IdSchema,
  timezone: z.string(),
  startHour: z.number().int(),
  endHour: z.number().int(),
  slots: z.array(ReservationSlotSchema),
  /** First instant of the first slot and last instant of the last. */
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  meetingPoint: z.string(),
  noteToGuide: z.string().nullable(),
  additionalNotes: z.string().nullable(),
  contactPhone: z.string(),
  contactEmail: z.string(),
  vehicleId: IdSchema.nullable(),
  price: ReservationPriceSchema,
  rejectReason: z.string().nullable(),
  cancelReasonKey: CancellationReasonSchema.nullable(),
  cancelReasonText: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** The tourist's review once submitted ("review submitted"), else null. */
  review: ReservationReviewSchema.nullable().optional(),
});
export type Reservation = z.infer<typeof ReservationSchema>;

export const ReservationListSchema = z.object({
  data: z.array(ReservationSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type ReservationList = z.infer<typeof ReservationListSchema>;

/**
 * Whether cancelling at `now` a reservation starting at `startsAt` is free: at least
 * FREE_CANCELLATION_MS before the start. Shown in the cancel dialog; applied by the server.
 */
export const isFreeCancellation = (startsAt: Date, now: Date): boolean =>
  startsAt.getTime() - now.getTime() >= FREE_CANCELLATION_MS;
