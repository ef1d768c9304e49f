import type { Conversation, Message } from '@marco/contract/messaging';
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { CHAT_API, messagesKeys } from './query-keys';

/** A message as the chat shows it: sent, or still on its way (optimistic) or failed. */
export type ChatMessage = Message & { status?: 'sending' | 'failed' };
export type ConversationPage = Omit<Conversation, 'messages'> & { messages: ChatMessage[] };
export type ConversationData = InfiniteData<ConversationPage, string | undefined>;

/** `GET chat-conversation-public/get-conversation`: a page of messages, newest first. */
export function getConversation(id: string, cursor: string | undefined, signal?: AbortSignal) {
  return apiFetch<Conversation>(`${CHAT_API}/get-conversation`, { query: { id, cursor }, signal });
}

export const conversationQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: messagesKeys.conversation(id),
    queryFn: ({ pageParam, signal }): Promise<ConversationPage> => getConversation(id, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // Live events keep it current; a reconnect refetches.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useConversation(id: string) {
  return useInfiniteQuery(conversationQueryOptions(id));
}
