import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createUser, readOutbox, type TestUser } from '../../../test/factories.js';
import { emailConfirmations } from '../../db/schema/index.js';
import { ManualClock } from '../../platform/clock.js';

const clock = new ManualClock('2030-03-01T09:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { PUBLIC_URL: 'https://marco.example' } });
});
afterAll(() => t.close());

const SEND = '/api/account/email-confirmation/send';
const CONFIRM = '/api/account/email-confirmation/confirm';
let addressCount = 0;
const newAddress = () => `traveller${++addressCount}-${Date.now()}@example.com`;

const profileOf = async (user: TestUser) =>
  (await t.app.inject({ method: 'GET', url: '/api/account/my-profile', headers: user.headers })).json();

async function setEmail(user: TestUser, email: string | null, locale = 'en') {
  const { concurrencyStamp } = await profileOf(user);
  return t.app.inject({
    method: 'PUT',
    url: '/api/account/my-profile',
    headers: { ...user.headers, cookie: `locale=${locale}` },
    payload: { concurrencyStamp, email },
  });
}

/** The last e-mail sent to `address`, and the token of the link in it. */
async function lastMailTo(address: string) {
  const mail = (await readOutbox(t.app)).findLast((entry) => entry.channel === 'email' && entry.recipient === address);
  if (!mail) throw new Error(`no e-mail went to ${address}`);
  const link = mail.text.match(/https:\/\/marco\.example\/\S+/)?.[0] ?? '';
  // The outbox also lists each e-mail's subject.
  const { subject } = mail as typeof mail & { subject: string };
  return { ...mail, subject, link, token: new URL(link).searchParams.get('confirm-email') ?? '' };
}

const confirm = (user: TestUser, token: unknown) =>
  t.app.inject({ method: 'POST', url: CONFIRM, headers: user.headers, payload: { token } });

describe('e-mail confirmation', () => {
  it("mails a link in the user's language when an address is set, and the link confirms it", async () => {
    const user = await createUser(t.app, { name: 'Deniz' });
    const address = newAddress();
    const saved = await setEmail(user, address, 'tr');
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ email: address, emailConfirmed: false });

    const mail = await lastMailTo(address);
    expect(mail).toMatchObject({ subject: 'Marco için e-posta adresinizi onaylayın' });
    expect(mail.text).toContain('Merhaba Deniz,');
    expect(mail.link).toMatch(/^https:\/\/marco\.example\/tr\/settings\?confirm-email=/);

    const confirmed = await confirm(user, mail.token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ email: address, emailConfirmed: true });
    expect(await profileOf(user)).toMatchObject({ emailConfirmed: true });
  });

  it('keeps only a hash of the token', async () => {
    const user = await createUser(t.app);
    const address = newAddress();
    await setEmail(user, address);
    const { token } = await lastMailTo(address);
    const rows = await t.database.db
      .select({ tokenHash: emailConfirmations.tokenHash })
      .from(emailConfirmations)
      .where(eq(emailConfirmations.email, address));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(rows[0]?.tokenHash).not.toContain(token);
  });

  it('refuses a link used once already', async () => {
    const user = await createUser(t.app);
    const address = newAddress();
    await setEmail(user, address);
    const { token } = await lastMailTo(address);
    expect((await confirm(user, token)).statusCode).toBe(200);
    const again = await confirm(user, token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('VERIFICATION_FAILED');
  });

  it('refuses a link after 24 hours', async () => {
    const user = await createUser(t.app);
    const address = newAddress();
    await setEmail(user, address);
    const { token } = await lastMailTo(address);
    clock.advance(24 * 3600 + 1);
    const late = await confirm(user, token);
    expect(late.statusCode).toBe(400);
    expect(late.json().error.code).toBe('VERIFICATION_CODE_EXPIRED');
    expect(await profileOf(user)).toMatchObject({ emailConfirmed: false });
  });

  it("refuses another user's link like an unknown one and leaves it to its owner", async () => {
    const owner = await createUser(t.app);
    const stranger = await createUser(t.app);
    const address = newAddress();
    await setEmail(owner, address);
    const { token } = await lastMailTo(address);

    const stolen = await confirm(stranger, token);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.code).toBe('VERIFICATION_FAILED');
    expect(await profileOf(stranger)).toMatchObject({ email: null, emailConfirmed: false });
    expect((await confirm(owner, token)).statusCode).toBe(200);
  });

  it('resets the confirmation when the address changes, and retires the links to the old one', async () => {
    const user = await createUser(t.app);
    const first = newAddress();
    await setEmail(user, first);
    const firstLink = await lastMailTo(first);
    expect((await confirm(user, firstLink.token)).statusCode).toBe(200);

    const second = newAddress();
    const changed = await setEmail(user, second);
    expect(changed.json()).toMatchObject({ email: second, emailConfirmed: false });
    const secondLink = await lastMailTo(second);

    const third = newAddress();
    await setEmail(user, third);
    expect((await confirm(user, secondLink.token)).json().error.code).toBe('VERIFICATION_FAILED');
    expect(await profileOf(user)).toMatchObject({ email: third, emailConfirmed: false });
    expect((await confirm(user, (await lastMailTo(third)).token)).json()).toMatchObject({ emailConfirmed: true });
  });

  it('sends nothing when the profile is saved without a new address', async () => {
    const user = await createUser(t.app);
    const address = newAddress();
    await setEmail(user, address);
    const before = (await readOutbox(t.app)).length;
    const { concurrencyStamp } = await profileOf(user);
    await t.app.inject({
      method: 'PUT',
      url: '/api/account/my-profile',
      headers: user.headers,
      payload: { concurrencyStamp, email: address.toUpperCase(), name: 'Selin' },
    });
    expect((await readOutbox(t.app)).length).toBe(before);
  });

  it('resends a new link on request; the earlier one still works, and confirming retires the rest', async () => {
    const user = await createUser(t.app);
    const address = newAddress();
    await setEmail(user, address, 'de');
    const first = await lastMailTo(address);
    const resent = await t.app.inject({
      method: 'POST',
      url: SEND,
      headers: { ...user.headers, cookie: 'locale=ar' },
    });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({
      email: address,
      expiresAt: new Date(clock.now().getTime() + 86_400_000).toISOString(),
    });
    const second = await lastMailTo(address);
    expect(second.subject).toBe('أكّد عنوان بريدك الإلكتروني في Marco');
    expect(second.token).not.toBe(first.token);
    expect((await confirm(user, first.token)).statusCode).toBe(200);
    expect((await confirm(user, second.token)).statusCode).toBe(400);
  });

  it('refuses to resend without an address or once it is confirmed', async () => {
    const user = await createUser(t.app);
    const none = await t.app.inject({ method: 'POST', url: SEND, headers: user.headers });
    expect(none.statusCode).toBe(409);
    expect(none.json().error.code).toBe('INVALID_STATE');

    const address = newAddress();
    await setEmail(user, address);
    await confirm(user, (await lastMailTo(address)).token);
    const confirmed = await t.app.inject({ method: 'POST', url: SEND, headers: user.headers });
    expect(confirmed.statusCode).toBe(409);
  });

  it('limits how many links one user can have mailed', async () => {
    const user = await createUser(t.app);
    await setEmail(user, newAddress());
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await t.app.inject({ method: 'POST', url: SEND, headers: user.headers })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });

  it('asks for a token and for a signed-in user', async () => {
    const user = await createUser(t.app);
    const missing = await t.app.inject({ method: 'POST', url: CONFIRM, headers: user.headers, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details.issues[0].path).toBe('body.token');
    expect((await confirm(user, 'not-a-real-token')).json().error.code).toBe('VERIFICATION_FAILED');
    expect((await t.app.inject({ method: 'POST', url: CONFIRM, payload: { token: 'x' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: SEND })).statusCode).toBe(401);
  });
});
