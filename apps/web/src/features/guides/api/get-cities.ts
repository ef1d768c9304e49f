import type { Locale } from '@marco/contract/locales';
import type { City } from '@marco/contract/reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLocale } from '@/i18n/use-locale';
import { apiFetch } from '@/lib/api-client';
import { referenceKeys } from './keys';

export async function getCities(countryId: string, locale: Locale): Promise<City[]> {
  const { data } = await apiFetch<{ data: City[] }>('address-public/get-cities', { query: { countryId, locale } });
  return data;
}

export const citiesQueryOptions = (countryId: string, locale: Locale) =>
  queryOptions({
    queryKey: referenceKeys.cities(countryId, locale),
    queryFn: () => getCities(countryId, locale),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The cities of a country; idle until a country is chosen. */
export function useCities(countryId: string | null | undefined) {
  const locale = useLocale();
  return useQuery({ ...citiesQueryOptions(countryId ?? '', locale), enabled: Boolean(countryId) });
}
