import { z } from 'zod';
import { LOCALES } from './locales.js';

export const LocaleSchema = z.enum(LOCALES);
export const LocalizedSchema = z.object(
  Object.fromEntries(LOCALES.map((locale) => [locale, z.string()])) as Record<(typeof LOCALES)[number], z.ZodString>,
);

/** Optional `locale` query accepted by every call that answers localised names. */
export const LocaleQuerySchema = z.object({ locale: LocaleSchema.optional() });

export const IdSchema = z.uuid();

/**
 * A calendar date, YYYY-MM-DD, from year 1: ISO 8601 allows year 0000, which PostgreSQL
 * refuses ("date/time field value out of range").
 */
export const CalendarDateSchema = z.iso.date().refine((date) => !date.startsWith('0000'), 'Valid date required');

export const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });
