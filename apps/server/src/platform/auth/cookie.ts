import { REMEMBER_ME_MAX_AGE_S, SESSION_COOKIE } from '@marco/contract/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Secure, except for plain http to localhost (a newcomer's first run), or as COOKIE_SECURE says. */
export function isSecureCookie(request: FastifyRequest, config: Pick<Config, 'COOKIE_SECURE'>): boolean {
  if (config.COOKIE_SECURE !== 'auto') return config.COOKIE_SECURE === 'true';
  return !(request.protocol === 'http' && LOCAL_HOSTS.has(request.hostname));
}

/**
 * spec §9: HttpOnly, SameSite=Strict, Secure; Max-Age 2592000 s with remember-me, else a
 * browser-session cookie.
 */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Pick<Config, 'COOKIE_SECURE'>,
  token: string,
  rememberMe: boolean,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: isSecureCookie(request, config),
    ...(rememberMe ? { maxAge: REMEMBER_ME_MAX_AGE_S } : {}),
  });
}

export function clearSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Pick<Config, 'COOKIE_SECURE'>,
): void {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: isSecureCookie(request, config),
  });
}
