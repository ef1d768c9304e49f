import type { ConversationList, Message, Participant } from '@marco/contract/messaging';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { ChatMessage, ConversationData } from '../api/get-conversation';
import { messagesKeys } from '../api/query-keys';

type ListData = InfiniteData<ConversationList, string | undefined>;

/**
 * Puts a message into a cached conversation: replaces the same id, or the optimistic copy
 * with the same clientMessageId, else adds it as the newest. Nothing happens when the
 * conversation is not cached (it loads fresh when opened).
 */
export function upsertMessage(queryClient: QueryClient, message: ChatMessage): void {
  queryClient.setQueryData<ConversationData>(messagesKeys.conversation(message.conversationId), (data) => {
    if (!data) return data;
    let replaced = false;
    const pages = data.pages.map((page) => ({
      ...page,
      messages: page.messages.map((existing) => {
        const isSame =
          existing.id === message.id ||
          (message.clientMessageId !== undefined && existing.clientMessageId === message.clientMessageId);
        if (!isSame || replaced) return existing;
        replaced = true;
        // A confirmed copy never goes back to "sending" because of a late optimistic update.
        return existing.status === undefined && message.status !== undefined ? existing : { ...existing, ...message };
      }),
    }));
    if (!replaced) {
      const [first, ...rest] = pages;
      if (!first) return data;
      return { ...data, pages: [{ ...first, messages: [message, ...first.messages] }, ...rest] };
    }
    return { ...data, pages };
  });
}

/** Removes a message that was never stored (a failed optimistic copy the user gave up on). */
export function removeMessage(queryClient: QueryClient, conversationId: string, id: string): void {
  queryClient.setQueryData<ConversationData>(messagesKeys.conversation(conversationId), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({ ...page, messages: page.messages.filter((item) => item.id !== id) })),
        }
      : data,
  );
}

/** Changes what we know of a person (online, read mark) everywhere they appear. */
export function patchParticipant(queryClient: QueryClient, userId: string, patch: Partial<Participant>): void {
  queryClient.setQueriesData<ConversationData>({ queryKey: messagesKeys.conversations() }, (data) =>
    data && data.pages[0]?.participant.userId === userId
      ? {
          ...data,
          pages: data.pages.map((page) => ({ ...page, participant: { ...page.participant, ...patch } })),
        }
      : data,
  );
  queryClient.setQueriesData<ListData>({ queryKey: messagesKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            data: page.data.map((row) =>
              row.participant.userId === userId ? { ...row, participant: { ...row.participant, ...patch } } : row,
            ),
          })),
        }
      : data,
  );
}

/** The caller's read mark in a cached conversation (after they read it). */
export function patchOwnRead(queryClient: QueryClient, conversationId: string, lastReadAt: string): void {
  queryClient.setQueryData<ConversationData>(messagesKeys.conversation(conversationId), (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, lastReadAt, unreadCount: 0 })) } : data,
  );
}

export function isMessage(value: unknown): value is Message {
  return typeof value === 'object' && value !== null && 'conversationId' in value && 'senderId' in value;
}
