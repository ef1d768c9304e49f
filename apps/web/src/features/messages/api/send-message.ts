import type { Message, SendMessage } from '@marco/contract/messaging';
import { apiFetch } from '@/lib/api-client';
import { CHAT_API } from './query-keys';

/** `POST chat-conversation-public/send-message`. */
export function sendMessage(body: SendMessage) {
  return apiFetch<Message>(`${CHAT_API}/send-message`, { method: 'POST', body });
}
