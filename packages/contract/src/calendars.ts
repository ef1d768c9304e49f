import { z } from 'zod';
import { IdSchema, LocaleSchema } from './common.js';
import { FileBytesSchema } from './guides.js';

/*
 * Calendars (issue 19), under /api/app/calendar-public/:
 * - a paid (or completed) reservation as an iCalendar file (RFC 5545) for its tourist or guide;
 * - a guide's private calendar feed of their reservations: a secret address a calendar app
 *   subscribes to, shown once when made, replaced by making a new one, revocable.
 */

export const ReservationIcsParamsSchema = z.object({ id: IdSchema });
export const ReservationIcsQuerySchema = z.object({ locale: LocaleSchema.optional() });

/** The feed's state, without its secret: `tokenHint` is the address's last characters. */
export const CalendarFeedSchema = z.object({
  isActive: z.boolean(),
  tokenHint: z.string().nullable(),
  createdAt: z.iso.datetime().nullable(),
  lastReadAt: z.iso.datetime().nullable(),
});
export type CalendarFeed = z.infer<typeof CalendarFeedSchema>;

/** A new feed address: the only time its secret is shown. */
export const NewCalendarFeedSchema = CalendarFeedSchema.extend({
  url: z.url(),
  /** The same address with the webcal: scheme, which calendar apps open as a subscription. */
  webcalUrl: z.string(),
});
export type NewCalendarFeed = z.infer<typeof NewCalendarFeedSchema>;

export const CreateCalendarFeedSchema = z.object({
  /** The language of the feed's titles and notes; default: the caller's interface language. */
  locale: LocaleSchema.optional(),
});
export type CreateCalendarFeed = z.infer<typeof CreateCalendarFeedSchema>;

export const CalendarFeedQuerySchema = z.object({ token: z.string().min(20).max(100) });

export const IcsFileSchema = FileBytesSchema.describe('text/calendar (RFC 5545)');
