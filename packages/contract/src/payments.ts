import { z } from 'zod';
import { IdSchema } from './common.js';
import { isFreeCancellation, ReservationCurrencySchema, ReservationStatusSchema } from './reservations.js';

/*
 * Payments, refunds, the guide's balance and dashboard (issue 6). Paths are under /api/app/.
 *
 * - `PUT reservation-operations-public/{id}/pay` (tourist, approved or payment pending)
 *   answers the checkout URL as text/plain (spec §7 "pay (text response)"); the browser goes
 *   there, pays, and comes back to `/{lng}/payment/success?reservation={id}` or
 *   `/{lng}/payment/failed?reservation={id}`.
 * - `PUT reservation-operations-public/{id}/payment-complete` (tourist) asks the provider
 *   again and answers the payment status; only the provider's webhook marks a reservation
 *   paid, so the success page may poll this until `reservationStatus` is `paid`.
 * - Money is always an integer in minor units (cents, kuruş) of its currency.
 * - Guide dashboard calls (`GUIDE_DASHBOARD_PATHS`) answer 403 FORBIDDEN to non-guides.
 */

export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
export const PaymentProviderSchema = z.enum(PAYMENT_PROVIDERS);
export type PaymentProviderName = z.infer<typeof PaymentProviderSchema>;

/**
 * `open` = checkout started, not finished; `paid` = the provider confirmed the charge;
 * `failed` = declined or abandoned; `expired` = the checkout timed out unpaid;
 * `refunded` = the whole amount went back to the payer.
 */
export const PAYMENT_STATUSES = ['open', 'paid', 'failed', 'expired', 'refunded'] as const;
export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

/** Where the browser lands after checkout (web routes `payment/success`, `payment/failed`). */
export const PAYMENT_RETURN_QUERY = 'reservation';

/** The tourist's latest payment attempt for a reservation. */
export const PaymentSchema = z.object({
  id: IdSchema,
  provider: PaymentProviderSchema,
  status: PaymentStatusSchema,
  amountMinor: z.number().int(),
  currency: ReservationCurrencySchema,
  refundedMinor: z.number().int(),
  createdAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
  refundedAt: z.iso.datetime().nullable(),
});
export type Payment = z.infer<typeof PaymentSchema>;

/** `PUT {id}/payment-complete`: the reservation's status after re-checking with the provider. */
export const ReservationPaymentStatusSchema = z.object({
  reservationId: IdSchema,
  reservationStatus: ReservationStatusSchema,
  /** null when no checkout was ever started. */
  payment: PaymentSchema.nullable(),
});
export type ReservationPaymentStatus = z.infer<typeof ReservationPaymentStatusSchema>;

/** `PUT {id}/pay` answers this as text/plain: an absolute URL of the hosted checkout. */
export const CheckoutUrlSchema = z.url();

// ---------------------------------------------------------------------------------------
// Guide money: balance per currency and the ledger behind it
// ---------------------------------------------------------------------------------------

export const GUIDE_DASHBOARD_PATHS = {
  summary: '/api/app/guide-dashboard-public/summary',
  balance: '/api/app/guide-dashboard-public/balance',
  ledger: '/api/app/guide-dashboard-public/ledger',
} as const;

/** Default platform commission in percent (the server's `PLATFORM_COMMISSION_PERCENT`). */
export const DEFAULT_PLATFORM_COMMISSION_PERCENT = 15;

export const MoneySchema = z.object({
  currency: ReservationCurrencySchema,
  amountMinor: z.number().int(),
});
export type Money = z.infer<typeof MoneySchema>;

/**
 * One movement of a guide's balance: `earning` = a completed (or late-cancelled, so not
 * refunded) reservation credited at gross less commission; `reversal` = an earning taken
 * back because its payment was refunded. `amountMinor` is signed.
 */
export const GUIDE_LEDGER_KINDS = ['earning', 'reversal'] as const;
export const GuideLedgerKindSchema = z.enum(GUIDE_LEDGER_KINDS);

export const GuideLedgerEntrySchema = z.object({
  id: IdSchema,
  kind: GuideLedgerKindSchema,
  reservationId: IdSchema.nullable(),
  currency: ReservationCurrencySchema,
  amountMinor: z.number().int(),
  /** What the tourist paid for the reservation and the platform's share of it. */
  grossMinor: z.number().int(),
  commissionMinor: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type GuideLedgerEntry = z.infer<typeof GuideLedgerEntrySchema>;

export const GUIDE_LEDGER_PAGE_MAX = 50;

/** `GET guide-dashboard-public/ledger`: newest first, paged. */
export const GuideLedgerQuerySchema = z.object({
  currency: ReservationCurrencySchema.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(GUIDE_LEDGER_PAGE_MAX).default(20),
});
export type GuideLedgerQuery = z.input<typeof GuideLedgerQuerySchema>;

export const GuideLedgerListSchema = z.object({
  data: z.array(GuideLedgerEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type GuideLedgerList = z.infer<typeof GuideLedgerListSchema>;

/** `GET guide-dashboard-public/balance`: the sum of the ledger per currency (currencies with no entry are left out). */
export const GuideBalanceSchema = z.object({
  balances: z.array(MoneySchema),
  commissionPercent: z.number(),
});
export type GuideBalance = z.infer<typeof GuideBalanceSchema>;

/** `GET guide-dashboard-public/summary`: the numbers of the /guide-mode dashboard. */
export const GuideDashboardSchema = z.object({
  /** Distinct tourists with a paid or completed reservation. */
  clientsCount: z.number().int(),
  balances: z.array(MoneySchema),
  /** Reservations approved, payment pending or paid that have not ended. */
  activeReservationsCount: z.number().int(),
  /** Free hours of the guide's availability in the next 7 days, less held hours. */
  weeklyEmptyHours: z.number().int(),
  /** Requests awaiting the guide's answer. */
  pendingRequestsCount: z.number().int(),
  rating: z.object({
    average: z.number().nullable(),
    count: z.number().int(),
  }),
});
export type GuideDashboard = z.infer<typeof GuideDashboardSchema>;

// ---------------------------------------------------------------------------------------
// Refund rule (spec §9), shared by the cancel dialog and the server
// ---------------------------------------------------------------------------------------

/**
 * What a tourist gets back when cancelling now: the full paid amount at least
 * FREE_CANCELLATION_MS before the start, nothing later. Unpaid reservations refund nothing.
 */
export const cancellationRefundMinor = (paidMinor: number, startsAt: Date, now: Date): number =>
  isFreeCancellation(startsAt, now) ? paidMinor : 0;
