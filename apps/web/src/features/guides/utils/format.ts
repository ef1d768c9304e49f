import type { Locale } from '@marco/contract/locales';

/** 5 * 1024 * 1024 → "5 MB" in the locale's digits. */
export function formatBytes(bytes: number, locale: Locale): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 && unit > 0 ? 1 : 0,
  }).format(value);
}

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

/** A money amount in minor units → the number typed in a form ("12.5"). */
export const minorToInput = (minor: number | null | undefined) => (minor == null ? '' : String(minor / 100));

/** "12.50" or "12,5" → 1250; null when it is not a positive amount with at most two decimals. */
export function inputToMinor(value: string): number | null {
  const normalized = value.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(normalized)) return null;
  return Math.round(Number(normalized) * 100);
}

/** ISO weekday 1 (Monday) .. 7 (Sunday) → its name in `locale`. */
export function weekdayName(isoWeekday: number, locale: Locale, width: 'long' | 'short' = 'long'): string {
  // 2024-01-01 was a Monday.
  const date = new Date(Date.UTC(2024, 0, isoWeekday));
  return new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(date);
}

/** "2025-03-14" → a medium date in `locale`. */
export function formatDate(value: string, locale: Locale, style: 'medium' | 'long' | 'full' = 'medium'): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: style, timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`));
}

/** "Istanbul, Turkey" with the locale's comma (Arabic: "،"). */
export function joinList(parts: ReadonlyArray<string | null | undefined>, locale: Locale): string {
  return parts.filter((part): part is string => Boolean(part)).join(locale === 'ar' ? '، ' : ', ');
}
