import type { ForgotPassword, PasswordResetCodeSent } from '@marco/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/**
 * Forgotten password, step 1 (and resend): texts a reset code if the number has an account.
 * The answer is the same either way, so it cannot tell anyone who uses Marco.
 */
export function forgotPassword(input: ForgotPassword): Promise<PasswordResetCodeSent> {
  return apiFetch<PasswordResetCodeSent>('/api/account/custom-user-account/forgot-password', {
    method: 'POST',
    body: input,
  });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
