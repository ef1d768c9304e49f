import type { ChangePassword, Success } from '@marco/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Changes the password; the user's other sessions are signed out, this one stays. */
export function changePassword(input: ChangePassword): Promise<Success> {
  return apiFetch<Success>('/api/account/change-password', { method: 'POST', body: input });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
