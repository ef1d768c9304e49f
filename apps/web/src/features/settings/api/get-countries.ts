import type { Locale } from '@marco/contract/locales';
import type { Country } from '@marco/contract/reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLocale } from '@/i18n/use-locale';
import { apiFetch } from '@/lib/api-client';

export async function getCountries(locale: Locale): Promise<Country[]> {
  const { data } = await apiFetch<{ data: Country[] }>('address-public/get-countries', { query: { locale } });
  return data;
}

export const countriesQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['reference', 'countries', locale],
    queryFn: () => getCountries(locale),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useCountries() {
  return useQuery(countriesQueryOptions(useLocale()));
}
