import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** The route label of requests no route matched (unknown paths, the web app's pages): one series, whatever the URL. */
export const UNMATCHED_ROUTE = '(unmatched)';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether `Authorization` carries the metrics token, compared in constant time. */
export function isMetricsToken(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1] ?? '';
  // Digests have one length, so the comparison takes the same time whatever was sent.
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * Times every request and serves `GET /metrics` to Prometheus. Register before the routes,
 * so the hook reaches them all; without METRICS_TOKEN nothing is added.
 */
export function registerMetrics(app: FastifyInstance): void {
  const { metrics, config } = app.deps;
  const token = config.METRICS_TOKEN;
  if (!token || metrics.kind === 'none') return;

  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    // Without the token, the answer is the one of any unknown path: the endpoint does not reveal itself.
    if (!isMetricsToken(request.headers.authorization, token)) return reply.callNotFound();
    const { contentType, body } = await metrics.exposition();
    return reply.type(contentType).header('cache-control', 'no-store').send(body);
  });
}
