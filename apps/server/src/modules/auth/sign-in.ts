import { LOGIN_CLIENT_ID, REMEMBER_ME_MAX_AGE_S, type SignInResult } from '@marco/contract/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import { createSession, revokeSession, setSessionCookie } from '../../platform/auth/index.js';
import { assertNotSuspended } from '../moderation/suspensions.js';
import { getCurrentUser } from './current-user.js';

/** A browser-session cookie (no remember-me) ends on the server after a day unused, and within a week at most. */
export const WEB_SESSION = { ttlSeconds: 7 * 86_400, idleTimeoutSeconds: 86_400 };

/**
 * Starts a session for a user who just proved who they are. Web: the `marco_session`
 * cookie (replacing the caller's previous one); other clients: a bearer token in the answer.
 */
export async function startSession(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'pubsub'>,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  options: { useCookie: boolean; rememberMe: boolean; client?: string },
): Promise<SignInResult> {
  const { db, clock, config } = deps;
  // Every way in (password, social sign-in, finishing sign-up) ends here.
  await assertNotSuspended(db, userId);
  if (options.useCookie) {
    if (request.authVia === 'cookie' && request.user) await revokeSession(deps, request.user.sessionId);
    const session = await createSession(db, clock, {
      userId,
      client: 'web',
      ...(options.rememberMe ? { ttlSeconds: REMEMBER_ME_MAX_AGE_S } : WEB_SESSION),
    });
    setSessionCookie(request, reply, config, session.token, options.rememberMe);
    return { user: await getCurrentUser(db, userId) };
  }
  const session = await createSession(db, clock, {
    userId,
    client: options.client ?? LOGIN_CLIENT_ID,
    ttlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
  });
  reply.header('cache-control', 'no-store');
  return {
    user: await getCurrentUser(db, userId),
    accessToken: session.token,
    tokenType: 'Bearer',
    expiresIn: session.expiresIn,
  };
}
