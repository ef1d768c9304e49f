import { apiFetch } from '@/lib/api-client';
import { CHAT_API } from './query-keys';

/** `POST chat-conversation-public/open-conversation`: the conversation with a person, created on first contact. */
export function openConversation(recipientUserId: string) {
  return apiFetch<{ id: string }>(`${CHAT_API}/open-conversation`, { method: 'POST', body: { recipientUserId } });
}
