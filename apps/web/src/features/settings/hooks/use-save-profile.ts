import type { MyProfile, UpdateMyProfile } from '@marco/contract/accounts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { isApiError } from '@/lib/api-client';
import { MY_PROFILE_QUERY_KEY } from '../api/get-my-profile';
import { useUpdateMyProfile } from '../api/update-my-profile';

/**
 * Saves profile changes with the concurrency stamp last read. When the profile changed
 * elsewhere (409 STALE_UPDATE) the latest version is loaded and the error rethrown, so the
 * user sees what changed before saving again.
 */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  const mutation = useUpdateMyProfile();
  const { mutateAsync } = mutation;

  const save = useCallback(
    async (changes: Omit<UpdateMyProfile, 'concurrencyStamp'>, fallbackStamp: string): Promise<MyProfile> => {
      const current = queryClient.getQueryData<MyProfile>(MY_PROFILE_QUERY_KEY);
      try {
        return await mutateAsync({ ...changes, concurrencyStamp: current?.concurrencyStamp ?? fallbackStamp });
      } catch (error) {
        if (isApiError(error) && error.code === 'STALE_UPDATE') {
          await queryClient.invalidateQueries({ queryKey: MY_PROFILE_QUERY_KEY });
        }
        throw error;
      }
    },
    [queryClient, mutateAsync],
  );

  return { save, isSaving: mutation.isPending };
}
