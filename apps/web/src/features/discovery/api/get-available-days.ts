import type { AvailableHours } from '@marco/contract/guides';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** How far ahead the guide page shows free dates. */
export const AVAILABLE_DAYS_AHEAD = 60;
const DAY_MS = 86_400_000;

/** `GET user-guide-operation-public/user-guide-available-hours/{id}`: free one-hour slots between two instants. */
export function getAvailableHours(id: string, from: Date, to: Date, signal?: AbortSignal): Promise<AvailableHours> {
  return apiFetch<AvailableHours>(`user-guide-operation-public/user-guide-available-hours/${encodeURIComponent(id)}`, {
    query: { from: from.toISOString(), to: to.toISOString() },
    signal,
  });
}

/** The calendar date (YYYY-MM-DD) of an instant in an IANA time zone. */
export function dateInZone(instant: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );
}

/** Free hours per day (the guide's local dates), from one-hour slots. */
export function countFreeHoursByDay(data: AvailableHours): Map<string, number> {
  const days = new Map<string, number>();
  for (const slot of data.data) {
    const day = dateInZone(new Date(slot.start), data.timezone);
    days.set(day, (days.get(day) ?? 0) + 1);
  }
  return days;
}

/** The guide's free hours over the next 60 days, counted from the start of the current hour. */
export const availableDaysQueryOptions = (guideId: string | undefined) =>
  queryOptions({
    queryKey: ['discovery', 'available-days', guideId],
    queryFn: ({ signal }) => {
      const from = new Date();
      from.setUTCMinutes(0, 0, 0);
      const to = new Date(from.getTime() + AVAILABLE_DAYS_AHEAD * DAY_MS);
      return getAvailableHours(guideId as string, from, to, signal);
    },
    enabled: Boolean(guideId),
    staleTime: 60_000,
  });

/** The guide's free days over the next 60 days. */
export function useAvailableDays(guideId: string | undefined) {
  return useQuery({
    ...availableDaysQueryOptions(guideId),
    select: (data) => ({ timezone: data.timezone, hoursByDay: countFreeHoursByDay(data) }),
  });
}
