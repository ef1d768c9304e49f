import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer, createUser, newIp, type TestUser } from '../../../test/factories.js';
import { sessions } from '../../db/schema/index.js';
import { ManualClock } from '../../platform/clock.js';

const clock = new ManualClock('2030-05-10T12:00:00.000Z');
let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { TOKEN_CLIENTS: 'Partner:s3cret-partner,Backoffice:other' } });
  user = await createUser(t.app);
});
afterAll(() => t.close());

const token = (form: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/connect/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': newIp(), ...headers },
    payload: new URLSearchParams(form).toString(),
  });

const passwordGrant = (extra: Record<string, string> = {}) => ({
  grant_type: 'password',
  client_id: 'Mobile',
  scope: 'openid profile roles email phone address marco',
  username: user.phone,
  password: user.password,
  ...extra,
});

describe('POST /connect/token', () => {
  it('issues an opaque bearer token to the public Mobile client with the password grant', async () => {
    const response = await token(passwordGrant());
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 2592000,
      scope: 'openid profile roles email phone address marco',
    });
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(body.access_token) });
    expect(me.json().user.id).toBe(user.userId);
  });

  it('stores only a hash of the token', async () => {
    const { access_token } = (await token(passwordGrant())).json();
    const rows = await t.database.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(rows.some((row) => row.tokenHash === access_token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true);
  });

  it('removes whitespace from the username and grants every scope when none is asked', async () => {
    const spaced = `${user.phone.slice(0, 3)} ${user.phone.slice(3)}`;
    const response = await token(passwordGrant({ username: spaced, scope: '' }));
    expect(response.statusCode).toBe(200);
    expect(response.json().scope).toBe('openid profile roles email phone address marco');
    expect((await token(passwordGrant({ scope: 'openid marco' }))).json().scope).toBe('openid marco');
  });

  it('expires the token after expires_in seconds and lets it be revoked', async () => {
    const { access_token, expires_in } = (await token(passwordGrant())).json();
    const second = (await token(passwordGrant())).json().access_token;
    await t.app.inject({ method: 'DELETE', url: '/api/auth/session', headers: bearer(second) });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(second) })).statusCode).toBe(
      401,
    );
    clock.advance(expires_in - 1);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(access_token) })).statusCode,
    ).toBe(200);
    clock.advance(2);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(access_token) })).statusCode,
    ).toBe(401);
  });

  it('accepts a confidential client only with its secret, in the form or HTTP Basic', async () => {
    expect((await token(passwordGrant({ client_id: 'Partner', client_secret: 's3cret-partner' }))).statusCode).toBe(
      200,
    );
    const basic = `Basic ${Buffer.from('Partner:s3cret-partner').toString('base64')}`;
    const { client_id: _ignored, ...withoutClient } = passwordGrant();
    expect((await token(withoutClient, { authorization: basic })).statusCode).toBe(200);

    for (const form of [
      passwordGrant({ client_id: 'Partner' }),
      passwordGrant({ client_id: 'Partner', client_secret: 'other' }),
      passwordGrant({ client_id: 'Unknown' }),
      withoutClient,
    ]) {
      const response = await token(form);
      expect(response.statusCode, JSON.stringify(form)).toBe(401);
      expect(response.json().error).toBe('invalid_client');
      expect(response.json().error_description).toEqual(expect.any(String));
    }
  });

  it('answers OAuth2 errors for a bad grant type, scope or missing credentials', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [passwordGrant({ grant_type: 'client_credentials' }), 'unsupported_grant_type'],
      [passwordGrant({ grant_type: '' }), 'invalid_request'],
      [passwordGrant({ scope: 'openid admin' }), 'invalid_scope'],
      [passwordGrant({ password: '' }), 'invalid_request'],
      [passwordGrant({ username: '' }), 'invalid_request'],
    ];
    for (const [form, error] of cases) {
      const response = await token(form);
      expect(response.statusCode, JSON.stringify(form)).toBe(400);
      expect(response.json().error).toBe(error);
    }
  });

  it('tells a wrong password, a locked account and too many attempts apart', async () => {
    const victim = await createUser(t.app);
    const wrong = passwordGrant({ username: victim.phone, password: 'not-the-password' });
    const first = await token(wrong);
    expect(first.statusCode).toBe(400);
    expect(first.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Invalid phone number or password',
      error_code: 'INVALID_CREDENTIALS',
    });
    for (let attempt = 2; attempt <= 4; attempt++) await token(wrong);
    const locked = await token(wrong);
    expect(locked.statusCode).toBe(400);
    expect(locked.json()).toMatchObject({ error: 'invalid_grant', error_code: 'ACCOUNT_LOCKED' });
    expect(locked.json().locked_until).toEqual(expect.any(String));

    for (let attempt = 6; attempt <= 10; attempt++) await token(wrong);
    const limited = await token(wrong);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: 'invalid_grant', error_code: 'TOO_MANY_ATTEMPTS' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers invalid_grant for a malformed phone number', async () => {
    const response = await token(passwordGrant({ username: 'not-a-phone' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_grant');
  });

  it('answers OAuth2 errors, never a 500, for an empty or missing body and a NUL in a field', async () => {
    const raw = (payload: string | undefined, type?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/connect/token',
        headers: { 'x-forwarded-for': newIp(), ...(type ? { 'content-type': type } : {}) },
        ...(payload === undefined ? {} : { payload }),
      });
    const empty = await raw('', 'application/json');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('invalid_request');
    const missing = await raw(undefined);
    expect(missing.statusCode).toBe(401);
    expect(missing.json().error).toBe('invalid_client');
    const nul = await token(passwordGrant({ username: `${user.phone}\u0000` }));
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error).toBe('invalid_request');
    expect((await raw('{"grant_type":"password"}', 'application/json')).statusCode).toBe(415);
  });
});
