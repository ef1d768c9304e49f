import type { MyProfile, UpdateMyProfile } from '@marco/contract/accounts';
import type { CurrentUser } from '@marco/contract/auth';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { SESSION_QUERY_KEY } from '@/features/auth/api/get-session';
import { apiFetch } from '@/lib/api-client';
import { MY_PROFILE_QUERY_KEY } from './get-my-profile';

/**
 * Saves the fields present. `concurrencyStamp` must be the last one read: a stale one
 * answers 409 STALE_UPDATE (changed elsewhere) instead of overwriting.
 */
export function updateMyProfile(input: UpdateMyProfile): Promise<MyProfile> {
  return apiFetch<MyProfile>('/api/account/my-profile', { method: 'PUT', body: input });
}

/** Puts a saved profile in the cache, and the fields the header shows into the session user. */
export function storeProfile(queryClient: QueryClient, profile: MyProfile): void {
  queryClient.setQueryData(MY_PROFILE_QUERY_KEY, profile);
  queryClient.setQueryData<CurrentUser | null>(SESSION_QUERY_KEY, (user) =>
    user
      ? {
          ...user,
          name: profile.name,
          surname: profile.surname,
          email: profile.email,
          phoneNumber: profile.phoneNumber,
          timezone: profile.timezone,
          profilePictureUrl: profile.profilePictureUrl,
          concurrencyStamp: profile.concurrencyStamp,
        }
      : user,
  );
}

export function useUpdateMyProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMyProfile,
    onSuccess: (profile) => storeProfile(queryClient, profile),
  });
}
