import type { Locale } from '@marco/contract/locales';
import type { Currency } from '@marco/contract/reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLocale } from '@/i18n/use-locale';
import { apiFetch } from '@/lib/api-client';

/** spec §1: TL (TRY), USD and EUR, with the ids a profile stores. */
export async function getCurrencies(locale: Locale): Promise<Currency[]> {
  const { data } = await apiFetch<{ data: Currency[] }>('currency-public/get-currency-public', { query: { locale } });
  return data;
}

export const currenciesQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['reference', 'currencies', locale],
    queryFn: () => getCurrencies(locale),
    staleTime: 10 * 60_000,
  });

export function useCurrencies(): Currency[] {
  return useQuery(currenciesQueryOptions(useLocale())).data ?? [];
}
