import { apiFetch } from '@/lib/api-client';
import { CHAT_API } from './query-keys';

/** `DELETE chat-conversation-public/delete-conversation?id=`: hides it for the caller only. */
export function deleteConversation(id: string) {
  return apiFetch<{ success: true }>(`${CHAT_API}/delete-conversation`, { method: 'DELETE', query: { id } });
}
