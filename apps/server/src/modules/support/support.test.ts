import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createUser, newIp, readOutbox } from '../../../test/factories.js';
import { supportMessages } from '../../db/schema/index.js';
import { eraseSupportMessagesOf } from './erase-support-messages.js';
import { SUPPORT_CONTACT_LIMIT } from './send-support-message.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const valid = {
  topic: 'reservation',
  message: 'My reservation on 12 December shows the wrong meeting point.',
  email: 'traveller@example.com',
  page: '/en/about#support',
};

const contact = (payload: object, headers: Record<string, string> = { 'x-forwarded-for': newIp() }) =>
  t.app.inject({ method: 'POST', url: '/api/app/support-public/contact', headers, payload });

describe('support contact (support-public/contact)', () => {
  it("stores a visitor's message and mails it to the staff address", async () => {
    const response = await contact(valid, { 'x-forwarded-for': newIp(), 'accept-language': 'tr' });
    expect(response.statusCode, response.body).toBe(200);
    const { id } = response.json();
    const [row] = await t.database.db.select().from(supportMessages).where(eq(supportMessages.id, id));
    expect(row).toMatchObject({ userId: null, ...valid, locale: 'tr' });

    const mail = (await readOutbox(t.app)).findLast(
      (entry) => entry.channel === 'email' && entry.recipient === t.app.deps.config.SUPPORT_EMAIL,
    );
    expect(mail?.text).toContain(valid.message);
    expect(mail?.text).toContain('Reply to traveller@example.com.');
    expect(mail?.text).toContain(`Reference: ${id}`);
  });

  it('links the message to a signed-in sender', async () => {
    const user = await createUser(t.app);
    const response = await contact({ ...valid, topic: 'account' }, user.headers);
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await t.database.db.select().from(supportMessages).where(eq(supportMessages.id, response.json().id));
    expect(row?.userId).toBe(user.userId);
  });

  it("erases a member's messages, and only theirs, when the account is deleted", async () => {
    const [leaving, staying] = [await createUser(t.app), await createUser(t.app)];
    for (const user of [leaving, staying]) expect((await contact(valid, user.headers)).statusCode).toBe(200);
    expect(await eraseSupportMessagesOf(t.database.db, leaving.userId)).toBe(1);
    const left = await t.database.db.select().from(supportMessages).where(eq(supportMessages.userId, leaving.userId));
    const kept = await t.database.db.select().from(supportMessages).where(eq(supportMessages.userId, staying.userId));
    expect([left.length, kept.length]).toEqual([0, 1]);
  });

  it('refuses a missing or bad field and names it', async () => {
    const cases: Array<[object, string]> = [
      [{ ...valid, topic: 'weather' }, 'body.topic'],
      [{ ...valid, message: 'Too short' }, 'body.message'],
      [{ ...valid, message: 'x'.repeat(4001) }, 'body.message'],
      [{ ...valid, email: 'not-an-address' }, 'body.email'],
      [{ topic: valid.topic, message: valid.message, page: valid.page }, 'body.email'],
    ];
    for (const [payload, path] of cases) {
      const response = await contact(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
      expect(response.json().error.details.issues.map((issue: { path: string }) => issue.path)).toContain(path);
    }
  });

  it('limits messages per caller address with 429 and Retry-After, leaving other addresses alone', async () => {
    const headers = { 'x-forwarded-for': newIp() };
    for (let index = 0; index < SUPPORT_CONTACT_LIMIT.limit; index++) {
      expect((await contact(valid, headers)).statusCode).toBe(200);
    }
    const refused = await contact(valid, headers);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await contact(valid)).statusCode).toBe(200);
  });
});
