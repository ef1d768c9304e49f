import type { Login, Session } from '@marco/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { SESSION_QUERY_KEY } from './get-session';

/**
 * Web sign-in: sets the session cookie (30 days with remember-me, else for the browser
 * session). Fails with INVALID_CREDENTIALS, ACCOUNT_LOCKED (details.lockedUntil),
 * TOO_MANY_ATTEMPTS (details.retryAfterSeconds) or VALIDATION_FAILED.
 */
export function signIn(input: Login): Promise<Session> {
  return apiFetch<Session>('/api/auth/login', { method: 'POST', body: input });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: ({ user }) => queryClient.setQueryData(SESSION_QUERY_KEY, user),
  });
}
