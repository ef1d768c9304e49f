import type { RecoveryCodes } from '@marco/contract/staff';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Ten new recovery codes in place of the old ones, for a current code from the authenticator. */
export const regenerateRecoveryCodes = (code: string) =>
  apiFetch<RecoveryCodes>('staff/second-factor/recovery-codes', { method: 'POST', body: { code } });

/**
 * The answer holds the codes, shown once; the status (codes left) is refreshed only when the
 * user moves on, so the page keeps showing the codes meanwhile.
 */
export function useRegenerateRecoveryCodes() {
  return useMutation({ mutationFn: regenerateRecoveryCodes });
}
