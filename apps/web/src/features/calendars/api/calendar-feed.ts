import type { CalendarFeed, NewCalendarFeed } from '@marco/contract/calendars';
import type { Locale } from '@marco/contract/locales';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

const feedKey = ['calendars', 'guide-feed'] as const;

/** `GET calendar-public/guide-feed`: whether the guide's feed is on (never its secret address). */
export const getCalendarFeed = (signal?: AbortSignal) =>
  apiFetch<CalendarFeed>('calendar-public/guide-feed', { signal });

/** `POST calendar-public/guide-feed`: a new secret address, replacing the one before. */
export const createCalendarFeed = (locale: Locale) =>
  apiFetch<NewCalendarFeed>('calendar-public/guide-feed', { method: 'POST', body: { locale } });

/** `DELETE calendar-public/guide-feed`: the address stops working. */
export const revokeCalendarFeed = () => apiFetch<CalendarFeed>('calendar-public/guide-feed', { method: 'DELETE' });

export function useCalendarFeed() {
  return useQuery({ queryKey: feedKey, queryFn: ({ signal }) => getCalendarFeed(signal) });
}

export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCalendarFeed,
    onSuccess: ({ url: _url, webcalUrl: _webcalUrl, ...feed }) => queryClient.setQueryData(feedKey, feed),
  });
}

export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeCalendarFeed,
    onSuccess: (feed) => queryClient.setQueryData(feedKey, feed),
  });
}
