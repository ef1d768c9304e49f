import { z } from 'zod';
import { CalendarDateSchema } from './common.js';
import { CURRENCY_CODES, CurrencyCodeSchema } from './reference.js';

/*
 * The staff console's overview (issue 18 item 8): the marketplace week by week.
 * `GET /api/app/staff/overview`, for support, finance and admin.
 */

/** How many ISO weeks (Monday to Sunday, UTC) the overview covers, the current one last. */
export const OVERVIEW_WEEKS = 12;

/** The currencies the overview reports money in, always all of them and in this order. */
export const OVERVIEW_CURRENCIES = CURRENCY_CODES;

export const OverviewMoneySchema = z.object({
  currency: CurrencyCodeSchema,
  /** Payments received in the week, minor units. */
  grossMinor: z.number().int(),
  /** Marco's commission credited in the week (completed tours and late cancellations) less what refunds took back. */
  commissionMinor: z.number().int(),
});
export type OverviewMoney = z.infer<typeof OverviewMoneySchema>;

export const OverviewWeekSchema = z.object({
  /** The Monday that starts the week (UTC). */
  weekStart: CalendarDateSchema,
  /** ISO 8601 week, e.g. `2026-W23`. */
  isoWeek: z.string().regex(/^\d{4}-W\d{2}$/),
  /** Reservations made (requested) in the week, whatever became of them. */
  bookings: z.number().int().min(0),
  /** How many of the week's bookings are cancelled now. */
  cancelled: z.number().int().min(0),
  /** cancelled / bookings; null for a week without bookings. */
  cancellationRate: z.number().min(0).max(1).nullable(),
  /** How many of the week's bookings a problem was reported on (a dispute case, open or resolved). */
  disputed: z.number().int().min(0),
  /** disputed / bookings; null for a week without bookings. */
  disputeRate: z.number().min(0).max(1).nullable(),
  money: z.array(OverviewMoneySchema),
});
export type OverviewWeek = z.infer<typeof OverviewWeekSchema>;

export const StaffOverviewSchema = z.object({
  /** Oldest first; the last one is the current, unfinished week. */
  weeks: z.array(OverviewWeekSchema).length(OVERVIEW_WEEKS),
  generatedAt: z.iso.datetime(),
});
export type StaffOverview = z.infer<typeof StaffOverviewSchema>;
