import type { SearchGuides, SearchGuidesResult } from '@marco/contract/search';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** `POST search-public/search-guides-public`: one page of approved, active guides. */
export function searchGuides(body: SearchGuides, locale: string, signal?: AbortSignal): Promise<SearchGuidesResult> {
  return apiFetch<SearchGuidesResult>('search-public/search-guides-public', {
    method: 'POST',
    body: { ...body, locale },
    signal,
  });
}

export const searchGuidesQueryOptions = (body: SearchGuides, locale: string) =>
  queryOptions({
    queryKey: ['discovery', 'search', locale, body],
    queryFn: ({ signal }) => searchGuides(body, locale, signal),
    staleTime: 30_000,
  });

/** The page of results; the previous page stays on screen while the next one loads. */
export function useSearchGuides(body: SearchGuides | null, locale: string) {
  return useQuery({
    ...searchGuidesQueryOptions(body ?? {}, locale),
    enabled: body !== null,
    placeholderData: keepPreviousData,
  });
}
