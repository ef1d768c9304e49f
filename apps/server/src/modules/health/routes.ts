import { ErrorBodySchema } from '@marco/contract/errors';
import {
  HealthSchema,
  LivenessSchema,
  type Readiness,
  type ReadinessCheck,
  type ReadinessFailure,
  ReadinessSchema,
} from '@marco/contract/reference';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.js';

/** Each readiness check's limit: a hung database must not hang the load balancer's probe. */
const CHECK_TIMEOUT_MS = 2000;

type Outcome = 'ok' | 'failed' | 'timeout';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    { schema: { tags: ['health'], response: { 200: HealthSchema, 503: ErrorBodySchema } } },
    async (request) => {
      try {
        await app.deps.db.execute(sql`select 1`);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        throw new AppError('NETWORK_ERROR', 'Database unreachable');
      }
      return { status: 'ok' as const, database: 'ok' as const, version: app.deps.version };
    },
  );

  app.get('/api/health/live', { schema: { tags: ['health'], response: { 200: LivenessSchema } } }, async () => ({
    status: 'ok' as const,
  }));

  const checks: Array<[ReadinessCheck, () => Promise<unknown>]> = [
    ['database', () => app.deps.db.execute(sql`select 1`)],
    ['storage', () => app.deps.storage.check()],
  ];
  if (app.deps.pubsub.kind === 'redis') checks.push(['redis', () => app.deps.pubsub.check()]);

  app.get(
    '/api/health/ready',
    { schema: { tags: ['health'], response: { 200: ReadinessSchema, 503: ErrorBodySchema } } },
    async (request) => {
      const outcomes = await Promise.all(
        checks.map(async ([name, check]): Promise<[ReadinessCheck, Outcome]> => {
          const outcome = await withTimeout(check()).catch((error: unknown) => {
            request.log.warn({ err: error, check: name }, 'readiness check failed');
            return 'failed' as const;
          });
          return [name, outcome];
        }),
      );
      const failed = outcomes.filter(([, outcome]) => outcome !== 'ok').map(([name]) => name);
      const results = Object.fromEntries(outcomes);
      if (failed.length > 0) {
        const details: ReadinessFailure = { failed, checks: results as ReadinessFailure['checks'] };
        throw new AppError('NETWORK_ERROR', `Not ready: ${failed.join(', ')}`, details);
      }
      return { status: 'ok' as const, checks: results as Readiness['checks'] };
    },
  );
};

async function withTimeout(work: Promise<unknown>): Promise<'ok' | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work.then(() => 'ok' as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
