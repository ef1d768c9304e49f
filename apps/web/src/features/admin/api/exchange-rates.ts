import type { ExchangeRates, ImportedExchangeRates, SetExchangeRate } from '@marco/contract/rates';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const RATES_PAGE_SIZE = 20;
const ratesKey = ['staff', 'rates'] as const;

/** The rates in force, the scheduled ones and a page of the history (finance). */
export const getExchangeRates = (page: number) =>
  apiFetch<ExchangeRates>('staff/rates', { query: { page, pageSize: RATES_PAGE_SIZE } });

export const exchangeRatesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...ratesKey, page],
    queryFn: () => getExchangeRates(page),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useExchangeRates = (page: number) => useQuery(exchangeRatesQueryOptions(page));

export const setExchangeRate = (rate: SetExchangeRate) =>
  apiFetch<ExchangeRates>('staff/rates', { method: 'POST', body: rate });

export const importExchangeRates = (csv: string) =>
  apiFetch<ImportedExchangeRates>('staff/rates/import', { method: 'POST', body: { csv } });

/** After a change: the rates, the audit log and the prices this browser converts with. */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ratesKey });
    void queryClient.invalidateQueries({ queryKey: ['staff', 'audit'] });
    void queryClient.invalidateQueries({ queryKey: ['reference', 'currencies'] });
  };
}

export function useSetExchangeRate() {
  const refresh = useRefreshAfterChange();
  return useMutation({ mutationFn: setExchangeRate, onSuccess: refresh });
}

export function useImportExchangeRates() {
  const refresh = useRefreshAfterChange();
  return useMutation({ mutationFn: importExchangeRates, onSuccess: refresh });
}
