import type { GuideDetail } from '@marco/contract/guides';
import type { Locale } from '@marco/contract/locales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, isApiError } from '@/lib/api-client';

/** `GET user-detail-public/get-guide-user-detail-with-id/{id}` (guide id or user id; 404 GUIDE_NOT_FOUND). */
export function getGuideDetail(id: string, locale: Locale, signal?: AbortSignal): Promise<GuideDetail> {
  return apiFetch<GuideDetail>(`user-detail-public/get-guide-user-detail-with-id/${encodeURIComponent(id)}`, {
    query: { locale },
    signal,
  });
}

export const guideDetailQueryOptions = (id: string, locale: Locale) =>
  queryOptions({
    queryKey: ['discovery', 'guide', id, locale],
    queryFn: ({ signal }) => getGuideDetail(id, locale, signal),
    staleTime: 60_000,
    // A guide that does not exist will not appear by asking again.
    retry: (failures, error) => !isNotFound(error) && failures < 2,
    // A failed answer is shown, not asked again, when the page mounts: the server renders a
    // guide that does not exist as such and the client hydrates that; the error state of any
    // other failure has its own retry button.
    retryOnMount: false,
  });

export function useGuideDetail(id: string, locale: Locale) {
  return useQuery(guideDetailQueryOptions(id, locale));
}

/** True for the answers that mean "no such public guide" (also a malformed id). */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.code === 'GUIDE_NOT_FOUND' || error.status === 400);
}
