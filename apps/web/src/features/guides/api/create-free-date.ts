import type { CreateFreeDate, FreeDate } from '@marco/contract/guides';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { guideKeys } from './keys';

export function createFreeDate(input: CreateFreeDate): Promise<FreeDate> {
  return apiFetch<FreeDate>('user-guide-operation-public/create-user-guide-free-date', { method: 'POST', body: input });
}

export function useCreateFreeDate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFreeDate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guideKeys.freeDates }),
  });
}
