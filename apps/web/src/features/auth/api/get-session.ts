import type { CurrentUser } from '@marco/contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const SESSION_QUERY_KEY = ['auth', 'session'] as const;

/**
 * spec §7: `GET /api/auth/session` (JSON, no retry) answers `{ user }`; any failure means
 * no session. Only types come from the contract, so the shell does not load zod.
 */
export async function getSession(): Promise<CurrentUser | null> {
  try {
    const session = await apiFetch<{ user?: CurrentUser } | undefined>('/api/auth/session');
    return session?.user ?? null;
  } catch {
    return null;
  }
}

export const sessionQueryOptions = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  queryFn: getSession,
  retry: false,
  staleTime: 5 * 60_000,
});

export function useSession() {
  return useQuery(sessionQueryOptions);
}
