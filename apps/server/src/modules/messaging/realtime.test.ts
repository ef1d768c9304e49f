import { WS_CLOSE_SERVER_RESTART } from '@marco/contract/messaging';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { chatUrl, sendChatMessage } from '../../../test/chat.js';
import { createUser, readOutbox, signInWithCookie, type TestUser } from '../../../test/factories.js';
import { connectSocket, type SocketClient, wsUrl } from '../../../test/realtime.js';
import { createStaff } from '../../../test/staff-factories.js';

const LINGER_MS = 150;
let testApp: TestApp;
let ayse: TestUser;
let hans: TestUser;
let conversationId: string;
const open: SocketClient[] = [];

beforeAll(async () => {
  testApp = await createTestApp({
    env: { PRESENCE_LINGER_MS: String(LINGER_MS), PRESENCE_TTL_SECONDS: '3', PUBLIC_URL: 'https://marco.example' },
  });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  ayse = await createUser(testApp.app, { name: 'Ayşe', surname: 'Kaya' });
  hans = await createUser(testApp.app, { name: 'Hans', surname: 'Becker' });
  conversationId = (await sendChatMessage(testApp.app, ayse, { recipientUserId: hans.userId }, 'Merhaba'))
    .conversationId;
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});
afterAll(() => testApp?.close());

async function connect(user: TestUser, options: { autoPong?: boolean; via?: 'bearer' | 'cookie' | 'query' } = {}) {
  const via = options.via ?? 'bearer';
  let client: SocketClient;
  if (via === 'cookie') {
    const cookie = await signInWithCookie(testApp.app, user);
    client = await connectSocket(wsUrl(testApp.app), { headers: { cookie: `marco_session=${cookie}` }, ...options });
  } else if (via === 'query') {
    client = await connectSocket(wsUrl(testApp.app, `?access_token=${user.token}`), options);
  } else {
    client = await connectSocket(wsUrl(testApp.app), {
      headers: { authorization: `Bearer ${user.token}` },
      ...options,
    });
  }
  open.push(client);
  return client;
}

async function refusal(url: string, headers: Record<string, string> = {}) {
  const error = await connectSocket(url, { headers }).then(
    (client) => {
      open.push(client);
      return null;
    },
    (reason: { statusCode?: number }) => reason,
  );
  return error?.statusCode;
}

describe('the WebSocket handshake', () => {
  it('refuses a visitor and an invalid token with 401', async () => {
    expect(await refusal(wsUrl(testApp.app))).toBe(401);
    expect(await refusal(wsUrl(testApp.app), { authorization: 'Bearer not-a-session' })).toBe(401);
    expect(await refusal(wsUrl(testApp.app, '?access_token=nope'))).toBe(401);
  });

  it('refuses a foreign Origin with 403, even with a valid session', async () => {
    expect(
      await refusal(wsUrl(testApp.app), { authorization: `Bearer ${ayse.token}`, origin: 'https://evil.example' }),
    ).toBe(403);
    expect(await refusal(wsUrl(testApp.app), { authorization: `Bearer ${ayse.token}`, origin: 'null' })).toBe(403);
  });

  it('accepts PUBLIC_URL and the request’s own host as Origin', async () => {
    const port = new URL(wsUrl(testApp.app)).port;
    for (const origin of ['https://marco.example', `http://127.0.0.1:${port}`]) {
      const client = await connectSocket(wsUrl(testApp.app), {
        headers: { authorization: `Bearer ${ayse.token}`, origin },
      });
      open.push(client);
      expect(client.events[0]).toEqual({ type: 'ready', userId: ayse.userId });
    }
  });

  it('authenticates by the session cookie, a bearer token or ?access_token=', async () => {
    for (const via of ['cookie', 'bearer', 'query'] as const) {
      const client = await connect(hans, { via });
      expect(client.events[0]).toEqual({ type: 'ready', userId: hans.userId });
    }
  });
});

describe('two people chatting', () => {
  it('delivers a new message at once to the recipient and to the sender’s other sockets', async () => {
    const hansSocket = await connect(hans, { via: 'cookie' });
    const ayseSocket = await connect(ayse);
    const sent = await testApp.app.inject({
      method: 'POST',
      url: chatUrl('send-message'),
      headers: ayse.headers,
      payload: { conversationId, text: 'Are you free at 10?', clientMessageId: 'tmp-1' },
    });
    expect(sent.statusCode).toBe(200);
    const received = await hansSocket.next('message.created');
    expect(received).toMatchObject({
      conversationId,
      message: { id: sent.json().id, text: 'Are you free at 10?', senderId: ayse.userId },
    });
    const echoed = await ayseSocket.next('message.created');
    expect(echoed.message.clientMessageId).toBe('tmp-1');
  });

  it('relays typing to the other participant only, and read receipts and deletions to both', async () => {
    const hansSocket = await connect(hans);
    const ayseSocket = await connect(ayse);
    hansSocket.send({ type: 'typing', conversationId });
    expect(await ayseSocket.next('typing')).toEqual({ type: 'typing', conversationId, userId: hans.userId });

    const read = await testApp.app.inject({
      method: 'PUT',
      url: chatUrl('mark-conversation-as-read'),
      headers: hans.headers,
      payload: { conversationId },
    });
    const receipt = await ayseSocket.next('conversation.read');
    expect(receipt).toEqual({
      type: 'conversation.read',
      conversationId,
      userId: hans.userId,
      lastReadAt: read.json().lastReadAt,
    });

    const message = await sendChatMessage(testApp.app, ayse, { conversationId }, 'typo');
    await testApp.app.inject({
      method: 'DELETE',
      url: chatUrl(`delete-message?id=${message.id}`),
      headers: ayse.headers,
    });
    const deleted = await hansSocket.next('message.deleted');
    expect(deleted.message).toMatchObject({ id: message.id, isDeleted: true, text: null });
    expect(hansSocket.events.some((event) => event.type === 'typing')).toBe(false);
  });

  it('answers ping with pong, and an error to nonsense or typing into a stranger’s conversation', async () => {
    const stranger = await createUser(testApp.app, { name: 'Mallory', surname: 'Evil' });
    const strangerSocket = await connect(stranger);
    const hansSocket = await connect(hans);
    strangerSocket.send({ type: 'ping' });
    await strangerSocket.next('pong');
    strangerSocket.socket.send('not json');
    await strangerSocket.next('error', (event) => event.code === 'VALIDATION_FAILED');
    strangerSocket.send({ type: 'typing', conversationId });
    await strangerSocket.next('error', (event) => event.code === 'NOT_FOUND');
    // Hans is a participant and still never hears the stranger's typing.
    hansSocket.send({ type: 'ping' });
    await hansSocket.next('pong');
    expect(hansSocket.events.filter((event) => event.type === 'typing')).toEqual([]);
  });

  it('sends no e-mail or SMS to a recipient who is online', async () => {
    const guide = await createUser(testApp.app, { name: 'Online', surname: 'Guide' });
    await connect(guide);
    await sendChatMessage(testApp.app, ayse, { recipientUserId: guide.userId }, 'You there?');
    const texts = (await readOutbox(testApp.app)).filter((entry) => entry.recipient === guide.phone);
    expect(texts.filter((entry) => entry.text.includes('new message'))).toEqual([]);
  });
});

describe('presence', () => {
  /** Two people with a conversation, and no sockets yet (earlier tests' sockets may still linger for others). */
  async function freshPair() {
    const traveller = await createUser(testApp.app, { name: 'Nour', surname: 'Haddad' });
    const guide = await createUser(testApp.app, { name: 'Luca', surname: 'Moretti' });
    const message = await sendChatMessage(testApp.app, traveller, { recipientUserId: guide.userId }, 'Salam');
    return { traveller, guide, conversationId: message.conversationId };
  }

  const onlineOf = async (viewer: TestUser, id: string) => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: chatUrl(`get-conversation?id=${id}`),
      headers: viewer.headers,
    });
    return response.json().participant.online as boolean;
  };

  it('goes online with the first socket and offline after the last one closes', async () => {
    const { traveller, guide, conversationId: id } = await freshPair();
    const travellerSocket = await connect(traveller);
    expect(await onlineOf(traveller, id)).toBe(false);
    const guideSocket = await connect(guide);
    await travellerSocket.next('presence', (event) => event.userId === guide.userId && event.online);
    expect(await onlineOf(traveller, id)).toBe(true);
    const list = await testApp.app.inject({
      method: 'GET',
      url: chatUrl('get-conversations'),
      headers: traveller.headers,
    });
    expect(list.json().data[0]).toMatchObject({ id, participant: { userId: guide.userId, online: true } });

    const second = await connect(guide);
    await second.close();
    await guideSocket.close();
    await travellerSocket.next('presence', (event) => event.userId === guide.userId && !event.online);
    expect(await onlineOf(traveller, id)).toBe(false);
  });

  it('keeps a user online across a quick reconnect (a page reload)', async () => {
    const { traveller, guide, conversationId: id } = await freshPair();
    const travellerSocket = await connect(traveller);
    const first = await connect(guide);
    await travellerSocket.next('presence', (event) => event.userId === guide.userId && event.online);
    await first.close();
    await connect(guide);
    // Longer than the linger: an offline event would have come by now.
    await new Promise((resolve) => setTimeout(resolve, LINGER_MS * 3));
    expect(travellerSocket.events.filter((event) => event.type === 'presence' && !event.online)).toEqual([]);
    expect(await onlineOf(traveller, id)).toBe(true);
  });

  it('drops a client that vanished without closing (no pong) and shows it offline', async () => {
    const { traveller, guide } = await freshPair();
    const travellerSocket = await connect(traveller);
    // autoPong off: like a phone that lost its network, the socket never answers pings.
    const ghost = await connect(guide, { autoPong: false });
    await travellerSocket.next('presence', (event) => event.userId === guide.userId && event.online);
    const closed = new Promise<number>((resolve) => ghost.socket.once('close', (code) => resolve(code)));
    await travellerSocket.next('presence', (event) => event.userId === guide.userId && !event.online, 6000);
    expect(await closed).toBe(1006);
  });
});

describe('shutting down', () => {
  it('takes a message staff hide out of both open chats at once', async () => {
    const hansSocket = await connect(hans);
    const ayseSocket = await connect(ayse);
    const message = await sendChatMessage(testApp.app, ayse, { conversationId }, 'Pay me outside Marco');
    const reported = await testApp.app.inject({
      method: 'POST',
      url: '/api/app/moderation/reports',
      headers: hans.headers,
      payload: { targetType: 'message', targetId: message.id, reason: 'scam' },
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const support = await createStaff(testApp.app, testApp.database.db);
    const queue = await testApp.app.inject({
      method: 'GET',
      url: '/api/app/staff/moderation?pageSize=100',
      headers: support.headers,
    });
    const item = queue.json().data.find((entry: { targetId: string }) => entry.targetId === message.id);
    const hidden = await testApp.app.inject({
      method: 'POST',
      url: `/api/app/staff/moderation/${item.id}/decide`,
      headers: support.headers,
      payload: { decision: 'hide' },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    for (const socket of [hansSocket, ayseSocket]) {
      expect((await socket.next('message.deleted')).message).toMatchObject({ id: message.id, text: null });
    }
  });

  it("closes a suspended user's sockets at once with 4401, not at the next periodic check", async () => {
    const suspended = await createUser(testApp.app, { name: 'Suspended' });
    const client = await connect(suspended);
    const other = await connect(suspended, { via: 'cookie' });
    const codes = [client, other].map(
      (socket) => new Promise<number>((resolve) => socket.socket.once('close', (code) => resolve(code))),
    );
    const support = await createStaff(testApp.app, testApp.database.db);
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/api/app/staff/users/${suspended.userId}/suspend`,
      headers: support.headers,
      payload: { reason: 'Threats in messages' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await Promise.all(codes)).toEqual([4401, 4401]);
  });

  it('closes the socket of a session signed out at once, while the same user’s other sessions keep theirs', async () => {
    const user = await createUser(testApp.app, { name: 'Leaving' });
    const signedOut = await connect(user);
    const stays = await connect(user, { via: 'cookie' });
    const closed = new Promise<number>((resolve) => signedOut.socket.once('close', (code) => resolve(code)));
    const response = await testApp.app.inject({ method: 'DELETE', url: '/api/auth/session', headers: user.headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(await closed).toBe(4401);
    await sendChatMessage(testApp.app, hans, { recipientUserId: user.userId }, 'Still there?');
    expect((await stays.next('message.created')).message.text).toBe('Still there?');
  });

  it('closes the sockets of the other sessions at once when the password changes, and keeps the changer’s', async () => {
    const user = await createUser(testApp.app, { name: 'Careful' });
    const elsewhere = await connect(user, { via: 'cookie' });
    const here = await connect(user);
    const closed = new Promise<number>((resolve) => elsewhere.socket.once('close', (code) => resolve(code)));
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/account/change-password',
      headers: user.headers,
      payload: { currentPassword: user.password, newPassword: 'A-new-and-long-passphrase-42' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await closed).toBe(4401);
    await sendChatMessage(testApp.app, hans, { recipientUserId: user.userId }, 'Only for the owner');
    expect((await here.next('message.created')).message.text).toBe('Only for the owner');
  });

  it('closes every socket with 1012 Service Restart, which clients take as "reconnect elsewhere"', async () => {
    const closing = await createTestApp({ env: { PUBLIC_URL: 'https://marco.example' } });
    await closing.app.listen({ port: 0, host: '127.0.0.1' });
    const user = await createUser(closing.app);
    const client = await connectSocket(wsUrl(closing.app), { headers: { authorization: `Bearer ${user.token}` } });
    const closed = new Promise<number>((resolve) => client.socket.once('close', (code) => resolve(code)));
    await closing.close();
    expect(await closed).toBe(WS_CLOSE_SERVER_RESTART);
  });

  it('cuts, after a second, a socket whose client never answers the close, instead of waiting 30 s', async () => {
    const closing = await createTestApp({ env: { PUBLIC_URL: 'https://marco.example' } });
    await closing.app.listen({ port: 0, host: '127.0.0.1' });
    const user = await createUser(closing.app);
    const client = await connectSocket(wsUrl(closing.app), { headers: { authorization: `Bearer ${user.token}` } });
    // The client reads nothing more, as when its network has gone.
    client.socket.pause();
    const started = performance.now();
    await closing.app.close();
    expect(performance.now() - started).toBeLessThan(3000);
    client.socket.terminate();
    await closing.close();
  });
});
