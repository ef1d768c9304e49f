import { SESSION_COOKIE } from '@marco/contract/auth';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.js';
import { type AuthUser, resolveSession } from './sessions.js';

export { clearSessionCookie, setSessionCookie } from './cookie.js';
export type { AuthUser } from './sessions.js';
export { createSession, revokeSession, revokeUserSessions, type SessionEndDeps } from './sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, from the `marco_session` cookie or `Authorization: Bearer`; null for visitors. */
    user: AuthUser | null;
    /** How `user` was recognised. */
    authVia: 'cookie' | 'bearer' | null;
  }
}

const bearerOf = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
};

/** Decorates every API request with `request.user` (or null). Register once, before the routes. */
export const authPlugin = fp(
  async (app) => {
    app.decorateRequest('user', null);
    app.decorateRequest('authVia', null);
    // A callback hook: a visitor's request (no token, no cookie) is answered at once, without
    // the promise an async hook costs on every request.
    app.addHook('onRequest', (request, _reply, done) => {
      if (!request.url.startsWith('/api/')) return done();
      const bearer = bearerOf(request);
      const token = bearer ?? request.cookies[SESSION_COOKIE];
      if (!token) return done();
      const { db, clock } = app.deps;
      resolveSession(db, clock, token).then((user) => {
        request.user = user;
        request.authVia = user ? (bearer ? 'bearer' : 'cookie') : null;
        done();
      }, done);
    });
  },
  { name: 'marco-auth', dependencies: ['@fastify/cookie'] },
);

/** OpenAPI `security` of calls that need the session cookie or a bearer token: spread it into a route schema. */
export const signedInSecurity = { security: [{ cookie: [] }, { bearer: [] }] as Array<Record<string, string[]>> };

/**
 * Route guard: 401 UNAUTHORIZED unless signed in. Use it as `onRequest: requireUser`, so a
 * visitor is refused before the body is read or validated (`preHandler` works too).
 */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new AppError('UNAUTHORIZED', 'Sign in to continue');
}

/** Route guard: 401 for visitors, 403 FORBIDDEN for users without `role` (e.g. 'staff'). */
export function requireRole(role: string): (request: FastifyRequest) => Promise<void> {
  return async (request: FastifyRequest) => {
    if (!request.user) throw new AppError('UNAUTHORIZED', 'Sign in to continue');
    if (!request.user.roles.includes(role)) throw new AppError('FORBIDDEN', 'Access forbidden');
  };
}

/** The signed-in caller inside a handler guarded by requireUser (throws 401 otherwise). */
export function userOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('UNAUTHORIZED', 'Sign in to continue');
  return request.user;
}
