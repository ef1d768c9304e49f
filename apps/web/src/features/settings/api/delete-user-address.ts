import type { Success } from '@marco/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { ADDRESSES_QUERY_KEY } from './get-user-addresses';

/** Deleting the default makes the oldest remaining address the default (the server decides). */
export function deleteUserAddress(id: string): Promise<Success> {
  return apiFetch<Success>(`address-public/delete-user-address/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteUserAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUserAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADDRESSES_QUERY_KEY }),
  });
}
