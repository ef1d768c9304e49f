import type { RecoveryCodes, SecondFactorStatus, TotpEnrolment, VerifySecondFactor } from '@marco/contract/staff';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const secondFactorKey = ['staff', 'second-factor'] as const;

/** Where the caller's session stands: enrolled, verified, recovery codes left (any staff role). */
export const getSecondFactorStatus = () => apiFetch<SecondFactorStatus>('staff/second-factor');

export const secondFactorQueryOptions = () =>
  queryOptions({ queryKey: secondFactorKey, queryFn: getSecondFactorStatus, staleTime: 0, retry: false });

export function useSecondFactorStatus(enabled = true) {
  return useQuery({ ...secondFactorQueryOptions(), enabled });
}

/** A new secret to scan (replaces a pending one); 409 once an authenticator is confirmed. */
export const startTotpEnrolment = () => apiFetch<TotpEnrolment>('staff/second-factor/enrol', { method: 'POST' });

export const confirmTotpEnrolment = (code: string) =>
  apiFetch<RecoveryCodes>('staff/second-factor/enrol/confirm', { method: 'POST', body: { code } });

export const verifySecondFactor = (input: VerifySecondFactor) =>
  apiFetch<SecondFactorStatus>('staff/second-factor/verify', { method: 'POST', body: input });

export function useStartTotpEnrolment() {
  return useMutation({ mutationFn: startTotpEnrolment });
}

/**
 * The first code; the answer holds the recovery codes, shown once. The status is refreshed
 * only when the user moves on, so the page keeps showing the codes meanwhile.
 */
export function useConfirmTotpEnrolment() {
  return useMutation({ mutationFn: confirmTotpEnrolment });
}

export function useVerifySecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifySecondFactor,
    onSuccess: (status) => {
      queryClient.setQueryData(secondFactorKey, status);
      // Staff answers fetched before the second factor were 403s: fetch them again.
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
      void queryClient.invalidateQueries({ queryKey: ['staff', 'audit'] });
    },
  });
}
