import { type GuidePayouts, PAYOUT_PATHS } from '@marco/contract/payouts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** `GET guide-payouts-public`: the caller's balances, bank account (masked) and payouts. */
export const getGuidePayouts = () => apiFetch<GuidePayouts>(PAYOUT_PATHS.guide);

export const guidePayoutsQueryOptions = queryOptions({
  queryKey: ['guide-dashboard', 'payouts'],
  queryFn: getGuidePayouts,
});

export const useGuidePayouts = () => useQuery(guidePayoutsQueryOptions);
