import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer, createUser, newIp, newPhone, ownSite, signInWithCookie } from '../../../test/factories.js';
import { ManualClock } from '../../platform/clock.js';

const clock = new ManualClock('2030-03-01T08:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const login = (body: object, headers: Record<string, string> = { 'x-forwarded-for': newIp() }) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: body, headers: { ...ownSite(t.app), ...headers } });

const session = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/session', cookies: { marco_session: cookie } });

describe('web sign-in', () => {
  it('signs in with phone and password and sets an HttpOnly, SameSite=Strict session cookie', async () => {
    const user = await createUser(t.app);
    const response = await login({ phoneNumber: user.phone, password: user.password });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ id: user.userId, phoneNumber: user.phone, hasPassword: true });
    const cookie = response.cookies.find((entry) => entry.name === 'marco_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    // Without remember-me: a browser-session cookie; plain http to localhost: not Secure.
    expect(cookie?.maxAge).toBeUndefined();
    expect(cookie?.expires).toBeUndefined();
    expect(cookie?.secure).toBeUndefined();
    expect((await session(cookie?.value ?? '')).json().user.id).toBe(user.userId);
  });

  it('keeps the cookie 30 days with remember-me', async () => {
    const user = await createUser(t.app);
    const response = await login({ phoneNumber: user.phone, password: user.password, rememberMe: true });
    expect(response.cookies.find((entry) => entry.name === 'marco_session')?.maxAge).toBe(2592000);
  });

  it('marks the cookie Secure outside plain-http localhost', async () => {
    const user = await createUser(t.app);
    for (const headers of [{ 'x-forwarded-proto': 'https' }, { host: 'marco.example.com' }] as Array<
      Record<string, string>
    >) {
      const response = await login(
        { phoneNumber: user.phone, password: user.password },
        { 'x-forwarded-for': user.ip, ...headers },
      );
      expect(response.cookies.find((entry) => entry.name === 'marco_session')?.secure, JSON.stringify(headers)).toBe(
        true,
      );
    }
  });

  it('accepts the phone number with spaces', async () => {
    const user = await createUser(t.app);
    const spaced = `${user.phone.slice(0, 3)} ${user.phone.slice(3, 6)} ${user.phone.slice(6)}`;
    expect((await login({ phoneNumber: spaced, password: user.password })).statusCode).toBe(200);
  });

  it('answers the same INVALID_CREDENTIALS for a wrong password and an unknown phone', async () => {
    const user = await createUser(t.app);
    for (const body of [
      { phoneNumber: user.phone, password: 'wrong-password-1' },
      { phoneNumber: newPhone(), password: user.password },
    ]) {
      const response = await login(body);
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toEqual({
        code: 'INVALID_CREDENTIALS',
        message: 'Invalid phone number or password',
      });
      expect(response.cookies).toHaveLength(0);
    }
  });

  it('refuses missing fields and malformed phone numbers with VALIDATION_FAILED', async () => {
    for (const body of [
      { password: 'x' },
      { phoneNumber: '+905321112233' },
      { phoneNumber: '5321112233', password: 'x' },
    ]) {
      const response = await login(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('locks the account for 15 minutes after 5 failures within 15 minutes', async () => {
    const user = await createUser(t.app);
    const wrong = { phoneNumber: user.phone, password: 'wrong-password-1' };
    for (let attempt = 1; attempt <= 4; attempt++) expect((await login(wrong)).statusCode).toBe(401);
    const fifth = await login(wrong);
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json().error).toMatchObject({
      code: 'ACCOUNT_LOCKED',
      details: { lockedUntil: new Date(clock.now().getTime() + 900_000).toISOString() },
    });

    const right = { phoneNumber: user.phone, password: user.password };
    expect((await login(right)).json().error.code).toBe('ACCOUNT_LOCKED');
    clock.advance(14 * 60);
    expect((await login(right)).statusCode).toBe(423);
    clock.advance(61);
    expect((await login(right)).statusCode).toBe(200);
  });

  it('does not count failures older than 15 minutes towards a lock', async () => {
    const user = await createUser(t.app);
    const wrong = { phoneNumber: user.phone, password: 'wrong-password-1' };
    for (let attempt = 1; attempt <= 4; attempt++) await login(wrong);
    clock.advance(15 * 60 + 1);
    for (let attempt = 1; attempt <= 4; attempt++) expect((await login(wrong)).statusCode).toBe(401);
    expect((await login({ phoneNumber: user.phone, password: user.password })).statusCode).toBe(200);
  });

  it('clears the failure count after a successful sign-in', async () => {
    const user = await createUser(t.app);
    const wrong = { phoneNumber: user.phone, password: 'wrong-password-1' };
    for (let attempt = 1; attempt <= 4; attempt++) await login(wrong);
    expect((await login({ phoneNumber: user.phone, password: user.password })).statusCode).toBe(200);
    for (let attempt = 1; attempt <= 4; attempt++) expect((await login(wrong)).statusCode).toBe(401);
  });

  it('limits attempts per phone number with 429 and Retry-After', async () => {
    const phone = newPhone();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      statuses.push((await login({ phoneNumber: phone, password: 'guess-number-x' })).statusCode);
    }
    // Past the fifth failure the number is locked, account or not (it tells nothing either way).
    expect(statuses.slice(0, 10)).toEqual([401, 401, 401, 401, 423, 423, 423, 423, 423, 423]);
    const limited = await login({ phoneNumber: phone, password: 'guess-number-x' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().error.details.retryAfterSeconds).toBe(Number(limited.headers['retry-after']));
  });

  it('limits attempts per caller address', async () => {
    const headers = { 'x-forwarded-for': newIp() };
    let last = 0;
    for (let attempt = 0; attempt < 31; attempt++) {
      last = (await login({ phoneNumber: newPhone(), password: 'guess-number-x' }, headers)).statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('session', () => {
  it('answers { user } for a bearer token and 401 in the error model without a valid session', async () => {
    const user = await createUser(t.app);
    const ok = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(user.token) });
    expect(ok.statusCode).toBe(200);
    expect(Object.keys(ok.json().user).sort()).toEqual(
      [
        'concurrencyStamp',
        'email',
        'emailConfirmed',
        'hasPassword',
        'id',
        'isExternal',
        'name',
        'phoneNumber',
        'phoneNumberConfirmed',
        'profilePictureUrl',
        'roles',
        'supportsMultipleTimezone',
        'surname',
        'timezone',
        'userName',
      ].sort(),
    );
    // Without any credentials a visitor's session is `{ user: null }` (session.test.ts).
    for (const headers of [bearer('not-a-token'), { authorization: 'Basic abc' }]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHORIZED');
    }
    expect((await session('forged-cookie-value')).statusCode).toBe(401);
  });

  it('signs out with DELETE: the cookie session is revoked and the cookie cleared', async () => {
    const user = await createUser(t.app);
    const cookie = await signInWithCookie(t.app, user);
    const out = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/session',
      cookies: { marco_session: cookie },
      headers: ownSite(t.app),
    });
    expect(out.statusCode).toBe(200);
    const cleared = out.cookies.find((entry) => entry.name === 'marco_session');
    expect(cleared?.value).toBe('');
    expect((await session(cookie)).statusCode).toBe(401);
    // Signing out twice is harmless.
    expect((await t.app.inject({ method: 'DELETE', url: '/api/auth/session' })).statusCode).toBe(200);
  });

  it('revokes a bearer token with DELETE, leaving the other sessions', async () => {
    const user = await createUser(t.app);
    const cookie = await signInWithCookie(t.app, user);
    await t.app.inject({ method: 'DELETE', url: '/api/auth/session', headers: bearer(user.token) });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(user.token) })).statusCode,
    ).toBe(401);
    expect((await session(cookie)).statusCode).toBe(200);
  });

  it('ends a browser-session cookie after a day unused', async () => {
    const user = await createUser(t.app);
    const cookie = await signInWithCookie(t.app, user);
    clock.advance(20 * 3600);
    expect((await session(cookie)).statusCode).toBe(200);
    clock.advance(20 * 3600);
    expect((await session(cookie)).statusCode).toBe(200);
    clock.advance(24 * 3600 + 1);
    expect((await session(cookie)).statusCode).toBe(401);
  });

  it('ends a remember-me session after 30 days', async () => {
    const user = await createUser(t.app);
    const cookie = await signInWithCookie(t.app, user, true);
    clock.advance(29 * 86_400);
    expect((await session(cookie)).statusCode).toBe(200);
    clock.advance(86_400 + 1);
    expect((await session(cookie)).statusCode).toBe(401);
  });

  it('replaces the previous cookie session when signing in again', async () => {
    const user = await createUser(t.app);
    const first = await signInWithCookie(t.app, user);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      cookies: { marco_session: first },
      headers: { 'x-forwarded-for': user.ip, ...ownSite(t.app) },
      payload: { phoneNumber: user.phone, password: user.password },
    });
    expect(again.statusCode).toBe(200);
    expect((await session(first)).statusCode).toBe(401);
  });
});

describe('cookie security setting', () => {
  it('follows COOKIE_SECURE=true even on plain-http localhost', async () => {
    const secure = await createTestApp({ env: { COOKIE_SECURE: 'true' } });
    try {
      const user = await createUser(secure.app);
      const cookie = (
        await secure.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'x-forwarded-for': user.ip, ...ownSite(secure.app) },
          payload: { phoneNumber: user.phone, password: user.password },
        })
      ).cookies.find((entry) => entry.name === 'marco_session');
      expect(cookie?.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });
});
