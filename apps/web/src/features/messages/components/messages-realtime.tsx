import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sessionQueryOptions } from '@/features/auth/api/get-session';
import { useUser } from '@/features/auth/hooks/use-user';
import { messagesKeys } from '../api/query-keys';
import { useChatEvents } from '../hooks/use-chat-socket';
import { patchOwnRead, patchParticipant, upsertMessage } from '../lib/cache';
import { chatSocket } from '../lib/chat-socket';
import { typingStore } from '../lib/typing-store';

/**
 * Keeps the page's socket open while someone is signed in, and applies its events to the
 * cached conversations, the list and the unread count. Mounted once, in the header.
 */
export function MessagesRealtime() {
  const { user } = useUser();
  const userId = user?.id;
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!userId) return;
    chatSocket.start();
    return () => chatSocket.stop();
  }, [userId]);

  // Events missed while the socket was down: load everything again. When the socket's session
  // ended (signed out, a password changed or reset elsewhere, a suspension), asking for the
  // session answers 401 if the page's is gone, which signs the page out at once (SessionSync)
  // instead of at its next call; a page that signed in again meanwhile keeps its new session
  // and opens a socket with it.
  useEffect(() => {
    const confirmSession = async () => {
      const current = await queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 });
      if (!current) return;
      chatSocket.stop();
      chatSocket.start();
    };
    return chatSocket.onStatus((status, { isReconnect }) => {
      if (status === 'open' && isReconnect) void queryClient.invalidateQueries({ queryKey: messagesKeys.all });
      if (status === 'ended') void confirmSession();
    });
  }, [queryClient]);

  useChatEvents((event) => {
    switch (event.type) {
      case 'message.created': {
        upsertMessage(queryClient, event.message);
        typingStore.clear(event.conversationId, event.message.senderId);
        void queryClient.invalidateQueries({ queryKey: messagesKeys.lists() });
        if (event.message.senderId !== userId) {
          void queryClient.invalidateQueries({ queryKey: messagesKeys.unreadCount() });
        }
        break;
      }
      case 'message.deleted':
        upsertMessage(queryClient, event.message);
        void queryClient.invalidateQueries({ queryKey: messagesKeys.lists() });
        void queryClient.invalidateQueries({ queryKey: messagesKeys.unreadCount() });
        break;
      case 'conversation.read':
        if (event.userId === userId) {
          patchOwnRead(queryClient, event.conversationId, event.lastReadAt);
          void queryClient.invalidateQueries({ queryKey: messagesKeys.lists() });
          void queryClient.invalidateQueries({ queryKey: messagesKeys.unreadCount() });
        } else {
          patchParticipant(queryClient, event.userId, { lastReadAt: event.lastReadAt });
        }
        break;
      case 'presence':
        patchParticipant(queryClient, event.userId, { online: event.online });
        break;
      case 'typing':
        typingStore.mark(event.conversationId, event.userId);
        break;
      default:
        break;
    }
  });

  return null;
}
