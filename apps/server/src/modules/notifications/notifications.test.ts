import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { chatUrl, sendChatMessage } from '../../../test/chat.js';
import { createUser, readOutbox, type TestUser } from '../../../test/factories.js';
import { ManualClock } from '../../platform/clock.js';
import { notify } from './notify.js';

const clock = new ManualClock('2026-05-04T09:00:00Z');
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ clock });
});
afterAll(() => testApp?.close());

const NOTIFICATIONS = '/api/app/notification-public';

async function updateProfile(user: TestUser, changes: Record<string, unknown>) {
  const current = await testApp.app.inject({ method: 'GET', url: '/api/account/my-profile', headers: user.headers });
  const response = await testApp.app.inject({
    method: 'PUT',
    url: '/api/account/my-profile',
    headers: user.headers,
    payload: { concurrencyStamp: current.json().concurrencyStamp, ...changes },
  });
  if (response.statusCode !== 200) throw new Error(`profile: ${response.statusCode} ${response.body}`);
}

/** The dev outbox entries for one recipient (e-mails carry a subject). */
async function outboxFor(recipient: string) {
  const entries = (await readOutbox(testApp.app)) as Array<
    Awaited<ReturnType<typeof readOutbox>>[number] & { subject: string | null }
  >;
  return entries.filter((entry) => entry.recipient === recipient);
}

/** The message notices e-mailed to an address (setting the address also mails a confirmation link). */
async function messageMailsTo(email: string) {
  return (await outboxFor(email)).filter((entry) => entry.subject?.includes('Ali Khan'));
}

async function listNotifications(user: TestUser, query = '') {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `${NOTIFICATIONS}/get-notifications${query}`,
    headers: user.headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as {
    data: Array<{ id: string; kind: string; payload: Record<string, unknown>; readAt: string | null }>;
    unreadCount: number;
    nextCursor: string | null;
  };
}

describe('a new message notifies the recipient', () => {
  it('by SMS while offline without an e-mail address, at most once per conversation per 15 minutes', async () => {
    const guide = await createUser(testApp.app, { name: 'Deniz', surname: 'Aydın' });
    const traveller = await createUser(testApp.app, { name: 'Tom', surname: 'Baker' });
    const { conversationId } = await sendChatMessage(
      testApp.app,
      traveller,
      { recipientUserId: guide.userId },
      'Are you free on Friday?',
    );
    let texts = await outboxFor(guide.phone);
    // The registration code plus one message notice.
    expect(texts.filter((entry) => entry.text.includes('new message'))).toHaveLength(1);
    expect(texts.at(-1)?.text).toContain('Tom Baker');
    expect(texts.at(-1)?.text).toContain(`/messages/${conversationId}`);

    clock.advance(14 * 60);
    await sendChatMessage(testApp.app, traveller, { conversationId }, 'Or Saturday?');
    texts = await outboxFor(guide.phone);
    expect(texts.filter((entry) => entry.text.includes('new message'))).toHaveLength(1);

    clock.advance(61);
    await sendChatMessage(testApp.app, traveller, { conversationId }, 'Hello?');
    texts = await outboxFor(guide.phone);
    expect(texts.filter((entry) => entry.text.includes('new message'))).toHaveLength(2);
  });

  it('by e-mail instead when the recipient has an e-mail address, with the message as plain text', async () => {
    const guide = await createUser(testApp.app, { name: 'Clara', surname: 'Weiss' });
    const email = `clara.${crypto.randomUUID().slice(0, 8)}@example.com`;
    await updateProfile(guide, { email });
    const traveller = await createUser(testApp.app, { name: 'Ali', surname: 'Khan' });
    await sendChatMessage(testApp.app, traveller, { recipientUserId: guide.userId }, 'Do you speak <b>Urdu</b>?');
    const mails = await messageMailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.channel).toBe('email');
    expect(mails[0]?.subject).toBe('New message from Ali Khan on Marco');
    expect(mails[0]?.text).toContain('Do you speak <b>Urdu</b>?');
    expect((await outboxFor(guide.phone)).filter((entry) => entry.text.includes('new message'))).toEqual([]);
  });

  it('in the recipient’s language, remembered from their locale cookie', async () => {
    const guide = await createUser(testApp.app, { name: 'Élodie', surname: 'Martin' });
    const email = `elodie.${crypto.randomUUID().slice(0, 8)}@example.com`;
    await updateProfile(guide, { email });
    await testApp.app.inject({
      method: 'GET',
      url: `${NOTIFICATIONS}/get-unread-count`,
      headers: { ...guide.headers, cookie: 'locale=fr' },
    });
    const traveller = await createUser(testApp.app, { name: 'Ali', surname: 'Khan' });
    const { conversationId } = await sendChatMessage(
      testApp.app,
      traveller,
      { recipientUserId: guide.userId },
      'Bonjour !',
    );
    const [mail] = await messageMailsTo(email);
    expect(mail?.subject).toBe('Nouveau message de Ali Khan sur Marco');
    expect(mail?.text).toContain('Ali Khan vous a écrit sur Marco');
    expect(mail?.text).toContain(`/fr/messages/${conversationId}`);
  });

  it('in the app only when the recipient turned message notifications off', async () => {
    const guide = await createUser(testApp.app, { name: 'Quiet', surname: 'Guide' });
    await updateProfile(guide, { notificationPreferences: { messages: false } });
    const traveller = await createUser(testApp.app, { name: 'Loud', surname: 'Traveller' });
    await sendChatMessage(testApp.app, traveller, { recipientUserId: guide.userId }, 'ping');
    expect((await outboxFor(guide.phone)).filter((entry) => entry.text.includes('new message'))).toEqual([]);
    const inApp = await listNotifications(guide);
    expect(inApp.unreadCount).toBe(1);
    expect(inApp.data[0]).toMatchObject({ kind: 'message.received', payload: { preview: 'ping' } });
  });

  it('keeps one unread in-app notification per conversation, until the conversation is read', async () => {
    const guide = await createUser(testApp.app, { name: 'Marta', surname: 'López' });
    const traveller = await createUser(testApp.app, { name: 'Kenji', surname: 'Sato' });
    const { conversationId } = await sendChatMessage(testApp.app, traveller, { recipientUserId: guide.userId }, 'one');
    await sendChatMessage(testApp.app, traveller, { conversationId }, 'two');
    await sendChatMessage(testApp.app, traveller, { conversationId }, 'three');
    let inApp = await listNotifications(guide);
    expect(inApp.data).toHaveLength(1);
    expect(inApp.data[0]).toMatchObject({
      kind: 'message.received',
      readAt: null,
      payload: { conversationId, senderName: 'Kenji Sato', preview: 'three' },
    });
    // The sender is not notified of their own messages.
    expect((await listNotifications(traveller)).data).toEqual([]);

    await testApp.app.inject({
      method: 'PUT',
      url: chatUrl('mark-conversation-as-read'),
      headers: guide.headers,
      payload: { conversationId },
    });
    inApp = await listNotifications(guide);
    expect(inApp.unreadCount).toBe(0);
    clock.advance(1);
    await sendChatMessage(testApp.app, traveller, { conversationId }, 'four');
    inApp = await listNotifications(guide);
    expect(inApp.data.map((entry) => entry.payload.preview)).toEqual(['four', 'three']);
    expect(inApp.unreadCount).toBe(1);
  });
});

describe('notification-public', () => {
  it('lists, pages and marks the caller’s own notifications only', async () => {
    const owner = await createUser(testApp.app, { name: 'Owner', surname: 'One' });
    const stranger = await createUser(testApp.app, { name: 'Stranger', surname: 'Two' });
    for (const n of [1, 2, 3]) {
      clock.advance(1);
      await notify(testApp.app.deps, owner.userId, 'reservation.test', { n });
    }
    const page1 = await listNotifications(owner, '?limit=2');
    expect(page1.data.map((entry) => entry.payload.n)).toEqual([3, 2]);
    const page2 = await listNotifications(owner, `?limit=2&cursor=${encodeURIComponent(page1.nextCursor ?? '')}`);
    expect(page2.data.map((entry) => entry.payload.n)).toEqual([1]);

    const ids = page1.data.map((entry) => entry.id);
    const byStranger = await testApp.app.inject({
      method: 'PUT',
      url: `${NOTIFICATIONS}/mark-as-read`,
      headers: stranger.headers,
      payload: { ids },
    });
    expect(byStranger.statusCode).toBe(200);
    expect((await listNotifications(owner)).unreadCount).toBe(3);

    const byOwner = await testApp.app.inject({
      method: 'PUT',
      url: `${NOTIFICATIONS}/mark-as-read`,
      headers: owner.headers,
      payload: { ids },
    });
    expect(byOwner.json()).toEqual({ unreadCount: 1 });
    expect((await listNotifications(owner, '?unreadOnly=true')).data.map((entry) => entry.payload.n)).toEqual([1]);
    const all = await testApp.app.inject({
      method: 'PUT',
      url: `${NOTIFICATIONS}/mark-all-as-read`,
      headers: owner.headers,
    });
    expect(all.json()).toEqual({ unreadCount: 0 });
    const count = await testApp.app.inject({
      method: 'GET',
      url: `${NOTIFICATIONS}/get-unread-count`,
      headers: owner.headers,
    });
    expect(count.json()).toEqual({ unreadCount: 0 });
    expect((await listNotifications(stranger)).data).toEqual([]);
  });

  it('refuses bad input and visitors', async () => {
    const user = await createUser(testApp.app, { name: 'Input', surname: 'Checker' });
    for (const payload of [{ ids: [] }, { ids: ['nope'] }, {}]) {
      const response = await testApp.app.inject({
        method: 'PUT',
        url: `${NOTIFICATIONS}/mark-as-read`,
        headers: user.headers,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const badLimit = await testApp.app.inject({
      method: 'GET',
      url: `${NOTIFICATIONS}/get-notifications?limit=500`,
      headers: user.headers,
    });
    expect(badLimit.statusCode).toBe(400);
    const visitor = await testApp.app.inject({ method: 'GET', url: `${NOTIFICATIONS}/get-notifications` });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('notify()', () => {
  it('sends transactional copies even when optional notifications are off, and follows the kind’s preference', async () => {
    const user = await createUser(testApp.app, { name: 'Trans', surname: 'Actional' });
    await updateProfile(user, { notificationPreferences: { messages: false, ads: false } });
    const transactional = await notify(
      testApp.app.deps,
      user.userId,
      'reservation.approved',
      {},
      {
        sms: { text: 'Your reservation was approved' },
      },
    );
    expect(transactional.sentVia).toBe('sms');
    const governed = await notify(
      testApp.app.deps,
      user.userId,
      'message.received',
      {},
      {
        sms: { text: 'muted message' },
      },
    );
    expect(governed.sentVia).toBeNull();
    const ad = await notify(testApp.app.deps, user.userId, 'promo', {}, { sms: { text: 'ad' }, preference: 'ads' });
    expect(ad.sentVia).toBeNull();
    const texts = (await outboxFor(user.phone)).map((entry) => entry.text);
    expect(texts).toContain('Your reservation was approved');
    expect(texts).not.toContain('muted message');
    expect(texts).not.toContain('ad');
  });
});
