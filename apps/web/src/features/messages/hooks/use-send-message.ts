import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocale } from '@/i18n/use-locale';
import { offerPushSoon } from '@/lib/push-prompt';
import type { ChatMessage } from '../api/get-conversation';
import { messagesKeys } from '../api/query-keys';
import { sendMessage } from '../api/send-message';
import { removeMessage, upsertMessage } from '../lib/cache';

const newClientId = () => (crypto.randomUUID?.() ?? `${Date.now()}-${Math.random()}`).slice(0, 64);

/**
 * Optimistic sending: the message shows at once as "sending", then becomes the stored
 * message (from the answer or the socket's echo, whichever comes first) or "failed",
 * from where `retry` sends it again under the same client id.
 */
export function useSendMessage(conversationId: string, senderId: string) {
  const queryClient = useQueryClient();
  // The server stores the writer's interface language with the message; the pending copy shows the same.
  const locale = useLocale();

  const deliver = useCallback(
    async (text: string, clientMessageId: string, createdAt: string) => {
      const pending: ChatMessage = {
        id: `local-${clientMessageId}`,
        conversationId,
        senderId,
        text,
        language: locale,
        isDeleted: false,
        createdAt,
        deletedAt: null,
        clientMessageId,
        status: 'sending',
      };
      upsertMessage(queryClient, pending);
      try {
        const message = await sendMessage({ conversationId, text, clientMessageId });
        upsertMessage(queryClient, { ...message, clientMessageId, status: undefined });
        void queryClient.invalidateQueries({ queryKey: messagesKeys.lists() });
        // A reply is now awaited: the moment to offer push.
        offerPushSoon();
      } catch {
        upsertMessage(queryClient, { ...pending, status: 'failed' });
      }
    },
    [queryClient, conversationId, senderId, locale],
  );

  const send = useCallback((text: string) => deliver(text, newClientId(), new Date().toISOString()), [deliver]);
  const retry = useCallback(
    (message: ChatMessage) => deliver(message.text ?? '', message.clientMessageId ?? newClientId(), message.createdAt),
    [deliver],
  );
  const discard = useCallback(
    (message: ChatMessage) => removeMessage(queryClient, conversationId, message.id),
    [queryClient, conversationId],
  );
  return { send, retry, discard };
}
