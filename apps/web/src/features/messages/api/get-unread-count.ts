import type { UnreadCount } from '@marco/contract/messaging';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { CHAT_API, messagesKeys } from './query-keys';

/** `GET chat-conversation-public/get-unread-count`: what the header badge shows. */
export function getUnreadCount(signal?: AbortSignal) {
  return apiFetch<UnreadCount>(`${CHAT_API}/get-unread-count`, { signal });
}

export const unreadCountQueryOptions = queryOptions({
  queryKey: messagesKeys.unreadCount(),
  queryFn: ({ signal }) => getUnreadCount(signal),
  staleTime: 60_000,
  retry: false,
});

export function useUnreadCount(enabled: boolean) {
  return useQuery({ ...unreadCountQueryOptions, enabled });
}
