import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app.js';
import { chatUrl } from './chat.js';
import { createUser, type TestUser } from './factories.js';
import { createApprovedGuide, createStaff, type TestGuide } from './guide-factories.js';
import { insertReservation } from './review-factories.js';

// WCAG 3.1.2: user-written text keeps the language it was written in, so readers can mark it
// with lang. The writer's interface language (cookie `locale`, then Accept-Language) is the one stored.

let t: TestApp;
let guide: TestGuide;
let tourist: TestUser;

const as = (user: TestUser, extra: Record<string, string>) => ({ ...user.headers, ...extra });

beforeAll(async () => {
  t = await createTestApp();
  const staff = await createStaff(t.app, t.database.db);
  guide = await createApprovedGuide(t.app, t.database.db, { staff, name: 'Lucía', surname: 'García' });
  tourist = await createUser(t.app, { name: 'Hans', surname: 'Becker' });
});

afterAll(async () => {
  await t?.close();
});

describe('the language of what users write', () => {
  it('stores a review in the locale cookie language and its reply in the Accept-Language one', async () => {
    const reservationId = await insertReservation(t.database.db, { guideId: guide.guideId, touristId: tourist.userId });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/app/review-public/create',
      headers: as(tourist, { cookie: 'locale=de', 'accept-language': 'en' }),
      payload: { reservationId, rating: 5, comment: 'Eine wunderbare Führung durch die Altstadt.' },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().language).toBe('de');

    const replied = await t.app.inject({
      method: 'POST',
      url: `/api/app/review-public/${created.json().id}/reply`,
      headers: as(guide.user, { 'accept-language': 'es-ES,es;q=0.9,en;q=0.5' }),
      payload: { comment: '¡Muchas gracias, Hans!' },
    });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json().reply).toMatchObject({ comment: '¡Muchas gracias, Hans!', language: 'es' });

    const list = await t.app.inject({ method: 'GET', url: `/api/app/review-public/guide/${guide.guideId}` });
    expect(list.json().data[0]).toMatchObject({ language: 'de', reply: { language: 'es' } });
  });

  it("stores a guide's bio with its language, and forgets it with the bio", async () => {
    const update = (about: string, headers: Record<string, string>) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/app/user-guide-operation-public/update-user-guide',
        headers: as(guide.user, headers),
        payload: { about },
      });
    const detail = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/app/user-detail-public/get-guide-user-detail-with-id/${guide.guideId}`,
        })
      ).json();

    const written = await update('Soy guía en Sevilla desde hace diez años.', { cookie: 'locale=es' });
    expect(written.statusCode, written.body).toBe(200);
    expect(written.json()).toMatchObject({ about: 'Soy guía en Sevilla desde hace diez años.', aboutLanguage: 'es' });
    expect(await detail()).toMatchObject({ aboutLanguage: 'es' });

    await update('', { cookie: 'locale=es' });
    expect(await detail()).toMatchObject({ about: null, aboutLanguage: null });
  });

  it('stores a chat message with its language, in the conversation and its list', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: chatUrl('send-message'),
      headers: as(tourist, { cookie: 'locale=ar' }),
      payload: { recipientUserId: guide.user.userId, text: 'مرحبا، هل أنت متاح غدا؟' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().language).toBe('ar');

    const unknown = await t.app.inject({
      method: 'POST',
      url: chatUrl('send-message'),
      headers: tourist.headers,
      payload: { conversationId: sent.json().conversationId, text: '👍' },
    });
    expect(unknown.json().language).toBeNull();

    const conversation = await t.app.inject({
      method: 'GET',
      url: `${chatUrl('get-conversation')}?id=${sent.json().conversationId}`,
      headers: guide.user.headers,
    });
    expect(conversation.json().messages.map((message: { language: string | null }) => message.language)).toEqual([
      null,
      'ar',
    ]);
    const list = await t.app.inject({ method: 'GET', url: chatUrl('get-conversations'), headers: guide.user.headers });
    expect(list.json().data[0].lastMessage).toMatchObject({ text: '👍', language: null });
  });
});
