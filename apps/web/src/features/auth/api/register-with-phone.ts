import type { CodeSent, RegisterWithPhone } from '@marco/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/**
 * Phone sign-up, step 1: records the consents and texts a code. Also resends the code of
 * an unfinished sign-up (after `resendAvailableAt`); a finished account's number answers
 * PHONE_ALREADY_REGISTERED.
 */
export function registerWithPhone(input: RegisterWithPhone): Promise<CodeSent> {
  return apiFetch<CodeSent>('custom-user-account-public/register-with-phone', { method: 'POST', body: input });
}

export function useRegisterWithPhone() {
  return useMutation({ mutationFn: registerWithPhone });
}
