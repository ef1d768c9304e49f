import type { ChangePhoneNumber, Session } from '@marco/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SESSION_QUERY_KEY } from '@/features/auth/api/get-session';
import { apiFetch } from '@/lib/api-client';
import { MY_PROFILE_QUERY_KEY } from './get-my-profile';

/** Makes the new number the account's, with the code texted to it. */
export function changePhoneNumber(input: ChangePhoneNumber): Promise<Session> {
  return apiFetch<Session>('custom-user-account-public/change-phone-number-with-verification-code', {
    method: 'POST',
    body: input,
  });
}

export function useChangePhoneNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePhoneNumber,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(SESSION_QUERY_KEY, user);
      void queryClient.invalidateQueries({ queryKey: MY_PROFILE_QUERY_KEY });
    },
  });
}
