import type { FreeDateList } from '@marco/contract/guides';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { guideKeys } from './keys';

/** The caller's free dates (days available beyond the schedule). */
export function getFreeDates(): Promise<FreeDateList> {
  return apiFetch<FreeDateList>('user-guide-operation-public/user-guide-free-dates');
}

export const freeDatesQueryOptions = queryOptions({ queryKey: guideKeys.freeDates, queryFn: getFreeDates });

export function useFreeDates() {
  return useQuery(freeDatesQueryOptions);
}
