import type { ExternalLogin, SignInResult } from '@marco/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

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

/** The caller puts the user into the session query (SESSION_QUERY_KEY) once it has decided where to go next. */
export function useExternalLogin() {
  return useMutation({ mutationFn: externalLogin });
}
