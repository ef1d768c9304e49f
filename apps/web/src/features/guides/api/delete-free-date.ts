import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { guideKeys } from './keys';

export function deleteFreeDate(id: string): Promise<unknown> {
  return apiFetch(`user-guide-operation-public/delete-user-guide-free-date/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

export function useDeleteFreeDate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFreeDate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guideKeys.freeDates }),
  });
}
