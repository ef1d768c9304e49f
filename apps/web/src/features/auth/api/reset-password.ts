import type { ResetPassword, Success } from '@marco/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Forgotten password, step 3: sets the new password (the reset token names the account); every session ends. */
export function resetPassword(input: ResetPassword): Promise<Success> {
  return apiFetch<Success>('/api/account/custom-user-account/reset-password', { method: 'POST', body: input });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
