import type { HourSlot } from '@marco/contract/guides';

/** Local free hours by calendar date (YYYY-MM-DD → sorted hours 0..23), in the guide's time zone. */
export type FreeHoursByDate = Map<string, number[]>;

const formatters = new Map<string, Intl.DateTimeFormat>();

function localParts(instant: string, timezone: string): { date: string; hour: number } {
  let format = formatters.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timezone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/**
 * Groups the one-hour slots of `user-guide-available-hours` by the guide's local date and
 * hour: the wizard asks for local hours (the same each day), as the server reads them.
 */
export function groupFreeHours(slots: readonly HourSlot[], timezone: string): FreeHoursByDate {
  const byDate: FreeHoursByDate = new Map();
  for (const slot of slots) {
    const { date, hour } = localParts(slot.start, timezone);
    const hours = byDate.get(date) ?? [];
    if (!hours.includes(hour)) hours.push(hour);
    byDate.set(date, hours);
  }
  for (const hours of byDate.values()) hours.sort((a, b) => a - b);
  return byDate;
}

/** The hours free on every one of `dates` (a reservation has the same hours each day). */
export function commonFreeHours(byDate: FreeHoursByDate, dates: readonly string[]): number[] {
  if (dates.length === 0) return [];
  const [first, ...rest] = dates.map((date) => new Set(byDate.get(date) ?? []));
  return [...(first ?? [])].filter((hour) => rest.every((set) => set.has(hour))).sort((a, b) => a - b);
}

/** End hours a reservation starting at `startHour` may have: each hour up to it must be free. */
export function possibleEndHours(freeHours: readonly number[], startHour: number): number[] {
  const free = new Set(freeHours);
  const ends: number[] = [];
  for (let hour = startHour; free.has(hour) && hour < 24; hour += 1) ends.push(hour + 1);
  return ends;
}
