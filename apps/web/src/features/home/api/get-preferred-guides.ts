import type { Locale } from '@marco/contract/locales';
import type { CurrencyCode } from '@marco/contract/reference';
import type { SearchGuides, SearchGuidesResult } from '@marco/contract/search';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** How many guides the home page shows. */
export const PREFERRED_GUIDES_COUNT = 8;
/** spec §2: "most preferred" = the search's top-rated order. */
export const PREFERRED_GUIDES_SORT = 'rating' satisfies SearchGuides['sort'];

/** The top-rated approved guides, prices in `currency`. */
export async function getPreferredGuides(
  currency: CurrencyCode,
  locale: Locale,
  signal?: AbortSignal,
): Promise<SearchGuidesResult> {
  const body: SearchGuides = { sort: PREFERRED_GUIDES_SORT, pageSize: PREFERRED_GUIDES_COUNT, currency, locale };
  return apiFetch<SearchGuidesResult>('search-public/search-guides-public', { method: 'POST', body, signal });
}

export const preferredGuidesQueryOptions = (currency: CurrencyCode, locale: Locale) =>
  queryOptions({
    queryKey: ['home', 'preferred-guides', currency, locale],
    queryFn: ({ signal }) => getPreferredGuides(currency, locale, signal),
  });

export function usePreferredGuides(currency: CurrencyCode, locale: Locale) {
  return useQuery(preferredGuidesQueryOptions(currency, locale));
}
