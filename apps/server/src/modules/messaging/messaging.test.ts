import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { chatUrl, sendChatMessage } from '../../../test/chat.js';
import { createUser, type TestUser } from '../../../test/factories.js';

let testApp: TestApp;
let ayse: TestUser;
let hans: TestUser;
let mallory: TestUser;

beforeAll(async () => {
  testApp = await createTestApp();
  ayse = await createUser(testApp.app, { name: 'Ayşe', surname: 'Kaya' });
  hans = await createUser(testApp.app, { name: 'Hans', surname: 'Becker' });
  mallory = await createUser(testApp.app, { name: 'Mallory', surname: 'Evil' });
});
afterAll(() => testApp?.close());

const inject = (options: InjectOptions) => testApp.app.inject(options);

describe('send-message', () => {
  it('opens one conversation per pair, from either side, and answers the stored message', async () => {
    const first = await sendChatMessage(testApp.app, ayse, { recipientUserId: hans.userId }, '  Merhaba Hans!  ');
    expect(first.text).toBe('Merhaba Hans!');
    const back = await sendChatMessage(testApp.app, hans, { recipientUserId: ayse.userId }, 'Hallo Ayşe');
    expect(back.conversationId).toBe(first.conversationId);
    const again = await sendChatMessage(testApp.app, ayse, { conversationId: first.conversationId }, 'Wie geht’s?');
    expect(again.conversationId).toBe(first.conversationId);
  });

  it('stores text as text: markup comes back verbatim, never interpreted', async () => {
    const text = '<img src=x onerror=alert(1)> & <b>bold</b>';
    const message = await sendChatMessage(testApp.app, ayse, { recipientUserId: hans.userId }, text);
    expect(message.text).toBe(text);
  });

  it.each([
    ['empty text', { text: '' }],
    ['blank text', { text: '   \n ' }],
    ['text over 4000 characters', { text: 'a'.repeat(4001) }],
    ['no text', {}],
    ['text that is not a string', { text: 42 }],
  ])('refuses %s with 400', async (_name, fields) => {
    const response = await inject({
      method: 'POST',
      url: chatUrl('send-message'),
      headers: ayse.headers,
      payload: { recipientUserId: hans.userId, ...fields },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('takes exactly 4000 characters', async () => {
    const message = await sendChatMessage(testApp.app, ayse, { recipientUserId: hans.userId }, 'ü'.repeat(4000));
    expect(message.text).toHaveLength(4000);
  });

  it('needs exactly one of conversationId and recipientUserId', async () => {
    const { conversationId } = await sendChatMessage(testApp.app, ayse, { recipientUserId: hans.userId }, 'x');
    for (const payload of [
      { text: 'hi' },
      { text: 'hi', conversationId, recipientUserId: hans.userId },
      { text: 'hi', conversationId: 'not-a-uuid' },
    ]) {
      const response = await inject({ method: 'POST', url: chatUrl('send-message'), headers: ayse.headers, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('refuses messages to oneself (400) and to unknown people (404)', async () => {
    const self = await inject({
      method: 'POST',
      url: chatUrl('send-message'),
      headers: ayse.headers,
      payload: { recipientUserId: ayse.userId, text: 'me' },
    });
    expect(self.statusCode).toBe(400);
    const unknown = await inject({
      method: 'POST',
      url: chatUrl('send-message'),
      headers: ayse.headers,
      payload: { recipientUserId: crypto.randomUUID(), text: 'hello?' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('USER_NOT_FOUND');
  });

  it('refuses visitors with 401', async () => {
    const response = await inject({
      method: 'POST',
      url: chatUrl('send-message'),
      payload: { recipientUserId: hans.userId, text: 'hi' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('get-conversation', () => {
  it('pages messages newest first with a cursor, and shows the other participant', async () => {
    const pair = await createUser(testApp.app, { name: 'Lucía', surname: 'García' });
    const { conversationId } = await sendChatMessage(testApp.app, ayse, { recipientUserId: pair.userId }, 'm1');
    for (const text of ['m2', 'm3', 'm4', 'm5']) {
      await sendChatMessage(testApp.app, ayse, { conversationId }, text);
    }
    const first = await inject({
      method: 'GET',
      url: chatUrl(`get-conversation?id=${conversationId}&limit=2`),
      headers: pair.headers,
    });
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.messages.map((m: { text: string }) => m.text)).toEqual(['m5', 'm4']);
    expect(page1.participant).toMatchObject({ userId: ayse.userId, name: 'Ayşe Kaya', online: false });
    expect(page1.title).toBe('Ayşe Kaya');
    expect(page1.unreadCount).toBe(5);
    const texts = [...page1.messages.map((m: { text: string }) => m.text)];
    let cursor = page1.nextCursor;
    while (cursor) {
      const next = await inject({
        method: 'GET',
        url: chatUrl(`get-conversation?id=${conversationId}&limit=2&cursor=${encodeURIComponent(cursor)}`),
        headers: pair.headers,
      });
      texts.push(...next.json().messages.map((m: { text: string }) => m.text));
      cursor = next.json().nextCursor;
    }
    expect(texts).toEqual(['m5', 'm4', 'm3', 'm2', 'm1']);
  });

  it('refuses a bad id, a bad cursor and a page over 50', async () => {
    const { conversationId } = await sendChatMessage(testApp.app, ayse, { recipientUserId: hans.userId }, 'x');
    for (const query of [
      'id=nope',
      `id=${conversationId}&limit=51`,
      `id=${conversationId}&limit=0`,
      `id=${conversationId}&cursor=garbage`,
    ]) {
      const response = await inject({
        method: 'GET',
        url: chatUrl(`get-conversation?${query}`),
        headers: ayse.headers,
      });
      expect(response.statusCode, query).toBe(400);
    }
    const unknown = await inject({
      method: 'GET',
      url: chatUrl(`get-conversation?id=${crypto.randomUUID()}`),
      headers: ayse.headers,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('someone else’s conversation', () => {
  let conversationId: string;
  let messageId: string;

  beforeAll(async () => {
    const message = await sendChatMessage(testApp.app, ayse, { recipientUserId: hans.userId }, 'secret plans');
    conversationId = message.conversationId;
    messageId = message.id;
  });

  const expectNotFoundWithoutLeak = (response: Awaited<ReturnType<typeof inject>>) => {
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('secret');
    expect(response.body).not.toContain(ayse.userId);
  };

  it('cannot be read', async () => {
    expectNotFoundWithoutLeak(
      await inject({ method: 'GET', url: chatUrl(`get-conversation?id=${conversationId}`), headers: mallory.headers }),
    );
  });

  it('cannot be posted to', async () => {
    expectNotFoundWithoutLeak(
      await inject({
        method: 'POST',
        url: chatUrl('send-message'),
        headers: mallory.headers,
        payload: { conversationId, text: 'let me in' },
      }),
    );
    const read = await inject({
      method: 'GET',
      url: chatUrl(`get-conversation?id=${conversationId}`),
      headers: ayse.headers,
    });
    expect(read.body).not.toContain('let me in');
  });

  it('cannot be marked as read', async () => {
    expectNotFoundWithoutLeak(
      await inject({
        method: 'PUT',
        url: chatUrl('mark-conversation-as-read'),
        headers: mallory.headers,
        payload: { conversationId },
      }),
    );
  });

  it('cannot have its messages deleted', async () => {
    expectNotFoundWithoutLeak(
      await inject({ method: 'DELETE', url: chatUrl(`delete-message?id=${messageId}`), headers: mallory.headers }),
    );
    const read = await inject({
      method: 'GET',
      url: chatUrl(`get-conversation?id=${conversationId}`),
      headers: hans.headers,
    });
    expect(read.json().messages.find((m: { id: string }) => m.id === messageId)).toMatchObject({
      text: 'secret plans',
      isDeleted: false,
    });
  });

  it('cannot be deleted', async () => {
    expectNotFoundWithoutLeak(
      await inject({
        method: 'DELETE',
        url: chatUrl(`delete-conversation?id=${conversationId}`),
        headers: mallory.headers,
      }),
    );
  });

  it('never shows up in a stranger’s list or unread count', async () => {
    const list = await inject({ method: 'GET', url: chatUrl('get-conversations'), headers: mallory.headers });
    expect(list.json().data.map((c: { id: string }) => c.id)).not.toContain(conversationId);
    const search = await inject({
      method: 'GET',
      url: chatUrl('get-conversations?search=secret'),
      headers: mallory.headers,
    });
    expect(search.json().data).toEqual([]);
    const unread = await inject({ method: 'GET', url: chatUrl('get-unread-count'), headers: mallory.headers });
    expect(unread.json()).toEqual({ unreadMessages: 0, unreadConversations: 0 });
  });

  it('lets only the author delete a message: the other participant gets 403', async () => {
    const response = await inject({
      method: 'DELETE',
      url: chatUrl(`delete-message?id=${messageId}`),
      headers: hans.headers,
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('reading, deleting and listing', () => {
  it('marks a conversation as read: unread counts drop and the sender sees the read time', async () => {
    const reader = await createUser(testApp.app, { name: 'Giulia', surname: 'Rossi' });
    const { conversationId } = await sendChatMessage(testApp.app, ayse, { recipientUserId: reader.userId }, 'ciao');
    await sendChatMessage(testApp.app, ayse, { conversationId }, 'come stai?');
    const before = await inject({ method: 'GET', url: chatUrl('get-unread-count'), headers: reader.headers });
    expect(before.json()).toEqual({ unreadMessages: 2, unreadConversations: 1 });

    const marked = await inject({
      method: 'PUT',
      url: chatUrl('mark-conversation-as-read'),
      headers: reader.headers,
      payload: { conversationId },
    });
    expect(marked.statusCode).toBe(200);
    const after = await inject({ method: 'GET', url: chatUrl('get-unread-count'), headers: reader.headers });
    expect(after.json()).toEqual({ unreadMessages: 0, unreadConversations: 0 });
    const senderView = await inject({
      method: 'GET',
      url: chatUrl(`get-conversation?id=${conversationId}`),
      headers: ayse.headers,
    });
    expect(senderView.json().participant.lastReadAt).toBe(marked.json().lastReadAt);

    const badBody = await inject({
      method: 'PUT',
      url: chatUrl('mark-conversation-as-read'),
      headers: reader.headers,
      payload: { conversationId: 'x' },
    });
    expect(badBody.statusCode).toBe(400);
  });

  it('turns a deleted message into a tombstone for both people', async () => {
    const other = await createUser(testApp.app, { name: 'Pierre', surname: 'Martin' });
    const message = await sendChatMessage(testApp.app, ayse, { recipientUserId: other.userId }, 'oops, wrong chat');
    const deleted = await inject({
      method: 'DELETE',
      url: chatUrl(`delete-message?id=${message.id}`),
      headers: ayse.headers,
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ id: message.id, text: null, isDeleted: true });
    for (const viewer of [ayse, other]) {
      const view = await inject({
        method: 'GET',
        url: chatUrl(`get-conversation?id=${message.conversationId}`),
        headers: viewer.headers,
      });
      expect(view.body).not.toContain('wrong chat');
      expect(view.json().messages[0]).toMatchObject({ id: message.id, isDeleted: true, text: null });
      const list = await inject({ method: 'GET', url: chatUrl('get-conversations'), headers: viewer.headers });
      const row = list.json().data.find((c: { id: string }) => c.id === message.conversationId);
      expect(row.lastMessage).toMatchObject({ id: message.id, isDeleted: true, text: null });
    }
    const badId = await inject({ method: 'DELETE', url: chatUrl('delete-message?id=1'), headers: ayse.headers });
    expect(badId.statusCode).toBe(400);
    const unknown = await inject({
      method: 'DELETE',
      url: chatUrl(`delete-message?id=${crypto.randomUUID()}`),
      headers: ayse.headers,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('deletes a conversation for the caller only, until a newer message brings it back', async () => {
    const a = await createUser(testApp.app, { name: 'Olga', surname: 'Ivanova' });
    const b = await createUser(testApp.app, { name: 'Ivan', surname: 'Petrov' });
    const { conversationId } = await sendChatMessage(testApp.app, a, { recipientUserId: b.userId }, 'old history');
    const hidden = await inject({
      method: 'DELETE',
      url: chatUrl(`delete-conversation?id=${conversationId}`),
      headers: a.headers,
    });
    expect(hidden.statusCode).toBe(200);
    const listA = await inject({ method: 'GET', url: chatUrl('get-conversations'), headers: a.headers });
    expect(listA.json().data).toEqual([]);
    const listB = await inject({ method: 'GET', url: chatUrl('get-conversations'), headers: b.headers });
    expect(listB.json().data.map((c: { id: string }) => c.id)).toEqual([conversationId]);

    await sendChatMessage(testApp.app, b, { conversationId }, 'new start');
    const back = await inject({ method: 'GET', url: chatUrl('get-conversations'), headers: a.headers });
    expect(back.json().data).toHaveLength(1);
    expect(back.json().data[0]).toMatchObject({
      id: conversationId,
      unreadCount: 1,
      lastMessage: { text: 'new start' },
    });
    const view = await inject({
      method: 'GET',
      url: chatUrl(`get-conversation?id=${conversationId}`),
      headers: a.headers,
    });
    expect(view.json().messages.map((m: { text: string }) => m.text)).toEqual(['new start']);
  });

  it('lists conversations with title, online status, preview and unread count; searches names and text', async () => {
    const me = await createUser(testApp.app, { name: 'Fatma', surname: 'Demir' });
    const guide1 = await createUser(testApp.app, { name: 'Mehmet', surname: 'Öztürk' });
    const guide2 = await createUser(testApp.app, { name: 'Sofia', surname: 'Bianchi' });
    const guide3 = await createUser(testApp.app, { name: 'Jean', surname: 'Dupont' });
    await sendChatMessage(testApp.app, guide1, { recipientUserId: me.userId }, 'Galata Tower at 10?');
    await sendChatMessage(testApp.app, guide2, { recipientUserId: me.userId }, 'Il Colosseo è chiuso lunedì');
    await sendChatMessage(testApp.app, guide2, { recipientUserId: me.userId }, 'Martedì allora?');
    await sendChatMessage(testApp.app, me, { recipientUserId: guide3.userId }, 'Bonjour Jean, 100% sure?');

    const list = await inject({ method: 'GET', url: chatUrl('get-conversations'), headers: me.headers });
    expect(list.statusCode).toBe(200);
    const rows = list.json().data;
    expect(rows.map((row: { title: string }) => row.title)).toEqual(['Jean Dupont', 'Sofia Bianchi', 'Mehmet Öztürk']);
    expect(rows[1]).toMatchObject({
      participant: { userId: guide2.userId, online: false },
      lastMessage: { text: 'Martedì allora?', senderId: guide2.userId },
      unreadCount: 2,
    });
    expect(rows[0].unreadCount).toBe(0);

    const byName = await inject({ method: 'GET', url: chatUrl('get-conversations?search=sofia'), headers: me.headers });
    expect(byName.json().data.map((row: { title: string }) => row.title)).toEqual(['Sofia Bianchi']);
    const byText = await inject({
      method: 'GET',
      url: chatUrl('get-conversations?search=galata'),
      headers: me.headers,
    });
    expect(byText.json().data.map((row: { title: string }) => row.title)).toEqual(['Mehmet Öztürk']);
    // LIKE wildcards in the search are literal characters.
    const percent = await inject({
      method: 'GET',
      url: chatUrl('get-conversations?search=100%25'),
      headers: me.headers,
    });
    expect(percent.json().data.map((row: { title: string }) => row.title)).toEqual(['Jean Dupont']);
    const underscore = await inject({ method: 'GET', url: chatUrl('get-conversations?search=_'), headers: me.headers });
    expect(underscore.json().data).toEqual([]);

    const page1 = await inject({ method: 'GET', url: chatUrl('get-conversations?limit=2'), headers: me.headers });
    expect(page1.json().data).toHaveLength(2);
    const page2 = await inject({
      method: 'GET',
      url: chatUrl(`get-conversations?limit=2&cursor=${encodeURIComponent(page1.json().nextCursor)}`),
      headers: me.headers,
    });
    expect(page2.json().data.map((row: { title: string }) => row.title)).toEqual(['Mehmet Öztürk']);
    expect(page2.json().nextCursor).toBeNull();

    const tooLong = await inject({
      method: 'GET',
      url: chatUrl(`get-conversations?search=${'x'.repeat(101)}`),
      headers: me.headers,
    });
    expect(tooLong.statusCode).toBe(400);
    const visitor = await inject({ method: 'GET', url: chatUrl('get-conversations') });
    expect(visitor.statusCode).toBe(401);
  });

  it('opens a conversation without sending anything, the same one every time', async () => {
    const a = await createUser(testApp.app, { name: 'Emma', surname: 'Schmidt' });
    const opened = await inject({
      method: 'POST',
      url: chatUrl('open-conversation'),
      headers: a.headers,
      payload: { recipientUserId: hans.userId },
    });
    expect(opened.statusCode).toBe(200);
    const again = await inject({
      method: 'POST',
      url: chatUrl('open-conversation'),
      headers: hans.headers,
      payload: { recipientUserId: a.userId },
    });
    expect(again.json().id).toBe(opened.json().id);
    const empty = await inject({
      method: 'GET',
      url: chatUrl(`get-conversation?id=${opened.json().id}`),
      headers: a.headers,
    });
    expect(empty.json()).toMatchObject({ messages: [], nextCursor: null, participant: { name: 'Hans Becker' } });
    // An empty conversation does not clutter either list.
    const list = await inject({ method: 'GET', url: chatUrl('get-conversations'), headers: a.headers });
    expect(list.json().data).toEqual([]);
  });
});

describe('rate limit', () => {
  it('answers 429 TOO_MANY_ATTEMPTS past the per-user sending limit', async () => {
    const limited = await createTestApp({ env: { CHAT_SEND_LIMIT_PER_MINUTE: '3' } });
    try {
      const a = await createUser(limited.app, { name: 'Rapid', surname: 'Sender' });
      const b = await createUser(limited.app, { name: 'Calm', surname: 'Reader' });
      for (let i = 0; i < 3; i++) await sendChatMessage(limited.app, a, { recipientUserId: b.userId }, `n${i}`);
      const response = await limited.app.inject({
        method: 'POST',
        url: chatUrl('send-message'),
        headers: a.headers,
        payload: { recipientUserId: b.userId, text: 'one too many' },
      });
      expect(response.statusCode).toBe(429);
      expect(response.json().error.code).toBe('TOO_MANY_ATTEMPTS');
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      // The other person is not limited by it.
      await sendChatMessage(limited.app, b, { recipientUserId: a.userId }, 'fine');
    } finally {
      await limited.close();
    }
  });
});
