import type { ModerationItemDetail, StaffUserDetail } from '@marco/contract/moderation';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { sendChatMessage } from '../../../test/chat.js';
import { createUser, ownSite, readOutbox, signInWithCookie, type TestUser } from '../../../test/factories.js';
import { createApprovedGuide, type TestGuide } from '../../../test/guide-factories.js';
import { insertReservation } from '../../../test/review-factories.js';
import { createStaff, STAFF_API, type TestStaff } from '../../../test/staff-factories.js';
import { guides, moderationReports } from '../../db/schema/index.js';

const REPORTS = '/api/app/moderation/reports';
const QUEUE = `${STAFF_API}/moderation`;
const USERS = `${STAFF_API}/users`;
const SEARCH = '/api/app/search-public/search-guides-public';
const PROFILE = (id: string) => `/api/app/user-detail-public/get-guide-user-detail-with-id/${id}`;

let t: TestApp;
let traveller: TestUser;
let other: TestUser;
let guide: TestGuide;
let support: TestStaff;
let finance: TestStaff;
let notEnrolled: TestStaff;

beforeAll(async () => {
  t = await createTestApp();
  [traveller, other, support, finance, notEnrolled] = await Promise.all([
    createUser(t.app, { name: 'Tara' }),
    createUser(t.app, { name: 'Omar' }),
    createStaff(t.app, t.database.db, { roles: ['support'], name: 'Sena' }),
    createStaff(t.app, t.database.db, { roles: ['finance'] }),
    createStaff(t.app, t.database.db, { roles: ['support'], enrol: false }),
  ]);
  guide = await createApprovedGuide(t.app, t.database.db, { staff: support, name: 'Deniz' });
}, 120_000);
afterAll(() => t.close());

const report = (user: Pick<TestUser, 'headers'> | null, payload: object) =>
  t.app.inject({ method: 'POST', url: REPORTS, headers: user?.headers ?? {}, payload });

async function reviewOf(tourist: TestUser, of: TestGuide, rating: number, comment: string): Promise<string> {
  const reservationId = await insertReservation(t.database.db, { guideId: of.guideId, touristId: tourist.userId });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/app/review-public/create',
    headers: tourist.headers,
    payload: { reservationId, rating, comment },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id;
}

async function openItemOf(targetId: string): Promise<ModerationItemDetail> {
  const queue = await t.app.inject({ method: 'GET', url: `${QUEUE}?pageSize=100`, headers: support.headers });
  expect(queue.statusCode, queue.body).toBe(200);
  const item = queue.json().data.find((entry: { targetId: string }) => entry.targetId === targetId);
  expect(item, `no open item for ${targetId}`).toBeDefined();
  return item;
}

const decide = (id: string, decision: string, note?: string) =>
  t.app.inject({
    method: 'POST',
    url: `${QUEUE}/${id}/decide`,
    headers: support.headers,
    payload: { decision, ...(note ? { note } : {}) },
  });

async function searchIds(): Promise<string[]> {
  await t.app.deps.searchGeneration.sync();
  const response = await t.app.inject({ method: 'POST', url: SEARCH, payload: { pageSize: 50 } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.map((card: { id: string }) => card.id);
}

const inReadModel = async (id: string) =>
  (await t.database.db.execute(sql`select 1 from search_guides where id = ${id}`)).rows.length === 1;

const guideRating = async (id: string) => {
  const [row] = await t.database.db
    .select({ rating: guides.rating, reviewCount: guides.reviewCount })
    .from(guides)
    .where(eq(guides.id, id));
  const read = await t.database.db.execute<{ rating: string | null; review_count: number }>(
    sql`select rating::text, review_count from search_guides where id = ${id}`,
  );
  return { ...row, search: read.rows[0] };
};

describe('staff moderation routes check the role on the server', () => {
  const routes = (): Array<[string, 'GET' | 'POST', string, object | undefined]> => [
    ['queue', 'GET', QUEUE, undefined],
    ['item', 'GET', `${QUEUE}/${crypto.randomUUID()}`, undefined],
    ['decide', 'POST', `${QUEUE}/${crypto.randomUUID()}/decide`, { decision: 'dismiss' }],
    ['users', 'GET', USERS, undefined],
    ['user', 'GET', `${USERS}/${traveller.userId}`, undefined],
    ['suspend', 'POST', `${USERS}/${traveller.userId}/suspend`, { reason: 'x' }],
    ['reinstate', 'POST', `${USERS}/${traveller.userId}/reinstate`, undefined],
  ];

  it('answers 401 to a visitor and 403 to a traveller, a guide, finance and support without the second factor', async () => {
    for (const [name, method, url, payload] of routes()) {
      const options = { method, url, ...(payload ? { payload } : {}) };
      expect((await t.app.inject(options)).statusCode, `${name} visitor`).toBe(401);
      for (const [who, user] of [
        ['traveller', traveller],
        ['guide', guide.user],
        ['finance', finance],
        ['no second factor', notEnrolled],
      ] as const) {
        const response = await t.app.inject({ ...options, headers: user.headers });
        expect(response.statusCode, `${name} ${who}: ${response.body}`).toBe(403);
        expect(response.json().error.code).toBe('FORBIDDEN');
      }
    }
  });
});

describe('reports', () => {
  it('takes a report once per user and item; the second answers 409, also straight at the database', async () => {
    const first = await report(traveller, {
      targetType: 'guide',
      targetId: guide.guideId,
      reason: 'scam',
      text: 'Asked me to pay cash',
    });
    expect(first.statusCode, first.body).toBe(201);
    const again = await report(traveller, { targetType: 'guide', targetId: guide.user.userId, reason: 'spam' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('CONFLICT');
    const fromOther = await report(other, { targetType: 'guide', targetId: guide.guideId, reason: 'spam' });
    expect(fromOther.statusCode).toBe(201);

    const item = await openItemOf(guide.guideId);
    expect(item).toMatchObject({ targetType: 'guide', reportCount: 2, author: { userId: guide.user.userId } });
    const [row] = await t.database.db.select().from(moderationReports).where(eq(moderationReports.id, first.json().id));
    await expect(
      t.database.db
        .insert(moderationReports)
        .values({ ...(row as typeof moderationReports.$inferSelect), id: crypto.randomUUID() }),
    ).rejects.toThrow();
    const dismissed = await decide(item.id, 'dismiss');
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect((await decide(item.id, 'hide')).statusCode).toBe(409);
  });

  it('refuses a visitor (401), oneself (400) and what does not exist (404)', async () => {
    expect((await report(null, { targetType: 'user', targetId: other.userId, reason: 'spam' })).statusCode).toBe(401);
    const self = await report(traveller, { targetType: 'user', targetId: traveller.userId, reason: 'spam' });
    expect(self.statusCode).toBe(400);
    const missing = await report(traveller, { targetType: 'review', targetId: crypto.randomUUID(), reason: 'spam' });
    expect(missing.statusCode).toBe(404);
    const badReason = await report(traveller, { targetType: 'user', targetId: other.userId, reason: 'boring' });
    expect(badReason.statusCode).toBe(400);
  });

  it('lets only the people of a conversation report its message', async () => {
    const message = await sendChatMessage(
      t.app,
      other,
      { recipientUserId: traveller.userId },
      'Send me your card number',
    );
    const outsider = await report(guide.user, { targetType: 'message', targetId: message.id, reason: 'scam' });
    expect(outsider.statusCode).toBe(404);
    const recipient = await report(traveller, { targetType: 'message', targetId: message.id, reason: 'scam' });
    expect(recipient.statusCode, recipient.body).toBe(201);

    const item = await openItemOf(message.id);
    expect(item.content).toMatchObject({ text: 'Send me your card number', conversationId: message.conversationId });
    expect((await decide(item.id, 'hide')).statusCode).toBe(200);
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/app/chat-conversation-public/get-conversation?id=${message.conversationId}`,
      headers: traveller.headers,
    });
    const shown = page.json().messages.find((entry: { id: string }) => entry.id === message.id);
    expect(shown).toMatchObject({ text: null, isDeleted: true });
  });
});

describe('warning', () => {
  it('tells the warned author in their language, with the note and the community rules', async () => {
    const message = await sendChatMessage(t.app, other, { recipientUserId: traveller.userId }, 'Pay me in cash only');
    expect((await report(traveller, { targetType: 'message', targetId: message.id, reason: 'scam' })).statusCode).toBe(
      201,
    );
    const item = await openItemOf(message.id);
    const warned = await decide(item.id, 'warn', 'Payments go through Marco.');
    expect(warned.statusCode, warned.body).toBe(200);
    expect(warned.json()).toMatchObject({ status: 'warned' });
    const sms = (await readOutbox(t.app)).findLast(
      (entry) => entry.channel === 'sms' && entry.recipient === other.phone,
    );
    expect(sms?.text).toMatch(/^Marco: you have received a warning for breaking the community rules\./);
    expect(sms?.text).toContain('/en/policy/community');
    const notices = await t.app.inject({
      method: 'GET',
      url: '/api/app/notification-public/get-notifications',
      headers: other.headers,
    });
    expect(notices.json().data[0]).toMatchObject({ kind: 'account.warned', payload: { itemId: item.id } });
  });
});

describe('hiding', () => {
  it("takes a hidden review out of the guide's rating, the read model and the list in the decision's transaction", async () => {
    const rated = await createApprovedGuide(t.app, t.database.db, { staff: support, name: 'Ece' });
    await reviewOf(traveller, rated, 5, 'Wonderful day');
    const insulting = await reviewOf(other, rated, 1, 'An insult');
    expect(await guideRating(rated.guideId)).toMatchObject({
      rating: 3,
      reviewCount: 2,
      search: { rating: '3.0', review_count: 2 },
    });

    expect(
      (await report(rated.user, { targetType: 'review', targetId: insulting, reason: 'harassment' })).statusCode,
    ).toBe(201);
    const item = await openItemOf(insulting);
    expect(item.content).toMatchObject({ text: 'An insult', rating: 1, guideId: rated.guideId });
    const hidden = await decide(item.id, 'hide', 'Insult');
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({ status: 'hidden', content: { isHidden: true }, decisionNote: 'Insult' });

    expect(await guideRating(rated.guideId)).toMatchObject({
      rating: 5,
      reviewCount: 1,
      search: { rating: '5.0', review_count: 1 },
    });
    const list = await t.app.inject({ method: 'GET', url: `/api/app/review-public/guide/${rated.guideId}` });
    expect(list.json().data.map((entry: { id: string }) => entry.id)).not.toContain(insulting);
    const again = await report(traveller, { targetType: 'review', targetId: insulting, reason: 'spam' });
    expect(again.statusCode).toBe(404);

    const audit = await t.database.db.execute<{ action: string; actor_user_id: string }>(
      sql`select action, actor_user_id from audit_log where target_type = 'moderation_item' and target_id = ${item.id}`,
    );
    expect(audit.rows).toEqual([{ action: 'moderation.hide', actor_user_id: support.userId }]);
  });

  it("hides a guide's reply and keeps the review", async () => {
    const reviewId = await reviewOf(traveller, guide, 4, 'Good');
    const replied = await t.app.inject({
      method: 'POST',
      url: `/api/app/review-public/${reviewId}/reply`,
      headers: guide.user.headers,
      payload: { comment: 'You were late, idiot' },
    });
    expect(replied.statusCode).toBe(200);
    expect(
      (await report(traveller, { targetType: 'review_reply', targetId: reviewId, reason: 'harassment' })).statusCode,
    ).toBe(201);
    const item = (await t.app.inject({ method: 'GET', url: `${QUEUE}?pageSize=100`, headers: support.headers }))
      .json()
      .data.find(
        (entry: { targetType: string; targetId: string }) =>
          entry.targetType === 'review_reply' && entry.targetId === reviewId,
      );
    expect(item.content).toMatchObject({ text: 'You were late, idiot', inReplyTo: 'Good' });
    expect((await decide(item.id, 'hide')).statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: `/api/app/review-public/guide/${guide.guideId}` });
    expect(list.json().data.find((entry: { id: string }) => entry.id === reviewId)).toMatchObject({ reply: null });
  });
});

describe('suspension', () => {
  it("ends a suspended guide's cookie and bearer sessions, refuses sign-in, and takes the guide out of search and profiles until reinstated", async () => {
    const suspect = await createApprovedGuide(t.app, t.database.db, { staff: support, name: 'Kaan' });
    const cookie = await signInWithCookie(t.app, suspect.user);
    const cookieHeaders = { cookie: `marco_session=${cookie}`, ...ownSite(t.app) };
    const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/auth/session', headers });
    expect((await me(cookieHeaders)).statusCode).toBe(200);
    expect(await searchIds()).toContain(suspect.guideId);

    expect(
      (await report(traveller, { targetType: 'user', targetId: suspect.user.userId, reason: 'harassment' })).statusCode,
    ).toBe(201);
    const item = await openItemOf(suspect.user.userId);
    const suspended = await decide(item.id, 'suspend', 'Threatened a traveller');
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json()).toMatchObject({ status: 'suspended', author: { isSuspended: true } });

    const bearerCall = await t.app.inject({
      method: 'GET',
      url: '/api/account/my-profile',
      headers: suspect.user.headers,
    });
    expect(bearerCall.statusCode).toBe(401);
    expect((await me(cookieHeaders)).statusCode).toBe(401);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-forwarded-for': suspect.user.ip, ...ownSite(t.app) },
      payload: { phoneNumber: suspect.user.phone, password: suspect.user.password, rememberMe: false },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().error.code).toBe('ACCOUNT_SUSPENDED');
    const token = await t.app.inject({
      method: 'POST',
      url: '/connect/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': suspect.user.ip },
      payload: new URLSearchParams({
        grant_type: 'password',
        client_id: 'Mobile',
        username: suspect.user.phone,
        password: suspect.user.password,
      }).toString(),
    });
    expect(token.json()).toMatchObject({ error: 'invalid_grant', error_code: 'ACCOUNT_SUSPENDED' });
    const wrongPassword = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-forwarded-for': suspect.user.ip, ...ownSite(t.app) },
      payload: { phoneNumber: suspect.user.phone, password: 'not-the-password-1', rememberMe: false },
    });
    expect(wrongPassword.json().error.code).toBe('INVALID_CREDENTIALS');

    expect(await searchIds()).not.toContain(suspect.guideId);
    expect(await inReadModel(suspect.guideId)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: PROFILE(suspect.guideId) })).statusCode).toBe(404);

    const detail = await t.app.inject({
      method: 'GET',
      url: `${USERS}/${suspect.user.userId}`,
      headers: support.headers,
    });
    expect(detail.statusCode).toBe(200);
    const account: StaffUserDetail = detail.json();
    expect(account).toMatchObject({ suspensionReason: 'Threatened a traveller', guide: { status: 'suspended' } });
    expect(account.reportsAgainst).toMatchObject([{ itemId: item.id, reason: 'harassment', status: 'suspended' }]);
    expect(account.staffActions.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['user.suspend', 'moderation.suspend', 'guide.approve']),
    );
    expect(detail.body).not.toMatch(/password|argon|totp|secret/i);

    const twice = await t.app.inject({
      method: 'POST',
      url: `${USERS}/${suspect.user.userId}/suspend`,
      headers: support.headers,
      payload: { reason: 'Again' },
    });
    expect(twice.statusCode).toBe(409);

    const reinstated = await t.app.inject({
      method: 'POST',
      url: `${USERS}/${suspect.user.userId}/reinstate`,
      headers: support.headers,
    });
    expect(reinstated.statusCode, reinstated.body).toBe(200);
    expect(reinstated.json()).toMatchObject({ suspendedAt: null, guide: { status: 'approved' } });
    // Coming back waits for the answers' bounded age (decision 012); the read model has it at once.
    expect(await inReadModel(suspect.guideId)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: PROFILE(suspect.guideId) })).statusCode).toBe(200);
    expect(await signInWithCookie(t.app, suspect.user)).toEqual(expect.any(String));
    expect((await me(cookieHeaders)).statusCode).toBe(401);
  });

  it('leaves staff accounts to an admin (403) and finds users by name and phone', async () => {
    const staffSuspend = await t.app.inject({
      method: 'POST',
      url: `${USERS}/${finance.userId}/suspend`,
      headers: support.headers,
      payload: { reason: 'No' },
    });
    expect(staffSuspend.statusCode).toBe(403);

    const byName = await t.app.inject({ method: 'GET', url: `${USERS}?q=oma`, headers: support.headers });
    expect(byName.json().data.map((user: { id: string }) => user.id)).toContain(other.userId);
    const byPhone = await t.app.inject({
      method: 'GET',
      url: `${USERS}?q=${encodeURIComponent(other.phone)}`,
      headers: support.headers,
    });
    expect(byPhone.json()).toMatchObject({ total: 1, data: [{ id: other.userId }] });
  });
});
