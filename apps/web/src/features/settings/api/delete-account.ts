import type { DeleteAccount } from '@marco/contract/accounts';
import type { Success } from '@marco/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Deletes the account for good (personal data erased, sessions ended). */
export function deleteAccount(input: DeleteAccount): Promise<Success> {
  return apiFetch<Success>('/api/account/my-profile', { method: 'DELETE', body: input });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
