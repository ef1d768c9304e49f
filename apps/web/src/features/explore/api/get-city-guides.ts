import type { Locale } from '@marco/contract/locales';
import type { CurrencyCode } from '@marco/contract/reference';
import type { SearchGuides, SearchGuidesResult } from '@marco/contract/search';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** How many of a city's guides its page shows. */
export const CITY_GUIDES_COUNT = 6;

/** The city's top-rated approved guides, prices in `currency`. */
export async function getCityGuides(
  cityId: string,
  currency: CurrencyCode,
  locale: Locale,
  signal?: AbortSignal,
): Promise<SearchGuidesResult> {
  const body: SearchGuides = {
    location: { type: 'city', id: cityId },
    sort: 'rating',
    pageSize: CITY_GUIDES_COUNT,
    currency,
    locale,
  };
  return apiFetch<SearchGuidesResult>('search-public/search-guides-public', { method: 'POST', body, signal });
}

export const cityGuidesQueryOptions = (cityId: string, currency: CurrencyCode, locale: Locale) =>
  queryOptions({
    queryKey: ['explore', 'city-guides', cityId, currency, locale],
    queryFn: ({ signal }) => getCityGuides(cityId, currency, locale, signal),
  });

export function useCityGuides(cityId: string, currency: CurrencyCode, locale: Locale) {
  return useQuery(cityGuidesQueryOptions(cityId, currency, locale));
}
