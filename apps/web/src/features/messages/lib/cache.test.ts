import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ChatMessage, ConversationData } from '../api/get-conversation';
import { messagesKeys } from '../api/query-keys';
import { patchParticipant, upsertMessage } from './cache';

const conversationId = '0190a1b2-0000-7000-8000-000000000001';
const participant = {
  userId: 'u2',
  name: 'Hans Becker',
  avatarUrl: null,
  online: false,
  lastReadAt: null,
  isDeleted: false,
};
const message = (overrides: Partial<ChatMessage>): ChatMessage => ({
  id: 'm1',
  conversationId,
  senderId: 'u1',
  text: 'hi',
  language: 'en',
  isDeleted: false,
  createdAt: '2026-05-01T10:00:00.000Z',
  deletedAt: null,
  ...overrides,
});

function seeded() {
  const client = new QueryClient();
  client.setQueryData<ConversationData>(messagesKeys.conversation(conversationId), {
    pageParams: [undefined],
    pages: [
      {
        id: conversationId,
        title: 'Hans Becker',
        participant,
        messages: [message({})],
        nextCursor: null,
        lastReadAt: null,
        unreadCount: 0,
      },
    ],
  });
  const messages = () =>
    client.getQueryData<ConversationData>(messagesKeys.conversation(conversationId))?.pages[0]?.messages ?? [];
  return { client, messages };
}

describe('the conversation cache', () => {
  it('replaces an optimistic copy by the stored message, whichever of answer and echo comes first', () => {
    const { client, messages } = seeded();
    upsertMessage(client, message({ id: 'local-x', clientMessageId: 'x', text: 'new', status: 'sending' }));
    expect(messages().map((item) => item.id)).toEqual(['local-x', 'm1']);
    upsertMessage(client, message({ id: 'm2', clientMessageId: 'x', text: 'new' }));
    upsertMessage(client, { ...message({ id: 'm2', clientMessageId: 'x', text: 'new' }), status: undefined });
    expect(messages().map((item) => [item.id, item.status])).toEqual([
      ['m2', undefined],
      ['m1', undefined],
    ]);
    // A late "failed" for a message the server confirmed changes nothing.
    upsertMessage(client, message({ id: 'local-x', clientMessageId: 'x', status: 'failed' }));
    expect(messages()[0]?.status).toBeUndefined();
  });

  it('shows a deletion and a partner’s presence', () => {
    const { client, messages } = seeded();
    upsertMessage(client, message({ text: null, isDeleted: true, deletedAt: '2026-05-01T10:01:00.000Z' }));
    expect(messages()).toHaveLength(1);
    expect(messages()[0]?.isDeleted).toBe(true);
    patchParticipant(client, 'u2', { online: true });
    expect(
      client.getQueryData<ConversationData>(messagesKeys.conversation(conversationId))?.pages[0]?.participant.online,
    ).toBe(true);
  });
});
