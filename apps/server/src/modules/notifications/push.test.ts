import type { PushSettings } from '@marco/contract/notifications';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { sendChatMessage } from '../../../test/chat.js';
import { createUser, readOutbox, type TestUser } from '../../../test/factories.js';
import { createApprovedGuide, findPlace, type TestGuide } from '../../../test/guide-factories.js';
import { OPS, payOnSandbox, putAction, requestReservation } from '../../../test/payment-factories.js';
import { startTestPushService, type TestBrowser, type TestPushService } from '../../../test/push-service.js';
import { pushSubscriptions } from '../../db/schema/index.js';
import { ManualClock } from '../../platform/clock.js';
import { sendReminders } from '../reservations/sweep.js';

const PUSH = '/api/app/push-notification-public';
/** A Monday; guides work Monday–Friday 9–17. */
const clock = new ManualClock('2026-06-01T06:00:00Z');

let t: TestApp;
let service: TestPushService;
let guide: TestGuide;
let tourist: TestUser;
let cityId: string;

const settingsOf = async (user: Pick<TestUser, 'headers'>): Promise<PushSettings> => {
  const response = await t.app.inject({ method: 'GET', url: `${PUSH}/settings`, headers: user.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

const subscribe = (user: Pick<TestUser, 'headers'>, browser: Pick<TestBrowser, 'subscription'>) =>
  t.app.inject({ method: 'POST', url: `${PUSH}/subscribe`, headers: user.headers, payload: browser.subscription });

async function subscribed(user: TestUser): Promise<TestBrowser> {
  const browser = service.newBrowser();
  const response = await subscribe(user, browser);
  expect(response.statusCode, response.body).toBe(200);
  return browser;
}

/** Chooses the language of the user's messages in settings. */
async function chooseLanguage(user: TestUser, locale: string) {
  const profile = await t.app.inject({ method: 'GET', url: '/api/account/my-profile', headers: user.headers });
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/account/my-profile',
    headers: user.headers,
    payload: { concurrencyStamp: profile.json().concurrencyStamp, locale },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect(saved.json().locale).toBe(locale);
}

const pushesTo = (browser: TestBrowser) => service.received.filter((push) => push.endpoint === browser.endpoint);
const lastPushTo = (browser: TestBrowser) => pushesTo(browser).at(-1)?.payload;

beforeAll(async () => {
  t = await createTestApp({ clock });
  const publicKey = t.app.deps.push.publicKey;
  if (!publicKey) throw new Error('push is off in the test app');
  service = await startTestPushService(publicKey);
  guide = await createApprovedGuide(t.app, t.database.db, { name: 'Gül', surname: 'Demir' });
  tourist = await createUser(t.app, { name: 'Tara', surname: 'Lind' });
  cityId = (await findPlace(t.app, 'istanbul')).cityId;
});

afterAll(async () => {
  await service?.close();
  await t?.close();
});

describe('push subscriptions', () => {
  it('answers the VAPID public key generated for the demo, and only to a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${PUSH}/settings` })).statusCode).toBe(401);
    const settings = await settingsOf(tourist);
    expect(settings.publicKey).toBe(t.app.deps.push.publicKey);
    expect(settings.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(Object.values(settings.preferences).every(Boolean)).toBe(true);
  });

  it('keeps one subscription per browser, which follows the account signed in on it', async () => {
    const someone = await createUser(t.app);
    const other = await createUser(t.app);
    const browser = await subscribed(someone);
    expect((await settingsOf(someone)).endpoints).toEqual([browser.endpoint]);
    expect((await subscribe(other, browser)).statusCode).toBe(200);
    expect((await settingsOf(someone)).endpoints).toEqual([]);
    expect((await settingsOf(other)).endpoints).toEqual([browser.endpoint]);
  });

  it('refuses a key that is not a P-256 point and a malformed subscription', async () => {
    const browser = service.newBrowser();
    const notAPoint = { ...browser.subscription, keys: { ...browser.subscription.keys, p256dh: `B${'A'.repeat(86)}` } };
    const bad = await subscribe(tourist, { subscription: notAPoint });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');
    const short = { ...browser.subscription, keys: { ...browser.subscription.keys, auth: 'abc' } };
    expect((await subscribe(tourist, { subscription: short })).statusCode).toBe(400);
  });

  it('lets nobody turn off push in another user’s browser', async () => {
    const owner = await createUser(t.app);
    const stranger = await createUser(t.app);
    const browser = await subscribed(owner);
    const response = await t.app.inject({
      method: 'POST',
      url: `${PUSH}/unsubscribe`,
      headers: stranger.headers,
      payload: { endpoint: browser.endpoint },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
    expect((await settingsOf(owner)).endpoints).toEqual([browser.endpoint]);
    const own = await t.app.inject({
      method: 'POST',
      url: `${PUSH}/unsubscribe`,
      headers: owner.headers,
      payload: { endpoint: browser.endpoint },
    });
    expect(own.json().endpoints).toEqual([]);
  });

  it('forgets the browsers of a deleted account', async () => {
    const leaving = await createUser(t.app);
    await subscribed(leaving);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/my-profile',
      headers: leaving.headers,
      payload: { password: leaving.password },
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    const rows = await t.database.db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, leaving.userId));
    expect(rows).toEqual([]);
  });
});

describe('pushes, signed with VAPID and encrypted (RFC 8291), in the language on the account', () => {
  it('tells the guide of a new request in the language chosen in settings, over the one last used', async () => {
    const browser = await subscribed(guide.user);
    // The guide uses the app in English (remembered as the last used) but chose German.
    await t.app.inject({
      method: 'GET',
      url: '/api/app/notification-public/get-unread-count',
      headers: { ...guide.user.headers, 'accept-language': 'en' },
    });
    await chooseLanguage(guide.user, 'de');
    const reservation = await requestReservation(t.app, tourist, guide, cityId, '2026-06-08');

    expect(service.rejected).toEqual([]);
    const [push] = pushesTo(browser);
    expect(push?.payload).toMatchObject({
      kind: 'reservation.requested',
      locale: 'de',
      title: 'Neue Anfrage von Tara Lind',
      url: `/de/guide-mode/${reservation.id}`,
      tag: `reservation:${reservation.id}`,
    });
    expect(push?.payload.body).toMatch(/Bitte innerhalb von 48 Stunden antworten$/);
    expect(push?.urgency).toBe('high');
    expect(push?.ttl).toBe(48 * 3600);
    expect(push?.claims.sub).toMatch(/^mailto:/);
    // The SMS (the guide has no e-mail address) is in German too.
    const sms = (await readOutbox(t.app)).filter((message) => message.recipient === guide.user.phone).at(-1);
    expect(sms?.text).toMatch(/^Marco: neue Buchungsanfrage von Tara Lind/);
  });

  it('tells the traveller of approval, payment, the 24-hour reminder and cancellation; rejection of another', async () => {
    const browser = await subscribed(tourist);
    await chooseLanguage(tourist, 'ar');
    const reservation = await requestReservation(t.app, tourist, guide, cityId, '2026-06-09');
    expect((await putAction(t.app, guide.user, reservation.id, 'accept-by-guide')).statusCode).toBe(200);
    expect(lastPushTo(browser)).toMatchObject({
      kind: 'reservation.approved',
      locale: 'ar',
      title: 'وافق Gül Demir على طلبك',
      url: `/ar/reservations/${reservation.id}`,
    });
    await payOnSandbox(t.app, tourist, reservation.id);
    expect(lastPushTo(browser)).toMatchObject({ kind: 'reservation.paid', title: 'تم دفع الحجز' });

    clock.set('2026-06-08T12:00:00Z');
    await sendReminders(t.app.deps);
    expect(lastPushTo(browser)).toMatchObject({ kind: 'reservation.reminder', title: 'تذكير: جولة مع Gül Demir' });
    expect(lastPushTo(browser)?.body).toMatch(/نقطة اللقاء: Galata Tower entrance$/);

    const cancelled = await putAction(t.app, tourist, reservation.id, 'cancel-by-tourist', {
      reasonKey: 'plans_changed',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // The guide, who chose German, hears of it in German.
    const guidePush = service.received.filter((push) => push.payload.kind === 'reservation.cancelled');
    expect(guidePush.map((push) => push.payload.title).sort()).toEqual(['Buchung storniert', 'تم إلغاء الحجز']);

    const declined = await requestReservation(t.app, tourist, guide, cityId, '2026-06-10');
    const rejected = await t.app.inject({
      method: 'PUT',
      url: `${OPS}/${declined.id}/reject-by-guide`,
      headers: guide.user.headers,
      payload: { reason: 'Fully booked' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(lastPushTo(browser)).toMatchObject({ kind: 'reservation.rejected', title: 'رفض Gül Demir طلبك' });
    expect(service.rejected).toEqual([]);
  });

  it('sends nothing for an event turned off in settings', async () => {
    const traveller = await createUser(t.app, { name: 'Mia' });
    const browser = await subscribed(traveller);
    const muted = await t.app.inject({
      method: 'PUT',
      url: `${PUSH}/preferences`,
      headers: traveller.headers,
      payload: { 'reservation.approved': false },
    });
    expect(muted.json().preferences).toMatchObject({ 'reservation.approved': false, 'reservation.paid': true });
    const reservation = await requestReservation(t.app, traveller, guide, cityId, '2026-06-11');
    expect((await putAction(t.app, guide.user, reservation.id, 'accept-by-guide')).statusCode).toBe(200);
    expect(pushesTo(browser)).toEqual([]);
  });

  it('forgets a browser the push service answers 410 Gone for, and keeps the account’s others', async () => {
    const traveller = await createUser(t.app, { name: 'Noah' });
    const gone = await subscribed(traveller);
    const kept = await subscribed(traveller);
    service.answerNext(gone, 410);
    const reservation = await requestReservation(t.app, traveller, guide, cityId, '2026-06-12');
    expect((await putAction(t.app, guide.user, reservation.id, 'accept-by-guide')).statusCode).toBe(200);
    expect(lastPushTo(kept)).toMatchObject({ kind: 'reservation.approved', locale: 'en' });
    const rows = await t.database.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, traveller.userId));
    expect(rows.map((row) => row.endpoint)).toEqual([kept.endpoint]);
  });

  it('tells of a new message with the text the recipient may read (contact details masked before payment)', async () => {
    const guideBrowser = await subscribed(guide.user);
    const traveller = await createUser(t.app, { name: 'Lea', surname: 'Roth' });
    const message = await sendChatMessage(
      t.app,
      traveller,
      { recipientUserId: guide.user.userId },
      'Call me: +90 555 123 45 67',
    );
    const push = lastPushTo(guideBrowser);
    expect(push).toMatchObject({
      kind: 'message.received',
      locale: 'de',
      title: 'Nachricht von Lea Roth',
      url: `/de/messages/${message.conversationId}`,
      conversationId: message.conversationId,
      tag: `conversation:${message.conversationId}`,
    });
    expect(push?.body).toMatch(/^Call me: /);
    expect(push?.body).not.toMatch(/555|45 67/);
  });
});
