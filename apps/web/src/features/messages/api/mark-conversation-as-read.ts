import type { ConversationRead } from '@marco/contract/messaging';
import { apiFetch } from '@/lib/api-client';
import { CHAT_API } from './query-keys';

/** `PUT chat-conversation-public/mark-conversation-as-read`. */
export function markConversationAsRead(conversationId: string) {
  return apiFetch<ConversationRead>(`${CHAT_API}/mark-conversation-as-read`, {
    method: 'PUT',
    body: { conversationId },
  });
}
