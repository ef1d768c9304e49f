import type {
  BankAccountStatus,
  PayoutBatch,
  PayoutBatchList,
  PayoutRun,
  StartPayoutRun,
  UnverifiedBankAccountList,
} from '@marco/contract/payouts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

const payoutsKey = ['staff', 'payouts'] as const;

export const payoutBatchesQueryOptions = queryOptions({
  queryKey: [...payoutsKey, 'batches'],
  queryFn: () => apiFetch<PayoutBatchList>('staff/payouts/batches'),
});
export const usePayoutBatches = () => useQuery(payoutBatchesQueryOptions);

export const payoutBatchQueryOptions = (batchId: string) =>
  queryOptions({
    queryKey: [...payoutsKey, 'batch', batchId],
    queryFn: () => apiFetch<PayoutBatch>(`staff/payouts/batches/${batchId}`),
  });
export const usePayoutBatch = (batchId: string | null) =>
  useQuery({ ...payoutBatchQueryOptions(batchId ?? ''), enabled: batchId !== null });

export const unverifiedBankAccountsQueryOptions = queryOptions({
  queryKey: [...payoutsKey, 'bank-accounts'],
  queryFn: () => apiFetch<UnverifiedBankAccountList>('staff/bank-accounts'),
});
export const useUnverifiedBankAccounts = () => useQuery(unverifiedBankAccountsQueryOptions);

/** Every payout figure and the audit log may have moved after a finance action. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: payoutsKey });
    void queryClient.invalidateQueries({ queryKey: ['staff', 'audit'] });
  };
}

export function useStartPayoutRun() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (run: StartPayoutRun) => apiFetch<PayoutRun>('staff/payouts/runs', { method: 'POST', body: run }),
    onSuccess: refresh,
  });
}

/** The bank file's text (pain.001 XML for EUR, CSV otherwise); the batch becomes exported. */
export function useExportPayoutBatch() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (batchId: string) =>
      apiFetch<string>(`staff/payouts/batches/${batchId}/export`, { method: 'POST', body: {} }),
    onSuccess: refresh,
  });
}

export function useMarkPayoutBatchSent() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (batchId: string) =>
      apiFetch<PayoutBatch>(`staff/payouts/batches/${batchId}/sent`, { method: 'POST', body: {} }),
    onSuccess: refresh,
  });
}

export function useRemovePayout() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (payoutId: string) =>
      apiFetch<PayoutBatch>(`staff/payouts/payouts/${payoutId}/remove`, { method: 'POST', body: {} }),
    onSuccess: refresh,
  });
}

export function useMarkPayoutReturned() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ payoutId, reason }: { payoutId: string; reason: string }) =>
      apiFetch<PayoutBatch>(`staff/payouts/payouts/${payoutId}/returned`, { method: 'POST', body: { reason } }),
    onSuccess: refresh,
  });
}

export function useVerifyBankAccount() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (guideUserId: string) =>
      apiFetch<BankAccountStatus>(`staff/bank-accounts/${guideUserId}/verify`, { method: 'POST', body: {} }),
    onSuccess: refresh,
  });
}
