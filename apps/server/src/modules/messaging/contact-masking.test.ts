import type { Conversation, ConversationList } from '@marco/contract/messaging';
import type { NotificationList } from '@marco/contract/notifications';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { chatUrl, sendChatMessage } from '../../../test/chat.js';
import { createUser, type TestUser } from '../../../test/factories.js';
import { createApprovedGuide, createStaff, findPlace, type TestGuide } from '../../../test/guide-factories.js';
import { approvedReservation, payOnSandbox } from '../../../test/payment-factories.js';
import { connectSocket, type SocketClient, wsUrl } from '../../../test/realtime.js';
import { ManualClock } from '../../platform/clock.js';

/** Monday 1 June 2026; the guides work Monday–Friday 9–17 in Istanbul. */
const clock = new ManualClock('2026-06-01T06:00:00Z');
const PHONE = '+90 555 123 45 67';

let t: TestApp;
let staff: TestUser;
let cityId: string;
const open: SocketClient[] = [];

beforeAll(async () => {
  t = await createTestApp({ clock });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  staff = await createStaff(t.app, t.database.db);
  cityId = (await findPlace(t.app, 'istanbul')).cityId;
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});
afterAll(() => t?.close());

async function connect(user: TestUser) {
  const client = await connectSocket(wsUrl(t.app), { headers: { authorization: `Bearer ${user.token}` } });
  open.push(client);
  return client;
}

const get = async <T>(user: TestUser, url: string): Promise<T> => {
  const response = await t.app.inject({ method: 'GET', url, headers: user.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const conversationAs = (user: TestUser, id: string) => get<Conversation>(user, chatUrl(`get-conversation?id=${id}`));
const lastMessageAs = async (user: TestUser, id: string) =>
  (await get<ConversationList>(user, chatUrl('get-conversations'))).data.find((row) => row.id === id)?.lastMessage;

async function pair(): Promise<{ traveller: TestUser; guide: TestGuide }> {
  const guide = await createApprovedGuide(t.app, t.database.db, { staff, name: 'Deniz' });
  const traveller = await createUser(t.app, { name: 'Tara', surname: 'Smith' });
  return { traveller, guide };
}

describe('contact details before a paid reservation', () => {
  it('are masked in everything the other person reads, and shown as written to the sender', async () => {
    const { traveller, guide } = await pair();
    const [travellerSocket, guideSocket] = [await connect(traveller), await connect(guide.user)];
    const sent = await sendChatMessage(t.app, traveller, { recipientUserId: guide.user.userId }, `Call me on ${PHONE}`);
    expect(sent.text).toBe(`Call me on ${PHONE}`);

    const ownEvent = await travellerSocket.next('message.created', (event) => event.message.id === sent.id);
    expect(ownEvent.message.text).toBe(`Call me on ${PHONE}`);
    expect(ownEvent.message.contactMasked).toBeUndefined();
    const received = await guideSocket.next('message.created', (event) => event.message.id === sent.id);
    expect(received.message).toMatchObject({ text: 'Call me on •••', contactMasked: true });

    const guideView = await conversationAs(guide.user, sent.conversationId);
    expect(guideView.messages[0]).toMatchObject({ text: 'Call me on •••', contactMasked: true });
    const travellerView = await conversationAs(traveller, sent.conversationId);
    expect(travellerView.messages[0]?.text).toBe(`Call me on ${PHONE}`);
    expect(travellerView.messages[0]?.contactMasked).toBeUndefined();

    expect(await lastMessageAs(guide.user, sent.conversationId)).toMatchObject({
      text: 'Call me on •••',
      contactMasked: true,
    });
    expect((await lastMessageAs(traveller, sent.conversationId))?.text).toBe(`Call me on ${PHONE}`);

    const notifications = await get<NotificationList>(guide.user, '/api/app/notification-public/get-notifications');
    const notice = notifications.data.find((entry) => entry.kind === 'message.received');
    expect(notice?.payload.preview).toBe('Call me on •••');
    // Ids are random hex and can hold any run of digits: the number is looked for in the rest.
    const withoutIds = JSON.stringify(notifications).replace(/[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}/g, '');
    expect(withoutIds).not.toContain('555');
  });

  it('are masked both ways: the guide’s e-mail address in what the traveller reads', async () => {
    const { traveller, guide } = await pair();
    const first = await sendChatMessage(t.app, traveller, { recipientUserId: guide.user.userId }, 'Hello!');
    await sendChatMessage(t.app, guide.user, first, 'Write to deniz at example dot com');
    const view = await conversationAs(traveller, first.conversationId);
    expect(view.messages.map((message) => [message.text, message.contactMasked])).toEqual([
      ['Write to •••', true],
      ['Hello!', undefined],
    ]);
  });

  it('are shown as written once the two have a paid reservation, in old and new messages', async () => {
    const { traveller, guide } = await pair();
    const before = await sendChatMessage(t.app, traveller, { recipientUserId: guide.user.userId }, PHONE);
    const reservation = await approvedReservation(t.app, traveller, guide, cityId, '2026-06-08');
    // Approved is not paid.
    expect((await conversationAs(guide.user, before.conversationId)).messages[0]?.text).toBe('•••');

    await payOnSandbox(t.app, traveller, reservation.id);
    expect((await conversationAs(guide.user, before.conversationId)).messages[0]).toMatchObject({ text: PHONE });
    expect((await lastMessageAs(guide.user, before.conversationId))?.contactMasked).toBeUndefined();
    const guideSocket = await connect(guide.user);
    const after = await sendChatMessage(t.app, traveller, before, `WhatsApp: ${PHONE}`);
    const received = await guideSocket.next('message.created', (event) => event.message.id === after.id);
    expect(received.message.text).toBe(`WhatsApp: ${PHONE}`);
    expect(received.message.contactMasked).toBeUndefined();
  });

  it('leave ordinary messages untouched', async () => {
    const { traveller, guide } = await pair();
    const text = 'We are 2 adults, arriving 12.06.2026 at 10:30; budget 1,500 TRY for 4 hours.';
    const sent = await sendChatMessage(t.app, traveller, { recipientUserId: guide.user.userId }, text);
    const [message] = (await conversationAs(guide.user, sent.conversationId)).messages;
    expect(message?.text).toBe(text);
    expect(message?.contactMasked).toBeUndefined();
  });
});
