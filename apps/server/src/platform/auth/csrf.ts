import { SESSION_COOKIE } from '@marco/contract/auth';
import { errorCodes, type FastifyRequest, type onRequestHookHandler, type preValidationHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import { AppError } from '../errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route signs the caller in with the session cookie: `always`, or when the body says
     * `useCookie: true`. Such a call must come from Marco's own pages (login CSRF).
     */
    setsSessionCookie?: 'always' | 'useCookie';
    /** The route proves its caller by a signature of its own (payment webhooks): no Origin or body-type rule. */
    signedRequests?: boolean;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const JSON_ONLY = ['application/json'];

/** Whether `origin` is Marco's own site: PUBLIC_URL's origin, or the host the request was sent to. */
export function isOwnOrigin(origin: string, host: string, config: Pick<Config, 'PUBLIC_URL'>): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin === new URL(config.PUBLIC_URL).origin) return true;
  return url.host === host;
}

/**
 * A browser says where a request comes from: `Origin` on every cross-origin request and on
 * same-origin ones other than GET and HEAD, and `Sec-Fetch-Site` besides. A form posted from
 * a page with `Referrer-Policy: no-referrer` (Marco's pages, e.g. the sandbox checkout) says
 * `Origin: null`; then, as without Origin, only `Sec-Fetch-Site: same-origin` will do.
 */
function isFromOwnSite(request: FastifyRequest, config: Pick<Config, 'PUBLIC_URL'>): boolean {
  const { origin } = request.headers;
  if (origin !== undefined && origin !== 'null') return isOwnOrigin(origin, request.host, config);
  return request.headers['sec-fetch-site'] === 'same-origin';
}

function refusalUnlessFromOwnSite(request: FastifyRequest, config: Pick<Config, 'PUBLIC_URL'>): AppError | undefined {
  if (isFromOwnSite(request, config)) return undefined;
  return new AppError('FORBIDDEN', 'Cross-site request refused: it must come from this site (Origin)', {
    reason: 'cross_site_request',
  });
}

// Another site's page cannot add an Authorization header without a CORS preflight, which
// Marco never grants, so a bearer request is not a forged one.
const hasBearer = (request: FastifyRequest) => /^Bearer\s+\S+\s*$/i.test(request.headers.authorization ?? '');

const hasBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined ||
  (request.headers['content-length'] !== undefined && request.headers['content-length'] !== '0');

/** A route's hooks of one kind as a list (a route may give one, several or none). */
const hooksOf = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/** The media types a route takes: its OpenAPI `consumes`, else JSON. */
function acceptedTypes(request: FastifyRequest): string[] {
  const consumes = (request.routeOptions.schema as { consumes?: unknown } | undefined)?.consumes;
  return Array.isArray(consumes) ? consumes : JSON_ONLY;
}

/**
 * Cross-site request forgery defence (issue 15 item 4), beside SameSite=Strict:
 * - every state-changing call with a body must send a type the route takes (JSON unless it
 *   declares multipart or a form), so a foreign page's form or text/plain post is refused (415);
 * - a state-changing call carrying the session cookie, and a sign-in that sets it, must come
 *   from Marco's own site (Origin, or Sec-Fetch-Site: same-origin without one), else 403.
 * Bearer requests and signed webhooks are exempt.
 */
export const csrfProtection = fp(
  async (app) => {
    const { config } = app.deps;
    const checkOrigin: onRequestHookHandler = (request, _reply, done) => {
      const route = request.routeOptions.config;
      if (route.signedRequests) return done();
      if (hasBody(request)) {
        const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase() ?? '';
        if (!acceptedTypes(request).includes(type)) return done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(type));
      }
      if (hasBearer(request)) return done();
      if (request.cookies[SESSION_COOKIE] !== undefined || route.setsSessionCookie === 'always') {
        return done(refusalUnlessFromOwnSite(request, config));
      }
      done();
    };
    const checkCookieSignIn: preValidationHookHandler = (request, _reply, done) => {
      if (hasBearer(request)) return done();
      if ((request.body as { useCookie?: unknown } | null | undefined)?.useCookie === true) {
        return done(refusalUnlessFromOwnSite(request, config));
      }
      done();
    };
    // On the routes that change state only: reads (most requests) run no check at all.
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (methods.some((method) => STATE_CHANGING.has(method))) {
        route.onRequest = [...hooksOf(route.onRequest), checkOrigin];
      }
      if (route.config?.setsSessionCookie === 'useCookie') {
        route.preValidation = [...hooksOf(route.preValidation), checkCookieSignIn];
      }
    });
  },
  { name: 'marco-csrf', dependencies: ['@fastify/cookie'] },
);
