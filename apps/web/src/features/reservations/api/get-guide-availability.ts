import type { AvailableHours, GuideDetail } from '@marco/contract/guides';
import type { Locale } from '@marco/contract/locales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { reservationKeys } from './keys';

/** How far ahead the wizard offers dates (the endpoint answers at most 62 days at once). */
export const BOOKING_WINDOW_DAYS = 60;

/** The public guide profile: rate, currency, city, time zone and vehicles the wizard prices with. */
export function getGuideProfile(guideId: string, locale: Locale) {
  return apiFetch<GuideDetail>(`user-detail-public/get-guide-user-detail-with-id/${encodeURIComponent(guideId)}`, {
    query: { locale },
  });
}

export function useGuideProfile(guideId: string, locale: Locale) {
  return useQuery(
    queryOptions({ queryKey: reservationKeys.guide(guideId, locale), queryFn: () => getGuideProfile(guideId, locale) }),
  );
}

/** The one-hour slots the guide is free in from now on: schedule and free dates less held hours. */
export function getAvailableHours(guideId: string, now = new Date()) {
  const to = new Date(now.getTime() + BOOKING_WINDOW_DAYS * 86_400_000);
  return apiFetch<AvailableHours>(
    `user-guide-operation-public/user-guide-available-hours/${encodeURIComponent(guideId)}`,
    { query: { from: now.toISOString(), to: to.toISOString() } },
  );
}

export function useAvailableHours(guideId: string) {
  return useQuery(
    queryOptions({
      queryKey: reservationKeys.availability(guideId),
      queryFn: () => getAvailableHours(guideId),
      staleTime: 60_000,
    }),
  );
}
