import { ErrorBodySchema } from '@marco/contract/errors';
import { DEAD_LETTERS_SHOWN, StaffJobsSchema } from '@marco/contract/jobs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInSecurity } from '../../platform/auth/index.js';
import { jobStatus } from '../../platform/scheduler/index.js';
import { requireStaff } from '../staff/staff-guard.js';
import { backgroundJobs } from './background-jobs.js';

const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema]));

/** The console's view of the job queue (issue 18): admin only, as it is about running the platform. */
export const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const jobs = backgroundJobs(deps);

  app.get(
    '/api/app/staff/jobs',
    {
      schema: {
        tags: ['staff'],
        summary:
          "The background jobs (admin): per job its interval, the runs waiting, running and waiting for a retry, when it last succeeded and failed; and the newest dead letters, runs that failed every try, with the last try's error",
        ...signedInSecurity,
        response: { 200: StaffJobsSchema, ...errors(401, 403) },
      },
      onRequest: requireStaff('admin'),
    },
    async () => ({
      ...(await jobStatus(deps.db, jobs, DEAD_LETTERS_SHOWN)),
      generatedAt: deps.clock.now().toISOString(),
    }),
  );
};
