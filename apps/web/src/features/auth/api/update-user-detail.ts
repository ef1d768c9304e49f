import type { UpdateUserDetail, UserInfo } from '@marco/contract/accounts';
import type { CurrentUser } from '@marco/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { SESSION_QUERY_KEY } from './get-session';

/** Onboarding 'What should we call you?': saves the name and surname. */
export function updateUserDetail(input: UpdateUserDetail): Promise<UserInfo> {
  return apiFetch<UserInfo>('user-detail-public/update-user-detail', { method: 'PUT', body: input });
}

export function useUpdateUserDetail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserDetail,
    onSuccess: (info) =>
      queryClient.setQueryData<CurrentUser | null>(SESSION_QUERY_KEY, (user) =>
        user ? { ...user, name: info.name, surname: info.surname, concurrencyStamp: info.concurrencyStamp } : user,
      ),
  });
}
