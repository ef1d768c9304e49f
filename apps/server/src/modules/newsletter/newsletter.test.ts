import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { newsletterSubscriptions } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const subscribe = (body: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/app/newsletter-public/subscribe', payload: body as object });

const outbox = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/dev/outbox' })).json().data as Array<{
    recipient: string;
    subject: string;
    text: string;
  }>;

const linkIn = (text: string, action: string) => {
  const match = text.match(new RegExp(`http://localhost:\\d+(/api/app/newsletter-public/${action}\\?token=[^\\s]+)`));
  if (!match?.[1]) throw new Error(`no ${action} link in: ${text}`);
  return match[1];
};

describe('newsletter', () => {
  it('subscribes only after the link in the confirmation e-mail is opened', async () => {
    const response = await subscribe({ email: 'Ayse@Example.com', locale: 'tr' });
    expect(response.json()).toEqual({ status: 'pending' });

    const mail = (await outbox()).findLast((message) => message.recipient === 'Ayse@Example.com');
    expect(mail?.subject).toBe('Marco bülten aboneliğinizi onaylayın');
    const confirm = await t.app.inject({ method: 'GET', url: linkIn(mail?.text ?? '', 'confirm') });
    expect(confirm.statusCode).toBe(303);
    expect(confirm.headers.location).toBe('/tr/?newsletter=confirmed');

    const [row] = await t.database.db.select().from(newsletterSubscriptions);
    expect(row).toMatchObject({ status: 'subscribed', locale: 'tr' });
    expect(row?.confirmedAt).toBeInstanceOf(Date);
  });

  it('is harmless to subscribe twice, in any letter case', async () => {
    const before = (await outbox()).length;
    expect((await subscribe({ email: 'ayse@example.com' })).json()).toEqual({ status: 'subscribed' });
    expect(await outbox()).toHaveLength(before);
    expect(await t.database.db.$count(newsletterSubscriptions)).toBe(1);
  });

  it('keeps one subscription when the same address subscribes several times at once', async () => {
    const responses = await Promise.all(
      ['Race@Example.com', 'race@example.com', 'RACE@example.com', 'race@Example.com', 'race@example.COM'].map(
        (email) => subscribe({ email, locale: 'en' }),
      ),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const rows = await t.database.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(sql`lower(${newsletterSubscriptions.email})`, 'race@example.com'));
    expect(rows).toHaveLength(1);
  });

  it('unsubscribes through the link every e-mail carries', async () => {
    await subscribe({ email: 'leave@example.com', locale: 'de' });
    const mail = (await outbox()).findLast((message) => message.recipient === 'leave@example.com');
    const response = await t.app.inject({ method: 'GET', url: linkIn(mail?.text ?? '', 'unsubscribe') });
    expect(response.headers.location).toBe('/de/?newsletter=unsubscribed');
  });

  it('says so when a link is unknown', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/app/newsletter-public/confirm?token=${'x'.repeat(43)}`,
      headers: { 'accept-language': 'fr' },
    });
    expect(response.headers.location).toBe('/fr/?newsletter=invalid');
  });

  it('refuses an invalid e-mail address with the error model', async () => {
    for (const body of [{ email: 'not-an-email' }, {}, { email: 'a@b.co', locale: 'xx' }]) {
      const response = await subscribe(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
  });
});
