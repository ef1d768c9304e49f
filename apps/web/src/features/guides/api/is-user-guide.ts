import type { IsUserGuide } from '@marco/contract/guides';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

// Types only from the contract: the header uses this on every page, without zod.
export const IS_USER_GUIDE_QUERY_KEY = ['guides', 'is-user-guide'] as const;

/** Whether the caller is an approved guide (guide mode is open to them), with the application status. */
export function isUserGuide(): Promise<IsUserGuide> {
  return apiFetch<IsUserGuide>('user-guide-operation-public/is-user-guide');
}

export const isUserGuideQueryOptions = queryOptions({
  queryKey: IS_USER_GUIDE_QUERY_KEY,
  queryFn: isUserGuide,
  staleTime: 5 * 60_000,
});

/** Idle for visitors. */
export function useIsUserGuide(enabled: boolean) {
  return useQuery({ ...isUserGuideQueryOptions, enabled });
}
