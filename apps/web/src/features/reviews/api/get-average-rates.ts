import type { Locale } from '@marco/contract/locales';
import type { CurrencyCode } from '@marco/contract/reference';
import type { AverageRates } from '@marco/contract/reviews';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** `GET average-rate-public/get-average-rates`: average hourly rates by city and language, in `currency`. */
export function getAverageRates(currency: CurrencyCode, locale: Locale) {
  return apiFetch<AverageRates>('average-rate-public/get-average-rates', { query: { currency, locale } });
}

export const averageRatesQueryOptions = (currency: CurrencyCode, locale: Locale) =>
  queryOptions({
    queryKey: ['reviews', 'average-rates', currency, locale],
    queryFn: () => getAverageRates(currency, locale),
    staleTime: 5 * 60_000,
  });

export function useAverageRates(currency: CurrencyCode, locale: Locale) {
  return useQuery(averageRatesQueryOptions(currency, locale));
}
