import type { ConversationList } from '@marco/contract/messaging';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { CHAT_API, messagesKeys } from './query-keys';

/** `GET chat-conversation-public/get-conversations`: most recent first; `search` matches names and text. */
export function getConversations(search: string, cursor: string | undefined, signal?: AbortSignal) {
  return apiFetch<ConversationList>(`${CHAT_API}/get-conversations`, {
    query: { search: search || undefined, cursor },
    signal,
  });
}

export const conversationsQueryOptions = (search: string) =>
  infiniteQueryOptions({
    queryKey: messagesKeys.list(search),
    queryFn: ({ pageParam, signal }) => getConversations(search, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    staleTime: 30_000,
  });

export function useConversations(search: string) {
  return useInfiniteQuery(conversationsQueryOptions(search));
}
