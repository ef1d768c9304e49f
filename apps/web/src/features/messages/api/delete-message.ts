import type { Message } from '@marco/contract/messaging';
import { apiFetch } from '@/lib/api-client';
import { CHAT_API } from './query-keys';

/** `DELETE chat-conversation-public/delete-message?id=`: the author only; both then see "deleted". */
export function deleteMessage(id: string) {
  return apiFetch<Message>(`${CHAT_API}/delete-message`, { method: 'DELETE', query: { id } });
}
