import { timingSafeEqual } from 'node:crypto';
import {
  LOGIN_CLIENT_ID,
  type OAuthError,
  TOKEN_SCOPES,
  type TokenRequest,
  type TokenResponse,
} from '@marco/contract/auth';
import type { AppDeps } from '../../app-deps.js';
import { createSession } from '../../platform/auth/index.js';
import { AppError } from '../../platform/errors.js';
import { signInWithPassword } from './login.js';

type TokenFailure = { status: 400 | 401 | 429; body: OAuthError; retryAfterSeconds?: number };
export type TokenOutcome = { status: 200; body: TokenResponse } | TokenFailure;

const oauthError = (
  status: 400 | 401 | 429,
  error: OAuthError['error'],
  description: string,
  extra: Partial<OAuthError> = {},
): TokenFailure => ({ status, body: { error, error_description: description, ...extra } });

const sameSecret = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** RFC 6749 §2.3.1: client credentials in HTTP Basic, each part form-url-encoded. */
function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  const match = header ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header) : null;
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const at = decoded.indexOf(':');
  if (at < 0) return null;
  const part = (value: string) => decodeURIComponent(value.replace(/\+/g, ' '));
  try {
    return { id: part(decoded.slice(0, at)), secret: part(decoded.slice(at + 1)) };
  } catch {
    return null;
  }
}

/**
 * `POST /connect/token`, the OAuth2 password grant (spec §7). `Mobile` is a public client
 * (a native app cannot keep a secret); confidential clients come from TOKEN_CLIENTS.
 */
export async function issueToken(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'rateLimiter'>,
  input: { form: TokenRequest; authorization: string | undefined; ip: string },
): Promise<TokenOutcome> {
  const { form } = input;
  const basic = basicCredentials(input.authorization);
  const clientId = basic?.id ?? form.client_id;
  const clientSecret = basic?.secret ?? form.client_secret;
  if (!clientId) return oauthError(401, 'invalid_client', 'client_id is required');
  if (clientId !== LOGIN_CLIENT_ID) {
    const expected = deps.config.TOKEN_CLIENTS[clientId];
    if (expected === undefined || !clientSecret || !sameSecret(clientSecret, expected)) {
      return oauthError(401, 'invalid_client', 'Unknown client or wrong client secret');
    }
  }

  if (!form.grant_type) return oauthError(400, 'invalid_request', 'grant_type is required');
  if (form.grant_type !== 'password') {
    return oauthError(400, 'unsupported_grant_type', 'Only the password grant is supported');
  }

  const requested = (form.scope ?? '').split(/\s+/).filter(Boolean);
  const unknown = requested.filter((scope) => !(TOKEN_SCOPES as readonly string[]).includes(scope));
  if (unknown.length) return oauthError(400, 'invalid_scope', `Unknown scope: ${unknown.join(' ')}`);
  const scope = (requested.length ? [...new Set(requested)] : [...TOKEN_SCOPES]).join(' ');

  if (!form.username || !form.password) {
    return oauthError(400, 'invalid_request', 'username and password are required');
  }

  try {
    const user = await signInWithPassword(deps, {
      phoneNumber: form.username,
      password: form.password,
      ip: input.ip,
    });
    const session = await createSession(deps.db, deps.clock, {
      userId: user.id,
      client: clientId,
      scope,
      ttlSeconds: deps.config.ACCESS_TOKEN_TTL_SECONDS,
    });
    return {
      status: 200,
      body: { access_token: session.token, token_type: 'Bearer', expires_in: session.expiresIn, scope },
    };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const details = (error.details ?? {}) as { lockedUntil?: string; retryAfterSeconds?: number };
    switch (error.code) {
      case 'ACCOUNT_LOCKED':
        return oauthError(400, 'invalid_grant', error.message, {
          error_code: error.code,
          ...(details.lockedUntil ? { locked_until: details.lockedUntil } : {}),
        });
      case 'ACCOUNT_SUSPENDED':
        return oauthError(400, 'invalid_grant', error.message, { error_code: error.code });
      case 'TOO_MANY_ATTEMPTS':
        return {
          ...oauthError(429, 'invalid_grant', error.message, {
            error_code: error.code,
            retry_after_seconds: details.retryAfterSeconds ?? 60,
          }),
          retryAfterSeconds: details.retryAfterSeconds ?? 60,
        };
      case 'INVALID_CREDENTIALS':
      case 'VALIDATION_FAILED':
        return oauthError(400, 'invalid_grant', 'Invalid phone number or password', {
          error_code: 'INVALID_CREDENTIALS',
        });
      default:
        throw error;
    }
  }
}
