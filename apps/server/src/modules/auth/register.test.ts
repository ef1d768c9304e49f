import { LEGAL_VERSIONS } from '@marco/contract/legal';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { latestCode, newIp, newPhone, ownSite, readOutbox } from '../../../test/factories.js';
import { users, verificationCodes } from '../../db/schema/index.js';
import { ManualClock } from '../../platform/clock.js';

const clock = new ManualClock('2030-01-15T10:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const PUBLIC = '/api/app/custom-user-account-public';
const ACCOUNT = '/api/account/custom-user-account';
const consent = { termsConsent: true, privacyConsent: true };

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'x-forwarded-for': newIp(), ...ownSite(t.app), ...headers },
  });

async function register(phone = newPhone(), headers: Record<string, string> = {}) {
  const response = await post(
    `${PUBLIC}/register-with-phone`,
    { phoneNumber: phone, extraProperties: consent },
    headers,
  );
  return { response, phone, userId: response.json().userId as string };
}

async function confirm(userId: string, code: string) {
  return post(`${PUBLIC}/check-phone-code`, { userId, code });
}

describe('phone sign-up', () => {
  it('signs up with the code from the dev outbox, sets a password and ends signed in with a cookie', async () => {
    const phone = newPhone();
    const started = await post(`${ACCOUNT}/register-with-phone`, {
      phoneNumber: phone,
      name: 'Zeynep',
      surname: 'Kaya',
      extraProperties: consent,
    });
    expect(started.statusCode).toBe(200);
    const { userId, codeExpiresAt, resendAvailableAt, devOutbox } = started.json();
    expect(codeExpiresAt).toBe('2030-01-15T10:10:00.000Z');
    expect(resendAvailableAt).toBe('2030-01-15T10:01:00.000Z');
    expect(devOutbox).toBe(true);

    const confirmed = await post(`${ACCOUNT}/confirm-phone-code`, { userId, code: await latestCode(t.app, phone) });
    expect(confirmed.statusCode).toBe(200);
    const { registrationToken } = confirmed.json();

    const done = await post(`${ACCOUNT}/set-password-after-registration`, {
      userId,
      registrationToken,
      password: 'Kapadokya-balon-42',
      useCookie: true,
      rememberMe: true,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().accessToken).toBeUndefined();
    expect(done.json().user).toMatchObject({
      id: userId,
      name: 'Zeynep',
      surname: 'Kaya',
      phoneNumber: phone,
      phoneNumberConfirmed: true,
      hasPassword: true,
      isExternal: false,
      timezone: 'UTC',
    });
    const cookie = done.cookies.find((entry) => entry.name === 'marco_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/', maxAge: 2592000 });

    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      cookies: { marco_session: cookie?.value ?? '' },
    });
    expect(session.json().user.id).toBe(userId);
  });

  it('answers a bearer token when the caller does not ask for the cookie', async () => {
    const { phone, userId } = await register();
    const { registrationToken } = (await confirm(userId, await latestCode(t.app, phone))).json();
    const done = await post(`${PUBLIC}/set-password-for-phone`, {
      userId,
      registrationToken,
      password: 'Kapadokya-balon-42',
    });
    expect(done.statusCode).toBe(200);
    expect(done.cookies).toHaveLength(0);
    expect(done.json()).toMatchObject({ tokenType: 'Bearer', expiresIn: 2592000 });
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { authorization: `Bearer ${done.json().accessToken}` },
    });
    expect(session.json().user.id).toBe(userId);
  });

  it('records both consents with their time and version', async () => {
    const { userId } = await register();
    const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(row).toMatchObject({ termsVersion: LEGAL_VERSIONS.terms, privacyVersion: LEGAL_VERSIONS.privacy });
    expect(row?.termsAcceptedAt?.toISOString()).toBe(clock.now().toISOString());
    expect(row?.privacyAcceptedAt?.toISOString()).toBe(clock.now().toISOString());
  });

  it('removes whitespace and stores the number in E.164', async () => {
    const response = await post(`${PUBLIC}/register-with-phone`, {
      phoneNumber: ' +90 532 410 77 01 ',
      extraProperties: consent,
    });
    expect(response.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, response.json().userId));
    expect(row?.phoneNumber).toBe('+905324107701');
    expect((await readOutbox(t.app)).at(-1)?.recipient).toBe('+905324107701');
  });

  it('refuses missing fields, malformed numbers and missing consent, naming the field', async () => {
    const cases: Array<[object, string]> = [
      [{ extraProperties: consent }, 'body.phoneNumber'],
      [{ phoneNumber: '05321234567', extraProperties: consent }, 'body.phoneNumber'],
      [{ phoneNumber: '+90abc', extraProperties: consent }, 'body.phoneNumber'],
      [{ phoneNumber: '+90 123 45 67', extraProperties: consent }, 'body.phoneNumber'],
      [{ phoneNumber: newPhone() }, 'body.extraProperties'],
      [{ phoneNumber: newPhone(), extraProperties: { termsConsent: true } }, 'body.extraProperties.privacyConsent'],
      [
        { phoneNumber: newPhone(), extraProperties: { ...consent, termsConsent: false } },
        'body.extraProperties.termsConsent',
      ],
    ];
    for (const [body, path] of cases) {
      const response = await post(`${PUBLIC}/register-with-phone`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
      expect(response.json().error.details.issues.map((issue: { path: string }) => issue.path)).toContain(path);
    }
  });

  it('refuses a number that already has an account', async () => {
    const { phone, userId } = await register();
    const { registrationToken } = (await confirm(userId, await latestCode(t.app, phone))).json();
    await post(`${PUBLIC}/set-password-for-phone`, { userId, registrationToken, password: 'Kapadokya-balon-42' });
    clock.advance(61);
    const again = await register(phone);
    expect(again.response.statusCode).toBe(409);
    expect(again.response.json().error.code).toBe('PHONE_ALREADY_REGISTERED');
  });

  it('resumes an unfinished sign-up with a new code instead of a second account', async () => {
    const first = await register();
    clock.advance(61);
    const second = await register(first.phone);
    expect(second.response.statusCode).toBe(200);
    expect(second.userId).toBe(first.userId);
  });

  it('makes a resend wait 60 seconds, with Retry-After', async () => {
    const { phone } = await register();
    clock.advance(20);
    const early = await register(phone);
    expect(early.response.statusCode).toBe(429);
    expect(early.response.json().error).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      details: { retryAfterSeconds: 40 },
    });
    expect(early.response.headers['retry-after']).toBe('40');
    clock.advance(40);
    expect((await register(phone)).response.statusCode).toBe(200);
  });

  it('stores only a hash of the code', async () => {
    const { phone, userId } = await register();
    const code = await latestCode(t.app, phone);
    const rows = await t.database.db.select().from(verificationCodes).where(eq(verificationCodes.userId, userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.codeHash).not.toContain(code);
    expect(rows[0]?.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('counts wrong codes and retires the code after the fifth', async () => {
    const { phone, userId } = await register();
    const code = await latestCode(t.app, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let left = 4; left >= 0; left--) {
      const response = await confirm(userId, wrong);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'INVALID_VERIFICATION_CODE',
        details: { attemptsLeft: left },
      });
    }
    const right = await confirm(userId, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().error.code).toBe('VERIFICATION_CODE_EXPIRED');
  });

  it('refuses a code after 10 minutes', async () => {
    const { phone, userId } = await register();
    const code = await latestCode(t.app, phone);
    clock.advance(600);
    const response = await confirm(userId, code);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VERIFICATION_CODE_EXPIRED');
  });

  it('accepts a code only once', async () => {
    const { phone, userId } = await register();
    const code = await latestCode(t.app, phone);
    expect((await confirm(userId, code)).statusCode).toBe(200);
    const reused = await confirm(userId, code);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe('INVALID_VERIFICATION_CODE');
  });

  it('retires the earlier code when a new one is sent', async () => {
    const { phone, userId } = await register();
    const first = await latestCode(t.app, phone);
    clock.advance(61);
    await register(phone);
    const second = await latestCode(t.app, phone);
    if (first !== second) expect((await confirm(userId, first)).json().error.code).toBe('INVALID_VERIFICATION_CODE');
    expect((await confirm(userId, second)).statusCode).toBe(200);
  });

  it('refuses malformed codes and unknown users', async () => {
    const { userId } = await register();
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      const response = await confirm(userId, code);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    const unknown = await confirm('00000000-0000-4000-8000-000000000000', '123456');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('USER_NOT_FOUND');
  });

  it('refuses short and common passwords without using up the registration token', async () => {
    const { phone, userId } = await register();
    const { registrationToken } = (await confirm(userId, await latestCode(t.app, phone))).json();
    const short = await post(`${PUBLIC}/set-password-for-phone`, { userId, registrationToken, password: 'abc123' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.details.issues[0]).toMatchObject({
      path: 'body.password',
      message: 'Password must be at least 8 characters',
    });
    for (const password of ['password1', 'Iloveyou', '12345678']) {
      const common = await post(`${PUBLIC}/set-password-for-phone`, { userId, registrationToken, password });
      expect(common.statusCode, password).toBe(400);
      expect(common.json().error.code).toBe('PASSWORD_TOO_WEAK');
    }
    const good = await post(`${PUBLIC}/set-password-for-phone`, {
      userId,
      registrationToken,
      password: 'Efes-antik-kenti-7',
    });
    expect(good.statusCode).toBe(200);
  });

  it("refuses a missing, wrong, used, expired or another user's registration token", async () => {
    const a = await register();
    const b = await register();
    const tokenA = (await confirm(a.userId, await latestCode(t.app, a.phone))).json().registrationToken;
    const tokenB = (await confirm(b.userId, await latestCode(t.app, b.phone))).json().registrationToken;
    const password = 'Efes-antik-kenti-7';
    const setPassword = (userId: string, registrationToken?: string) =>
      post(`${PUBLIC}/set-password-for-phone`, { userId, password, registrationToken });

    expect((await setPassword(a.userId)).json().error.code).toBe('VALIDATION_FAILED');
    expect((await setPassword(a.userId, 'not-the-token')).json().error.code).toBe('VERIFICATION_FAILED');
    expect((await setPassword(a.userId, tokenB)).json().error.code).toBe('VERIFICATION_FAILED');
    expect((await setPassword(a.userId, tokenA)).statusCode).toBe(200);
    expect((await setPassword(a.userId, tokenA)).json().error.code).toBe('PASSWORD_SETUP_FAILED');

    clock.advance(1801);
    expect((await setPassword(b.userId, tokenB)).json().error.code).toBe('VERIFICATION_FAILED');
  });

  it("texts the code in the visitor's language", async () => {
    const phone = newPhone();
    await register(phone, { 'accept-language': 'tr-TR,tr;q=0.9' });
    const message = (await readOutbox(t.app)).findLast((entry) => entry.recipient === phone);
    expect(message?.text).toMatch(/^Marco doğrulama kodunuz: \d{6}\./);
  });

  it('limits code texts per caller address', async () => {
    const ip = newIp();
    const statuses: number[] = [];
    for (let index = 0; index < 31; index++) {
      statuses.push((await register(newPhone(), { 'x-forwarded-for': ip })).response.statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('limits code texts per phone number', async () => {
    const phone = newPhone();
    const statuses: number[] = [];
    for (let index = 0; index < 7; index++) {
      statuses.push((await register(phone)).response.statusCode);
      clock.advance(61);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
  });
});
