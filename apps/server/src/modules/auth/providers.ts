import type { ExternalProvider } from '@marco/contract/auth';
import type { ExternalProviderInfo } from '@marco/contract/social-sign-in';
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import type { Config } from '../../config.js';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/errors.js';

/** Who the provider says signed in. */
export interface ExternalIdentity {
  provider: ExternalProvider;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  surname: string | null;
}

type ProviderConfig = Pick<
  Config,
  | 'PUBLIC_URL'
  | 'GOOGLE_CLIENT_ID'
  | 'GOOGLE_JWKS_URL'
  | 'GOOGLE_ISSUER'
  | 'APPLE_CLIENT_ID'
  | 'APPLE_JWKS_URL'
  | 'APPLE_ISSUER'
  | 'FACEBOOK_APP_ID'
  | 'FACEBOOK_APP_SECRET'
  | 'FACEBOOK_GRAPH_URL'
>;

const list = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const notConfigured = (provider: string) =>
  new AppError('SOCIAL_LOGIN_NOT_CONFIGURED', `Sign-in with ${provider} is not configured`);
const failed = () => new AppError('EXTERNAL_LOGIN_FAILED', 'The sign-in could not be verified');

// One key set per URL: jose caches the keys and refetches on an unknown key id.
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
const keySetOf = (url: string) => {
  let keySet = keySets.get(url);
  if (!keySet) {
    keySet = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000 });
    keySets.set(url, keySet);
  }
  return keySet;
};

/** An OpenID Connect ID token: signature by the provider's JWKS, issuer, audience (our client id), expiry. */
async function verifyIdToken(
  token: string,
  options: { jwksUrl: string; issuers: string[]; audiences: string[]; now: Date },
): Promise<JWTPayload> {
  try {
    const { payload } = await jwtVerify(token, keySetOf(options.jwksUrl), {
      issuer: options.issuers,
      audience: options.audiences,
      currentDate: options.now,
      algorithms: ['RS256', 'ES256'],
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    return payload;
  } catch {
    throw failed();
  }
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
const isTrue = (value: unknown) => value === true || value === 'true';

async function verifyGoogle(config: ProviderConfig, clock: Clock, token: string): Promise<ExternalIdentity> {
  if (!config.GOOGLE_CLIENT_ID) throw notConfigured('Google');
  const claims = await verifyIdToken(token, {
    jwksUrl: config.GOOGLE_JWKS_URL,
    issuers: list(config.GOOGLE_ISSUER),
    audiences: list(config.GOOGLE_CLIENT_ID),
    now: clock.now(),
  });
  return {
    provider: 'google',
    subject: String(claims.sub),
    email: text(claims.email),
    emailVerified: isTrue(claims.email_verified),
    name: text(claims.given_name),
    surname: text(claims.family_name),
  };
}

/** Apple puts no name in the token: the app passes it (first sign-in only) in userData. */
async function verifyApple(config: ProviderConfig, clock: Clock, token: string): Promise<ExternalIdentity> {
  if (!config.APPLE_CLIENT_ID) throw notConfigured('Apple');
  const claims = await verifyIdToken(token, {
    jwksUrl: config.APPLE_JWKS_URL,
    issuers: list(config.APPLE_ISSUER),
    audiences: list(config.APPLE_CLIENT_ID),
    now: clock.now(),
  });
  return {
    provider: 'apple',
    subject: String(claims.sub),
    email: text(claims.email),
    emailVerified: isTrue(claims.email_verified),
    name: null,
    surname: null,
  };
}

async function getJson(url: URL): Promise<unknown> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}

/**
 * A Facebook access token, inspected by Facebook itself (debug_token with our app
 * credentials): valid, issued to our app, not expired. Then the profile it opens.
 */
async function verifyFacebook(config: ProviderConfig, clock: Clock, token: string): Promise<ExternalIdentity> {
  const { FACEBOOK_APP_ID: appId, FACEBOOK_APP_SECRET: secret } = config;
  if (!appId || !secret) throw notConfigured('Facebook');
  const base = config.FACEBOOK_GRAPH_URL.replace(/\/+$/, '');
  const debugUrl = new URL(`${base}/debug_token`);
  debugUrl.searchParams.set('input_token', token);
  debugUrl.searchParams.set('access_token', `${appId}|${secret}`);
  const inspected = (await getJson(debugUrl)) as {
    data?: { is_valid?: boolean; app_id?: string; user_id?: string; expires_at?: number };
  } | null;
  const data = inspected?.data;
  const nowSeconds = clock.now().getTime() / 1000;
  if (!data?.is_valid || String(data.app_id) !== appId || !data.user_id) throw failed();
  // expires_at 0 means a token that does not expire.
  if (typeof data.expires_at === 'number' && data.expires_at !== 0 && data.expires_at <= nowSeconds) throw failed();

  const meUrl = new URL(`${base}/me`);
  meUrl.searchParams.set('fields', 'id,first_name,last_name,email');
  meUrl.searchParams.set('access_token', token);
  const me = (await getJson(meUrl)) as { id?: string; first_name?: string; last_name?: string; email?: string } | null;
  const sameUser = me && String(me.id) === String(data.user_id);
  return {
    provider: 'facebook',
    subject: String(data.user_id),
    // Facebook only returns e-mail addresses it has confirmed.
    email: sameUser ? text(me.email) : null,
    emailVerified: Boolean(sameUser && text(me.email)),
    name: sameUser ? text(me.first_name) : null,
    surname: sameUser ? text(me.last_name) : null,
  };
}

export function verifyExternalToken(
  config: ProviderConfig,
  clock: Clock,
  provider: ExternalProvider,
  token: string,
): Promise<ExternalIdentity> {
  switch (provider) {
    case 'google':
      return verifyGoogle(config, clock, token);
    case 'apple':
      return verifyApple(config, clock, token);
    case 'facebook':
      return verifyFacebook(config, clock, token);
  }
}

/**
 * The providers a sign-in would work with, and the public ids their web SDKs need. The
 * web client's id comes first in each list; secrets never leave the server.
 */
export function configuredProviders(config: ProviderConfig): ExternalProviderInfo[] {
  const providers: ExternalProviderInfo[] = [];
  const [googleClient] = list(config.GOOGLE_CLIENT_ID ?? '');
  if (googleClient) providers.push({ provider: 'google', clientId: googleClient });
  if (config.FACEBOOK_APP_ID && config.FACEBOOK_APP_SECRET) {
    providers.push({ provider: 'facebook', clientId: config.FACEBOOK_APP_ID });
  }
  const [appleService] = list(config.APPLE_CLIENT_ID ?? '');
  if (appleService) {
    providers.push({ provider: 'apple', clientId: appleService, redirectUri: `${config.PUBLIC_URL}/auth/login` });
  }
  return providers;
}

/** Where each provider's web SDK and its sign-in windows come from. */
const SDK_ORIGINS: Record<ExternalProvider, { script: string[]; frame: string[]; connect: string[]; style: string[] }> =
  {
    google: {
      script: ['https://accounts.google.com/gsi/client'],
      frame: ['https://accounts.google.com/gsi/'],
      connect: ['https://accounts.google.com/gsi/'],
      style: ['https://accounts.google.com/gsi/style'],
    },
    facebook: {
      script: ['https://connect.facebook.net'],
      frame: ['https://www.facebook.com', 'https://web.facebook.com'],
      connect: ['https://graph.facebook.com', 'https://www.facebook.com'],
      style: [],
    },
    apple: {
      script: ['https://appleid.cdn-apple.com'],
      frame: ['https://appleid.apple.com'],
      connect: [],
      style: [],
    },
  };

/**
 * Content-Security-Policy sources the configured providers' SDKs need; none for a provider
 * that is not configured, so the page can load nothing from it.
 */
export function socialSignInCspSources(config: ProviderConfig) {
  const sources = { script: [] as string[], frame: [] as string[], connect: [] as string[], style: [] as string[] };
  for (const { provider } of configuredProviders(config)) {
    const origins = SDK_ORIGINS[provider];
    sources.script.push(...origins.script);
    sources.frame.push(...origins.frame);
    sources.connect.push(...origins.connect);
    sources.style.push(...origins.style);
  }
  return sources;
}
