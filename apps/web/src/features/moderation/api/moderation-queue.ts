import type { DecideModerationItem, ModerationItemDetail, ModerationQueue } from '@marco/contract/moderation';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export type QueueStatus = 'open' | 'closed';

const queueKey = ['staff', 'moderation'] as const;

/** Reported items: open ones oldest first, or decided ones newest first (support). */
export const listModerationQueue = (status: QueueStatus, page: number) =>
  apiFetch<ModerationQueue>('staff/moderation', { query: { status, page, pageSize: 20 } });

export function useModerationQueue(status: QueueStatus, page: number) {
  return useQuery(
    queryOptions({
      queryKey: [...queueKey, status, page],
      queryFn: () => listModerationQueue(status, page),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  );
}

export const getModerationItem = (id: string) =>
  apiFetch<ModerationItemDetail>(`staff/moderation/${encodeURIComponent(id)}`);

export function useModerationItem(id: string | null) {
  return useQuery(
    queryOptions({
      queryKey: [...queueKey, 'item', id],
      queryFn: () => getModerationItem(id as string),
      enabled: id !== null,
      staleTime: 0,
    }),
  );
}

export const decideModerationItem = (id: string, body: DecideModerationItem) =>
  apiFetch<ModerationItemDetail>(`staff/moderation/${encodeURIComponent(id)}/decide`, { method: 'POST', body });

export function useDecideModerationItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: DecideModerationItem }) => decideModerationItem(id, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queueKey });
      void queryClient.invalidateQueries({ queryKey: ['staff', 'users'] });
      void queryClient.invalidateQueries({ queryKey: ['staff', 'audit'] });
    },
  });
}
