import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer, newIp, ownSite, readOutbox } from '../../../test/factories.js';
import { ManualClock } from '../../platform/clock.js';

/**
 * The providers' verification runs for real against a JWKS and a Facebook debug_token
 * endpoint served on loopback by this file, with keys generated here.
 */
type Key = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
const keys: Record<'google' | 'apple' | 'stranger', { privateKey: Key; jwk: JWK }> = {} as never;
const facebookTokens = new Map<
  string,
  { is_valid: boolean; app_id: string; user_id: string; expires_at: number; me?: Record<string, string> }
>();
let server: http.Server;
let base = '';
const clock = new ManualClock();
let t: TestApp;

const GOOGLE_CLIENT = 'marco-web.apps.googleusercontent.com';
const APPLE_CLIENT = 'com.marco.app';

function serveProviders(request: http.IncomingMessage, response: http.ServerResponse) {
  const url = new URL(request.url ?? '/', base);
  const json = (status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  if (url.pathname === '/google/jwks') return json(200, { keys: [keys.google.jwk] });
  if (url.pathname === '/apple/jwks') return json(200, { keys: [keys.apple.jwk] });
  if (url.pathname === '/facebook/debug_token') {
    if (url.searchParams.get('access_token') !== 'fb-app|fb-secret')
      return json(400, { error: { message: 'bad app' } });
    const data = facebookTokens.get(url.searchParams.get('input_token') ?? '');
    return json(200, { data: data ?? { is_valid: false } });
  }
  if (url.pathname === '/facebook/me') {
    const data = facebookTokens.get(url.searchParams.get('access_token') ?? '');
    return data?.me ? json(200, data.me) : json(400, { error: { message: 'invalid token' } });
  }
  json(404, {});
}

async function newKey(kid: string) {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  return { privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

beforeAll(async () => {
  keys.google = await newKey('google-1');
  keys.apple = await newKey('apple-1');
  keys.stranger = await newKey('google-1');
  server = http.createServer(serveProviders);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({
    clock,
    env: {
      GOOGLE_CLIENT_ID: `${GOOGLE_CLIENT},marco-ios.apps.googleusercontent.com`,
      GOOGLE_JWKS_URL: `${base}/google/jwks`,
      APPLE_CLIENT_ID: APPLE_CLIENT,
      APPLE_JWKS_URL: `${base}/apple/jwks`,
      FACEBOOK_APP_ID: 'fb-app',
      FACEBOOK_APP_SECRET: 'fb-secret',
      FACEBOOK_GRAPH_URL: `${base}/facebook`,
    },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => server.close(resolve));
});

const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

function idToken(
  claims: Record<string, unknown>,
  options: { key?: Key; kid?: string; issuer?: string; audience?: string; expiresIn?: number } = {},
) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? 'google-1' })
    .setIssuer(options.issuer ?? 'https://accounts.google.com')
    .setAudience(options.audience ?? GOOGLE_CLIENT)
    .setIssuedAt(nowSeconds())
    .setExpirationTime(nowSeconds() + (options.expiresIn ?? 3600))
    .sign(options.key ?? keys.google.privateKey);
}

const consent = { termsConsent: true, privacyConsent: true };
const signIn = (body: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/app/custom-external-login-public/external-login-provider',
    headers: { 'x-forwarded-for': newIp(), ...ownSite(t.app) },
    payload: body,
  });

describe('social sign-in', () => {
  it('creates an external account from a verified Google ID token and answers a token', async () => {
    const token = await idToken({
      sub: 'google-user-1',
      email: 'Deniz@Example.com',
      email_verified: true,
      given_name: 'Deniz',
      family_name: 'Aydın',
    });
    const response = await signIn({ provider: 'Google', token, extraProperties: consent });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      isNewUser: true,
      tokenType: 'Bearer',
      user: { isExternal: true, hasPassword: false, name: 'Deniz', surname: 'Aydın', email: 'Deniz@Example.com' },
    });
    expect(body.user.emailConfirmed).toBe(true);
    expect(body.user.phoneNumber).toBeNull();
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(body.accessToken) });
    expect(me.json().user.id).toBe(body.user.id);

    const again = await signIn({ provider: 'google', token: await idToken({ sub: 'google-user-1' }) });
    expect(again.json()).toMatchObject({ isNewUser: false, user: { id: body.user.id } });
  });

  it('sets the web session cookie with useCookie', async () => {
    const token = await idToken({ sub: 'google-user-cookie' });
    const response = await signIn({ provider: 'google', token, extraProperties: consent, useCookie: true });
    expect(response.statusCode).toBe(200);
    expect(response.json().accessToken).toBeUndefined();
    expect(response.cookies.find((cookie) => cookie.name === 'marco_session')).toMatchObject({ httpOnly: true });
  });

  it('refuses tokens with a foreign signature, audience or issuer, expired ones and garbage', async () => {
    const bad = [
      await idToken({ sub: 'x' }, { key: keys.stranger.privateKey }),
      await idToken({ sub: 'x' }, { audience: 'someone-else' }),
      await idToken({ sub: 'x' }, { issuer: 'https://evil.example.com' }),
      await idToken({ sub: 'x' }, { expiresIn: -60 }),
      'not.a.jwt',
    ];
    for (const token of bad) {
      const response = await signIn({ provider: 'google', token, extraProperties: consent });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('EXTERNAL_LOGIN_FAILED');
    }
  });

  it('asks for the consents before creating an account', async () => {
    const token = await idToken({ sub: 'google-user-no-consent' });
    const response = await signIn({ provider: 'google', token });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.issues[0].path).toBe('body.extraProperties.termsConsent');
  });

  it('signs in with Apple, taking the name the app passes', async () => {
    const token = await idToken(
      { sub: 'apple-user-1', email: 'relay@privaterelay.appleid.com', email_verified: 'true' },
      { key: keys.apple.privateKey, kid: 'apple-1', issuer: 'https://appleid.apple.com', audience: APPLE_CLIENT },
    );
    const response = await signIn({
      provider: 'apple',
      token,
      userData: { name: 'Ece', surname: 'Demir' },
      extraProperties: consent,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ name: 'Ece', surname: 'Demir', emailConfirmed: true });
  });

  it('links a second provider that vouches for the same confirmed e-mail to the same account', async () => {
    const google = await signIn({
      provider: 'google',
      token: await idToken({ sub: 'google-user-link', email: 'link@example.com', email_verified: true }),
      extraProperties: consent,
    });
    const apple = await signIn({
      provider: 'apple',
      token: await idToken(
        { sub: 'apple-user-link', email: 'LINK@example.com', email_verified: true },
        { key: keys.apple.privateKey, kid: 'apple-1', issuer: 'https://appleid.apple.com', audience: APPLE_CLIENT },
      ),
    });
    expect(apple.json()).toMatchObject({ isNewUser: false, user: { id: google.json().user.id } });
  });

  it('does not link on an unverified e-mail', async () => {
    await signIn({
      provider: 'google',
      token: await idToken({ sub: 'google-owner', email: 'owner@example.com', email_verified: true }),
      extraProperties: consent,
    });
    const other = await signIn({
      provider: 'google',
      token: await idToken({ sub: 'google-claimer', email: 'owner@example.com', email_verified: false }),
      extraProperties: consent,
    });
    expect(other.json()).toMatchObject({ isNewUser: true, user: { email: null } });
  });

  it('verifies a Facebook access token through debug_token', async () => {
    facebookTokens.set('fb-good', {
      is_valid: true,
      app_id: 'fb-app',
      user_id: '10001',
      expires_at: nowSeconds() + 3600,
      me: { id: '10001', first_name: 'Mert', last_name: 'Şahin', email: 'mert@example.com' },
    });
    const response = await signIn({ provider: 'facebook', token: 'fb-good', extraProperties: consent });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ name: 'Mert', surname: 'Şahin', isExternal: true });
  });

  it('mails a confirmation link to an address the provider did not vouch for', async () => {
    facebookTokens.set('fb-no-email', {
      is_valid: true,
      app_id: 'fb-app',
      user_id: '10002',
      expires_at: nowSeconds() + 3600,
      me: { id: '10002', first_name: 'Ece', last_name: 'Kaya' },
    });
    const response = await signIn({
      provider: 'facebook',
      token: 'fb-no-email',
      userData: { email: 'ece.kaya@example.com' },
      extraProperties: consent,
    });
    expect(response.json().user).toMatchObject({ email: 'ece.kaya@example.com', emailConfirmed: false });
    const mail = (await readOutbox(t.app)).findLast((entry) => entry.recipient === 'ece.kaya@example.com');
    expect(mail?.text).toMatch(/\/settings\?confirm-email=/);
  });

  it('refuses Facebook tokens that are invalid, expired or issued to another app', async () => {
    facebookTokens.set('fb-other-app', { is_valid: true, app_id: 'other', user_id: '2', expires_at: 0 });
    facebookTokens.set('fb-expired', { is_valid: true, app_id: 'fb-app', user_id: '3', expires_at: nowSeconds() - 1 });
    facebookTokens.set('fb-invalid', { is_valid: false, app_id: 'fb-app', user_id: '4', expires_at: 0 });
    for (const token of ['fb-other-app', 'fb-expired', 'fb-invalid', 'fb-unknown']) {
      const response = await signIn({ provider: 'facebook', token, extraProperties: consent });
      expect(response.statusCode, token).toBe(401);
      expect(response.json().error.code).toBe('EXTERNAL_LOGIN_FAILED');
    }
  });

  it('refuses unknown providers and missing tokens', async () => {
    expect((await signIn({ provider: 'twitter', token: 'x' })).statusCode).toBe(400);
    expect((await signIn({ provider: 'google' })).statusCode).toBe(400);
  });
});

describe('social sign-in without provider settings', () => {
  it('answers SOCIAL_LOGIN_NOT_CONFIGURED', async () => {
    const bare = await createTestApp();
    try {
      for (const provider of ['google', 'facebook', 'apple']) {
        const response = await bare.app.inject({
          method: 'POST',
          url: '/api/app/custom-external-login-public/external-login-provider',
          payload: { provider, token: 'anything', extraProperties: consent },
        });
        expect(response.statusCode).toBe(501);
        expect(response.json().error.code).toBe('SOCIAL_LOGIN_NOT_CONFIGURED');
      }
    } finally {
      await bare.close();
    }
  });
});
