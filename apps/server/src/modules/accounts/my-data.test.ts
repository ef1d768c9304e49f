import { LEGAL_VERSIONS } from '@marco/contract/legal';
import type { MyDataExport } from '@marco/contract/my-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { sendChatMessage } from '../../../test/chat.js';
import { createUser, newIp, type TestUser } from '../../../test/factories.js';
import { createApprovedGuide, findPlace, type TestGuide } from '../../../test/guide-factories.js';
import { payOnSandbox, putAction } from '../../../test/payment-factories.js';
import { reviews } from '../../db/schema/reviews.js';
import { ManualClock } from '../../platform/clock.js';
import { uuidv7 } from '../../platform/uuid-v7.js';

/** Monday 1 June 2026; the guide works Monday–Friday 9–17. */
const clock = new ManualClock('2026-06-01T06:00:00Z');
let t: TestApp;
let guide: TestGuide;
let traveller: TestUser;
let stranger: TestUser;
let cityId: string;
let travellerReservationId: string;

const MY_DATA = '/api/account/my-data';
const download = async (user: TestUser) => {
  const response = await t.app.inject({ method: 'GET', url: MY_DATA, headers: user.headers });
  expect(response.statusCode, response.body).toBe(200);
  return { response, data: response.json() as MyDataExport };
};

async function reserve(user: TestUser, date: string, contactEmail: string, noteToGuide: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/app/reservation-operations-public/create',
    headers: user.headers,
    payload: {
      guideId: guide.guideId,
      cityId,
      dates: [date],
      startHour: 10,
      endHour: 12,
      meetingPoint: 'Karaköy pier',
      noteToGuide,
      contactPhone: user.phone,
      contactEmail,
      currency: 'USD',
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: string };
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  guide = await createApprovedGuide(t.app, t.database.db, { name: 'Mehmet', surname: 'Kaya' });
  traveller = await createUser(t.app, { name: 'Lena', surname: 'Vogel' });
  stranger = await createUser(t.app, { name: 'Piotr', surname: 'Nowak' });
  cityId = (await findPlace(t.app, 'istanbul')).cityId;

  travellerReservationId = (await reserve(traveller, '2026-06-03', 'lena@example.com', 'Lena likes mosques')).id;
  await reserve(stranger, '2026-06-04', 'piotr-private@example.com', 'Piotr needs a wheelchair');

  const approved = await putAction(t.app, guide.user, travellerReservationId, 'accept-by-guide');
  expect(approved.statusCode, approved.body).toBe(200);
  await payOnSandbox(t.app, traveller, travellerReservationId);

  await sendChatMessage(t.app, traveller, { recipientUserId: guide.user.userId }, 'Lena asks about the pier');
  await sendChatMessage(t.app, guide.user, { recipientUserId: traveller.userId }, 'Mehmet answers Lena');
  await sendChatMessage(t.app, stranger, { recipientUserId: guide.user.userId }, 'Piotr secret question');

  const address = await t.app.inject({
    method: 'POST',
    url: '/api/app/address-public/create-user-address',
    headers: traveller.headers,
    payload: { countryId: (await findPlace(t.app, 'istanbul')).countryId, street: 'Lena Street 7' },
  });
  expect(address.statusCode, address.body).toBe(200);

  const kept = await t.app.inject({
    method: 'PUT',
    url: `/api/app/favourite-public/guides/${guide.guideId}`,
    headers: traveller.headers,
  });
  expect(kept.statusCode, kept.body).toBe(200);
  const feed = await t.app.inject({
    method: 'POST',
    url: '/api/app/calendar-public/guide-feed',
    headers: guide.user.headers,
    payload: {},
  });
  expect(feed.statusCode, feed.body).toBe(200);

  await t.app.inject({
    method: 'PUT',
    url: '/api/app/consent-public/my-consent',
    headers: traveller.headers,
    payload: {
      choices: { personalisation: false, marketing: true, profiling: false },
      version: LEGAL_VERSIONS.cookies,
    },
  });
  for (const [user, email, message] of [
    [traveller, 'lena@example.com', 'Lena cannot find her booking confirmation.'],
    [stranger, 'piotr-private@example.com', 'Piotr wants to change his booking time.'],
  ] as const) {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/app/support-public/contact',
      headers: user.headers,
      payload: { topic: 'reservation', message, email, page: '/en/about' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
  }

  await t.database.db.insert(reviews).values({
    id: uuidv7(),
    reservationId: travellerReservationId,
    guideId: guide.guideId,
    touristId: traveller.userId,
    rating: 5,
    comment: 'Mehmet knew every corner of Balat.',
    createdAt: clock.now(),
  });
});
afterAll(() => t.close());

describe('download my data (GET /api/account/my-data)', () => {
  it('gives a traveller their profile, reservations, messages, consents, support messages and reviews as a file', async () => {
    const { response, data } = await download(traveller);
    expect(response.headers['content-disposition']).toBe('attachment; filename="marco-my-data-2026-06-01.json"');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(data).toMatchObject({ format: 'marco-my-data', formatVersion: 1 });
    expect(data.profile).toMatchObject({ id: traveller.userId, phoneNumber: traveller.phone, name: 'Lena' });
    expect(data.profile).not.toHaveProperty('passwordHash');
    expect(data.addresses).toEqual([expect.objectContaining({ street: 'Lena Street 7' })]);
    expect(data.favourites).toEqual([expect.objectContaining({ guideId: guide.guideId, guideName: 'Mehmet Kaya' })]);
    expect(data.calendarFeed).toBeNull();
    expect(data.consents.terms).toMatchObject({ version: LEGAL_VERSIONS.terms });
    expect(data.consents.privacy).toMatchObject({ version: LEGAL_VERSIONS.privacy });
    expect(data.consents.cookies).toEqual([
      expect.objectContaining({ choices: { personalisation: false, marketing: true, profiling: false } }),
    ]);
    expect(data.reservations.asTraveller).toEqual([
      expect.objectContaining({
        id: travellerReservationId,
        contactEmail: 'lena@example.com',
        noteToGuide: 'Lena likes mosques',
        guideName: 'Mehmet Kaya',
      }),
    ]);
    expect(data.reservations.asGuide).toEqual([]);
    expect(data.payments).toEqual([
      expect.objectContaining({ reservationId: travellerReservationId, status: 'paid', provider: 'sandbox' }),
    ]);
    expect(data.payments[0]).not.toHaveProperty('checkoutUrl');
    expect(data.ledger).toEqual([]);
    expect(data.guideProfile).toBeNull();
    expect(data.conversations).toEqual([expect.objectContaining({ withName: 'Mehmet Kaya' })]);
    expect(data.messages.map((message) => message.text)).toEqual(['Lena asks about the pier']);
    expect(data.supportMessages).toEqual([
      expect.objectContaining({ message: 'Lena cannot find her booking confirmation.' }),
    ]);
    expect(data.reviews.written).toEqual([
      expect.objectContaining({ comment: 'Mehmet knew every corner of Balat.', guideName: 'Mehmet Kaya' }),
    ]);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(JSON.stringify(data.sessions)).not.toMatch(/token/i);
  });

  it('holds nothing of another user beyond a display name', async () => {
    const { response } = await download(traveller);
    for (const foreign of [
      stranger.userId,
      stranger.phone,
      'Piotr',
      'piotr-private@example.com',
      'Mehmet answers Lena',
      guide.user.phone,
      guide.user.userId,
    ]) {
      expect(response.body).not.toContain(foreign);
    }
  });

  it("gives a guide their guide profile and both sides' reservations without travellers' contact details", async () => {
    const { response, data } = await download(guide.user);
    expect(data.guideProfile).toMatchObject({ id: guide.guideId, status: 'approved' });
    expect(data.guideProfile).not.toHaveProperty('reviewedBy');
    // The feed's state, never its secret address.
    expect(data.calendarFeed).toMatchObject({ tokenHint: expect.any(String), lastReadAt: null });
    expect(JSON.stringify(data.calendarFeed)).not.toMatch(/token=|tokenHash/);
    expect(data.favourites).toEqual([]);
    expect(data.reservations.asGuide.map((reservation) => reservation.travellerName).sort()).toEqual([
      'Lena Vogel',
      'Piotr Nowak',
    ]);
    expect(data.reviews.received).toEqual([expect.objectContaining({ rating: 5, travellerName: 'Lena V.' })]);
    expect(data.messages.map((message) => message.text)).toEqual(['Mehmet answers Lena']);
    expect(data.conversations.map((conversation) => conversation.withName).sort()).toEqual([
      'Lena Vogel',
      'Piotr Nowak',
    ]);
    for (const foreign of [
      'piotr-private@example.com',
      'lena@example.com',
      'Piotr needs a wheelchair',
      'Piotr secret question',
      'Lena asks about the pier',
      traveller.phone,
      stranger.phone,
      traveller.userId,
      stranger.userId,
    ]) {
      expect(response.body).not.toContain(foreign);
    }
  });

  it('refuses visitors', async () => {
    const response = await t.app.inject({ method: 'GET', url: MY_DATA, headers: { 'x-forwarded-for': newIp() } });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHORIZED');
  });
});
