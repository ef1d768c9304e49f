import type { Locale } from '@marco/contract/locales';
import type { City } from '@marco/contract/reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLocale } from '@/i18n/use-locale';
import { apiFetch } from '@/lib/api-client';

/** The cities of a country, or of one of its states when `stateId` is given. */
export async function getCities(countryId: string, stateId: string | null, locale: Locale): Promise<City[]> {
  const { data } = await apiFetch<{ data: City[] }>('address-public/get-cities', {
    query: { countryId, stateId, locale },
  });
  return data;
}

export const citiesQueryOptions = (countryId: string, stateId: string | null, locale: Locale) =>
  queryOptions({
    queryKey: ['reference', 'cities', countryId, stateId ?? 'all', locale],
    queryFn: () => getCities(countryId, stateId, locale),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Idle until a country is chosen. */
export function useCities(countryId: string, stateId: string) {
  return useQuery({ ...citiesQueryOptions(countryId, stateId || null, useLocale()), enabled: countryId !== '' });
}
