import type { ExternalLogin, SignInResult } from '@marco/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { SESSION_QUERY_KEY } from './get-session';

/**
 * Google, Facebook or Apple sign-in with the provider's token: the server verifies it and
 * signs in (cookie). SOCIAL_LOGIN_NOT_CONFIGURED (501) when the provider has no settings.
 */
export function externalLogin(input: Omit<ExternalLogin, 'useCookie'>): Promise<SignInResult> {
  return apiFetch<SignInResult>('custom-external-login-public/external-login-provider', {
    method: 'POST',
    body: { ...input, useCookie: true },
  });
}

export function useExternalLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: externalLogin,
    onSuccess: ({ user }) => queryClient.setQueryData(SESSION_QUERY_KEY, user),
  });
}
