import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { chatUrl, sendChatMessage } from '../../../test/chat.js';
import { createUser, type TestUser } from '../../../test/factories.js';
import { messageWriterOf } from './message-writer.js';

/*
 * Messages sent at the same moment share one statement (message-writer.ts): each request
 * must still get its own answer, as if it had been written alone.
 */

let t: TestApp;
let ayse: TestUser;
let hans: TestUser;
let mallory: TestUser;
let conversationId: string;

beforeAll(async () => {
  t = await createTestApp({ env: { CHAT_SEND_LIMIT_PER_MINUTE: '5' } });
  [ayse, hans, mallory] = await Promise.all([
    createUser(t.app, { name: 'Ayşe', surname: 'Kaya' }),
    createUser(t.app, { name: 'Hans', surname: 'Becker' }),
    createUser(t.app, { name: 'Mallory', surname: 'Evil' }),
  ]);
  ({ conversationId } = await sendChatMessage(t.app, ayse, { recipientUserId: hans.userId }, 'Merhaba'));
});
afterAll(() => t?.close());

const send = (user: TestUser, text: string) =>
  t.app.inject({
    method: 'POST',
    url: chatUrl('send-message'),
    headers: user.headers,
    payload: { conversationId, text },
  });

const count = async (query: ReturnType<typeof sql>) =>
  Number((await t.database.db.execute<{ n: number }>(query)).rows[0]?.n ?? 0);

describe('messages sent at the same moment', () => {
  it('answers each request on its own: stored, refused past the limit, or not found for a stranger', async () => {
    const before = await count(sql`select count(*)::int as n from messages where conversation_id = ${conversationId}`);
    // Ayşe has used 1 of her 5 a minute; Hans 0 of his; Mallory takes no part.
    const responses = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => send(ayse, `Ayşe ${i}`)),
      send(hans, 'Hallo'),
      send(hans, 'Wie geht’s?'),
      send(mallory, 'let me in'),
    ]);
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.slice(0, 6).filter((status) => status === 200)).toHaveLength(4);
    expect(statuses.slice(0, 6).filter((status) => status === 429)).toHaveLength(2);
    expect(statuses.slice(6)).toEqual([200, 200, 404]);
    const limited = responses.find((response) => response.statusCode === 429);
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
    const stored = responses.filter((response) => response.statusCode === 200).map((response) => response.json());
    expect(new Set(stored.map((message) => message.id)).size).toBe(6);
    expect(stored.find((message) => message.text === 'Hallo')).toMatchObject({ senderId: hans.userId, conversationId });

    const after = await count(sql`select count(*)::int as n from messages where conversation_id = ${conversationId}`);
    expect(after - before).toBe(6);
    expect(await count(sql`select count(*)::int as n from messages where sender_id = ${mallory.userId}`)).toBe(0);
  });

  it('keeps one unread notification per conversation for each recipient, naming the last message', async () => {
    const notifications = await t.database.db.execute<{ user_id: string; payload: { messageId: string } }>(
      sql`select user_id, payload from notifications where group_key = ${`conversation:${conversationId}`} and read_at is null`,
    );
    expect(notifications.rows.map((row) => row.user_id).sort()).toEqual([ayse.userId, hans.userId].sort());
    const conversation = await t.app.inject({
      method: 'GET',
      url: `${chatUrl('get-conversation')}?id=${conversationId}`,
      headers: hans.headers,
    });
    const lastFromAyse = conversation
      .json()
      .messages.find((message: { senderId: string }) => message.senderId === ayse.userId);
    const toHans = notifications.rows.find((row) => row.user_id === hans.userId);
    expect(toHans?.payload.messageId).toBe(lastFromAyse.id);
  });

  it('writes the messages queued in one turn of the event loop with one statement', async () => {
    const writer = messageWriterOf(t.app.deps);
    const db = t.app.deps.db;
    const execute = db.execute.bind(db);
    let statements = 0;
    db.execute = ((query: Parameters<typeof execute>[0]) => {
      statements++;
      return execute(query);
    }) as typeof db.execute;
    try {
      const message = (senderId: string) => ({
        conversationId,
        senderId,
        text: 'batched',
        language: 'en',
        limitPerMinute: 100,
      });
      const results = await Promise.all([
        writer.write(message(hans.userId)),
        writer.write(message(mallory.userId)),
        writer.write(message(hans.userId)),
      ]);
      expect(statements).toBe(1);
      expect(results.map((result) => result.status)).toEqual(['stored', 'not-member', 'stored']);
      expect(results[0]).toMatchObject({ recipientId: ayse.userId, senderName: 'Hans Becker' });
    } finally {
      db.execute = execute;
    }
  });
});

describe('a message sent again under the same client id', () => {
  let sender: TestUser;
  let recipient: TestUser;
  let conversation: string;
  beforeAll(async () => {
    [sender, recipient] = await Promise.all([
      createUser(t.app, { name: 'Lena', surname: 'Vogel' }),
      createUser(t.app, { name: 'Kerem', surname: 'Aydın' }),
    ]);
    ({ conversationId: conversation } = await sendChatMessage(
      t.app,
      sender,
      { recipientUserId: recipient.userId },
      'Hi',
    ));
  });

  const sendAs = (user: TestUser, clientMessageId: string, text = 'Is 10:00 fine?') =>
    t.app.inject({
      method: 'POST',
      url: chatUrl('send-message'),
      headers: user.headers,
      payload: { conversationId: conversation, text, clientMessageId },
    });
  const storedUnder = (clientMessageId: string) =>
    count(sql`select count(*)::int as n from messages where client_message_id = ${clientMessageId}`);

  it('is stored once and answered with the message stored the first time, telling the recipient nothing new', async () => {
    const first = await sendAs(sender, 'lost-answer-1');
    expect(first.statusCode, first.body).toBe(200);
    const notifications = sql`select count(*)::int as n from notifications where user_id = ${recipient.userId}`;
    const notifiedBefore = await count(notifications);
    const again = await sendAs(sender, 'lost-answer-1');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      id: first.json().id,
      createdAt: first.json().createdAt,
      text: 'Is 10:00 fine?',
      clientMessageId: 'lost-answer-1',
    });
    expect(await storedUnder('lost-answer-1')).toBe(1);
    expect(await count(notifications)).toBe(notifiedBefore);
  });

  it('is stored once when both sends arrive at the same moment', async () => {
    const [one, two] = await Promise.all([sendAs(recipient, 'double-tap'), sendAs(recipient, 'double-tap')]);
    expect([one?.statusCode, two?.statusCode]).toEqual([200, 200]);
    expect(one?.json().id).toBe(two?.json().id);
    expect(await storedUnder('double-tap')).toBe(1);
  });

  it('belongs to its sender: the other person may use the same id for a message of their own', async () => {
    const mine = await sendAs(sender, 'shared-id', 'From Lena');
    const theirs = await sendAs(recipient, 'shared-id', 'From Kerem');
    expect([mine.statusCode, theirs.statusCode]).toEqual([200, 200]);
    expect(theirs.json().id).not.toBe(mine.json().id);
    expect(theirs.json().text).toBe('From Kerem');
    expect(await storedUnder('shared-id')).toBe(2);
  });
});
