import type { MyProfile } from '@marco/contract/accounts';
import type { CurrentUser } from '@marco/contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSignOut } from '@/features/auth/hooks/use-sign-out';
import { useUser } from '@/features/auth/hooks/use-user';
import { apiFetch, isApiError } from '@/lib/api-client';

export const MY_PROFILE_QUERY_KEY = ['account', 'my-profile'] as const;

export function getMyProfile(): Promise<MyProfile> {
  return apiFetch<MyProfile>('/api/account/my-profile');
}

export const myProfileQueryOptions = queryOptions({ queryKey: MY_PROFILE_QUERY_KEY, queryFn: getMyProfile });

/** spec §4: the empty default profile a user keeps when the profile cannot be loaded. */
export function emptyProfileOf(user: CurrentUser): MyProfile {
  return {
    ...user,
    birthDate: null,
    about: null,
    genderId: null,
    currencyId: null,
    notificationPreferences: { ads: false, messages: false, appUpdates: false },
    locale: null,
    createdAt: new Date(0).toISOString(),
  };
}

/**
 * The signed-in user's profile. spec §4: a load failing with 401 or 403 signs out (401
 * through the API client); any other failure keeps the user signed in with an empty
 * default profile (`isFallback`).
 */
export function useMyProfile() {
  const { user } = useUser();
  const signOut = useSignOut();
  const query = useQuery({ ...myProfileQueryOptions, enabled: user !== null });
  const isForbidden = isApiError(query.error) && query.error.status === 403;

  useEffect(() => {
    if (isForbidden) void signOut({ reason: 'expired' });
  }, [isForbidden, signOut]);

  const isFallback = query.isError && !isForbidden;
  const profile = query.data ?? (isFallback && user ? emptyProfileOf(user) : undefined);
  return { profile, isLoading: query.isPending && user !== null, isFallback, refetch: query.refetch };
}
