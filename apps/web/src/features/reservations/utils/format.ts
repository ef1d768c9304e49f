import type { Locale } from '@marco/contract/locales';
import type { Reservation } from '@marco/contract/reservations';

const twoDigits = new Map<string, Intl.NumberFormat>();

/** A local hour 0..24 as "09:00" in the locale's digits (24 is the end of the day). */
export function formatHour(hour: number, locale: Locale): string {
  let two = twoDigits.get(locale);
  if (!two) {
    two = new Intl.NumberFormat(locale, { minimumIntegerDigits: 2, useGrouping: false });
    twoDigits.set(locale, two);
  }
  return `${two.format(hour)}:${two.format(0)}`;
}

/** "2026-03-14" → a date in `locale` (the calendar date itself, no time zone shift). */
export function formatDay(value: string, locale: Locale, style: 'medium' | 'long' | 'full' = 'medium'): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: style, timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`));
}

/** "09:00–12:00" (local hours of the guide's zone). */
export const formatHours = (startHour: number, endHour: number, locale: Locale) =>
  `${formatHour(startHour, locale)}–${formatHour(endHour, locale)}`;

const DAY_MS = 86_400_000;
const isConsecutive = (dates: readonly string[]) =>
  dates.every((date, index) => index === 0 || Date.parse(date) - Date.parse(dates[index - 1] ?? '') === DAY_MS);

/**
 * The dates of a reservation: one date; first – last when they follow each other; else a
 * list (a few) or first – last (many; the count is shown beside it).
 */
export function formatDates(dates: readonly string[], locale: Locale): string {
  const first = dates[0];
  const last = dates[dates.length - 1];
  if (!first || !last) return '';
  if (first === last) return formatDay(first, locale);
  if (!isConsecutive(dates) && dates.length <= 3) {
    return new Intl.ListFormat(locale, { style: 'short', type: 'conjunction' }).format(
      dates.map((date) => formatDay(date, locale)),
    );
  }
  return `${formatDay(first, locale)} – ${formatDay(last, locale)}`;
}

export const reservationDates = (reservation: Pick<Reservation, 'slots'>) => reservation.slots.map((slot) => slot.date);

export const personName = (person: { name: string; surname: string }) =>
  [person.name, person.surname].filter(Boolean).join(' ').trim();

/** An instant as date and time in the viewer's zone. */
export function formatInstant(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
