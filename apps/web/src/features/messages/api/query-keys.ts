/** TanStack Query keys of the messages feature; the realtime sync updates the same entries. */
export const messagesKeys = {
  all: ['messages'] as const,
  lists: () => [...messagesKeys.all, 'conversations'] as const,
  list: (search: string) => [...messagesKeys.lists(), search] as const,
  conversations: () => [...messagesKeys.all, 'conversation'] as const,
  conversation: (id: string) => [...messagesKeys.conversations(), id] as const,
  unreadCount: () => [...messagesKeys.all, 'unread-count'] as const,
};

export const CHAT_API = 'chat-conversation-public';
