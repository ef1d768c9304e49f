import { ErrorBodySchema } from '@marco/contract/errors';
import { StaffOverviewSchema } from '@marco/contract/overview';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInSecurity } from '../../platform/auth/index.js';
import { requireStaff } from '../staff/staff-guard.js';
import { getStaffOverview } from './staff-overview.js';

const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema]));

/** The console's overview (issue 18 item 8): every staff role reads it; admin holds them all. */
export const overviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/api/app/staff/overview',
    {
      schema: {
        tags: ['staff'],
        summary:
          'The last 12 ISO weeks (UTC), oldest first (support, finance): bookings made, how many of them are cancelled and how many a problem was reported on, and per currency the payments received and the commission credited',
        ...signedInSecurity,
        response: { 200: StaffOverviewSchema, ...errors(401, 403) },
      },
      onRequest: requireStaff('support', 'finance'),
    },
    async () => getStaffOverview(deps.db, deps.clock.now()),
  );
};
