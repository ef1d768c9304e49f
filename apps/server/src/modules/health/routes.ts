import { ErrorBodySchema } from '@marco/contract/errors';
import { HealthSchema } from '@marco/contract/reference';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.js';

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
};
