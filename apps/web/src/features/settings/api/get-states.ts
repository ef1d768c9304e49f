import type { Locale } from '@marco/contract/locales';
import type { State } from '@marco/contract/reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLocale } from '@/i18n/use-locale';
import { apiFetch } from '@/lib/api-client';

/** The states (provinces, regions) of a country. */
export async function getStates(countryId: string, locale: Locale): Promise<State[]> {
  const { data } = await apiFetch<{ data: State[] }>('address-public/get-states', { query: { countryId, locale } });
  return data;
}

export const statesQueryOptions = (countryId: string, locale: Locale) =>
  queryOptions({
    queryKey: ['reference', 'states', countryId, locale],
    queryFn: () => getStates(countryId, locale),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Idle until a country is chosen. */
export function useStates(countryId: string) {
  return useQuery({ ...statesQueryOptions(countryId, useLocale()), enabled: countryId !== '' });
}
