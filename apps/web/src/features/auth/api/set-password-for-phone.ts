import type { SetPasswordAfterRegistration, SignInResult } from '@marco/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { SESSION_QUERY_KEY } from './get-session';

/** Phone sign-up, step 3: sets the password and signs in with the session cookie. */
export function setPasswordForPhone(input: Omit<SetPasswordAfterRegistration, 'useCookie'>): Promise<SignInResult> {
  return apiFetch<SignInResult>('custom-user-account-public/set-password-for-phone', {
    method: 'POST',
    body: { ...input, useCookie: true },
  });
}

export function useSetPasswordForPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPasswordForPhone,
    onSuccess: ({ user }) => queryClient.setQueryData(SESSION_QUERY_KEY, user),
  });
}
