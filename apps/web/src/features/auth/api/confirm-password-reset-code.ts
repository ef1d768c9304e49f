import type { ConfirmPasswordResetCode, PasswordResetCodeConfirmed } from '@marco/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Forgotten password, step 2: the number and its code; answers the reset token of the new-password step. */
export function confirmPasswordResetCode(input: ConfirmPasswordResetCode): Promise<PasswordResetCodeConfirmed> {
  return apiFetch<PasswordResetCodeConfirmed>('/api/account/custom-user-account/confirm-password-reset-code', {
    method: 'POST',
    body: input,
  });
}

export function useConfirmPasswordResetCode() {
  return useMutation({ mutationFn: confirmPasswordResetCode });
}
