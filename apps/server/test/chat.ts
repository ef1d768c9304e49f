import type { FastifyInstance } from 'fastify';
import type { TestUser } from './factories.js';

const CHAT = '/api/app/chat-conversation-public';

/** Sends a message through the API and answers the message (throws unless 200). */
export async function sendChatMessage(
  app: FastifyInstance,
  from: TestUser,
  to: { conversationId: string } | { recipientUserId: string },
  text: string,
) {
  const response = await app.inject({
    method: 'POST',
    url: `${CHAT}/send-message`,
    headers: from.headers,
    payload: { ...to, text },
  });
  if (response.statusCode !== 200) throw new Error(`send-message: ${response.statusCode} ${response.body}`);
  return response.json() as { id: string; conversationId: string; text: string; createdAt: string };
}

export const chatUrl = (call: string) => `${CHAT}/${call}`;
