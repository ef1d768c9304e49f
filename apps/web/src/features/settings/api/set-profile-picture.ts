import type { MyProfile, ProfilePictureResult } from '@marco/contract/accounts';
import type { CurrentUser } from '@marco/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SESSION_QUERY_KEY } from '@/features/auth/api/get-session';
import { apiFetch } from '@/lib/api-client';
import { MY_PROFILE_QUERY_KEY } from './get-my-profile';

/** spec §7: multipart with the file in `ImageContent` and a `type` field, query `Type`. */
export function setProfilePicture(file: File): Promise<ProfilePictureResult> {
  const body = new FormData();
  body.append('type', file.type);
  body.append('ImageContent', file);
  return apiFetch<ProfilePictureResult>('custom-user-account-public/set-profile-picture', {
    method: 'POST',
    body,
    query: { Type: file.type },
  });
}

export function useSetProfilePicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setProfilePicture,
    onSuccess: ({ profilePictureUrl }) => {
      queryClient.setQueryData<CurrentUser | null>(SESSION_QUERY_KEY, (user) =>
        user ? { ...user, profilePictureUrl } : user,
      );
      queryClient.setQueryData<MyProfile>(MY_PROFILE_QUERY_KEY, (profile) =>
        profile ? { ...profile, profilePictureUrl } : profile,
      );
      // The upload changed the concurrency stamp: read it again before the next save.
      void queryClient.invalidateQueries({ queryKey: MY_PROFILE_QUERY_KEY });
    },
  });
}
