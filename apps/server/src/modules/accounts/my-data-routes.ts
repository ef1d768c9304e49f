import { ErrorBodySchema } from '@marco/contract/errors';
import { MyDataExportSchema } from '@marco/contract/my-data';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedInSecurity, userOf } from '../../platform/auth/index.js';
import { exportMyData, myDataFileName } from './export-my-data.js';

/** "Download my data" of /settings (issue 8): the data-subject access request, answered at once. */
export const myDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/api/account/my-data',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Everything Marco holds about the caller, as a JSON file to download (KVKK Art. 11, GDPR Art. 15)',
        ...signedInSecurity,
        response: { 200: MyDataExportSchema, 401: ErrorBodySchema },
      },
      onRequest: requireUser,
    },
    async (request, reply) => {
      const data = await exportMyData(deps, userOf(request).id);
      // Personal data: never kept by a shared cache or the browser's back-forward cache.
      return reply
        .header('content-disposition', `attachment; filename="${myDataFileName(deps.clock.now())}"`)
        .header('cache-control', 'no-store')
        .send(data);
    },
  );
};
