import type { CodeSent, ForgotPassword } from '@marco/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Forgotten password, step 1 (and resend): texts a reset code; USER_NOT_FOUND for an unknown number. */
export function forgotPassword(input: ForgotPassword): Promise<CodeSent> {
  return apiFetch<CodeSent>('/api/account/custom-user-account/forgot-password', { method: 'POST', body: input });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
