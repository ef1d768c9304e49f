import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithRouter } from '@/testing/render';
import { ConversationPage } from './conversation-page';
import { MessagesPage } from './messages-page';

const me = {
  id: '0190a1b2-0000-7000-8000-0000000000aa',
  userName: 'emma',
  email: null,
  emailConfirmed: false,
  name: 'Emma',
  surname: 'Schneider',
  phoneNumber: '+905330000000',
  phoneNumberConfirmed: true,
  isExternal: false,
  hasPassword: true,
  supportsMultipleTimezone: true,
  timezone: 'UTC',
  concurrencyStamp: '0190a1b2-0000-7000-8000-0000000000ff',
  roles: [],
  profilePictureUrl: null,
};
const guide = {
  userId: '0190a1b2-0000-7000-8000-0000000000bb',
  name: 'Mehmet Yıldız',
  avatarUrl: null,
  online: true,
  lastReadAt: '2026-05-01T10:00:30.000Z',
  isDeleted: false,
};
const conversationId = '0190a1b2-0000-7000-8000-000000000001';
const message = (id: string, senderId: string, text: string, createdAt: string) => ({
  id,
  conversationId,
  senderId,
  text,
  isDeleted: false,
  createdAt,
  deletedAt: null,
});

describe('the messages pages', () => {
  it('lists conversations with presence, unread count and a preview', async () => {
    mockFetch({
      'GET /api/auth/session': { user: me },
      'GET /api/app/chat-conversation-public/get-conversations': {
        data: [
          {
            id: conversationId,
            title: 'Mehmet Yıldız',
            participant: guide,
            lastMessage: { ...message('m2', guide.userId, 'See you at 10', '2026-05-01T10:01:00.000Z') },
            unreadCount: 2,
            lastMessageAt: '2026-05-01T10:01:00.000Z',
          },
        ],
        nextCursor: null,
      },
    });
    renderWithRouter(<MessagesPage />, { path: '/en/messages' });
    const row = await screen.findByTestId('conversation-row');
    expect(within(row).getByText('Mehmet Yıldız')).toBeInTheDocument();
    expect(within(row).getByText('See you at 10')).toBeInTheDocument();
    expect(within(row).getByText('2 unread messages')).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'Online' })).toBeInTheDocument();
    expect(row).toHaveAttribute('href', `/en/messages/${conversationId}`);
  });

  it('shows the empty state to someone without conversations', async () => {
    mockFetch({
      'GET /api/auth/session': { user: me },
      'GET /api/app/chat-conversation-public/get-conversations': { data: [], nextCursor: null },
    });
    renderWithRouter(<MessagesPage />, { path: '/en/messages' });
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find a guide' })).toHaveAttribute('href', '/en/guides');
  });

  it('shows a chat as text, with read ticks, and sends at once, marking a failure for a retry under the same client id', async () => {
    let sends = 0;
    const fetchMock = mockFetch({
      'GET /api/auth/session': { user: me },
      'GET /api/app/chat-conversation-public/get-conversations': { data: [], nextCursor: null },
      'GET /api/app/chat-conversation-public/get-conversation': {
        id: conversationId,
        title: 'Mehmet Yıldız',
        participant: guide,
        messages: [
          message('m2', guide.userId, '<b>not bold</b>', '2026-05-01T10:01:00.000Z'),
          message('m1', me.id, 'Merhaba!', '2026-05-01T10:00:00.000Z'),
        ],
        nextCursor: null,
        lastReadAt: '2026-05-01T10:01:00.000Z',
        unreadCount: 0,
      },
      'POST /api/app/chat-conversation-public/send-message': () => {
        sends += 1;
        return jsonResponse(
          { error: { code: 'SERVER_ERROR', message: 'Server error, try again later' } },
          { status: 500 },
        );
      },
    });
    renderWithRouter(<ConversationPage />, {
      path: `/en/messages/${conversationId}`,
      pattern: '/:lng/messages/:id',
    });
    expect(await screen.findByText('<b>not bold</b>')).toBeInTheDocument();
    expect(document.querySelector('b')).toBeNull();
    expect(screen.getByRole('img', { name: 'Read' })).toBeInTheDocument();
    expect(screen.getByTestId('chat-status')).toHaveTextContent('Online');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Message'), 'Are you free?{Enter}');
    expect(await screen.findByText('Are you free?')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(sends).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await vi.waitFor(() => expect(sends).toBe(2));
    const [first, again] = fetchMock.mock.calls
      .filter(([url]) => String(url).includes('send-message'))
      .map(([, init]) => JSON.parse(String(init?.body)));
    expect(again).toMatchObject({ conversationId, text: 'Are you free?' });
    // The same id both times: if the first send was stored and only its answer lost, the
    // server answers the retry with that message instead of storing it twice.
    expect(again.clientMessageId).toEqual(expect.any(String));
    expect(again.clientMessageId).toBe(first.clientMessageId);
  });
});
