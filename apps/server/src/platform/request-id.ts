import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';
const SANE_REQUEST_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Fastify's `genReqId`. Behind a trusted proxy its `X-Request-Id` is kept, so the proxy's
 * log and Marco's share one id; from anyone else it is ignored, or a client could pass
 * another request's id (or a log-injection string) as its own.
 */
export function requestIdGenerator(trustProxy: boolean): (request: IncomingMessage) => string {
  if (!trustProxy) return () => crypto.randomUUID();
  return (request) => {
    const given = request.headers[REQUEST_ID_HEADER];
    return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : crypto.randomUUID();
  };
}

/**
 * Every answer (errors and pages too) names its request id, which the logs carry, so a user
 * can quote it to support. Register before the routes, so the hook reaches them all.
 */
export function sendRequestId(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done(null, payload);
  });
}
