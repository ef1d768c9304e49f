import { ConsentRecordSchema, MY_CONSENT_PATH, MyConsentSchema, SaveMyConsentSchema } from '@marco/contract/consent';
import { ErrorBodySchema } from '@marco/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedInSecurity, userOf } from '../../platform/auth/index.js';
import { getMyConsent, saveMyConsent } from './service.js';

const tags = ['consent'];
const path = `/api/app/${MY_CONSENT_PATH}`;

/**
 * A member's cookie and commercial-message consent (spec §2), kept on the server with time
 * and version. Visitors keep theirs in the `consent` cookie only, so these calls are for members.
 */
export const consentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    path,
    {
      schema: {
        tags,
        summary: "The caller's choice in force; consent is null before the first",
        ...signedInSecurity,
        response: { 200: MyConsentSchema, 401: ErrorBodySchema },
      },
      onRequest: requireUser,
    },
    async (request) => ({ consent: await getMyConsent(deps.db, userOf(request).id) }),
  );

  app.put(
    path,
    {
      schema: {
        tags,
        summary: 'Records a choice (a new history row when it changes); answers the choice in force',
        ...signedInSecurity,
        body: SaveMyConsentSchema,
        response: { 200: ConsentRecordSchema, 400: ErrorBodySchema, 401: ErrorBodySchema },
      },
      onRequest: requireUser,
    },
    async (request) => saveMyConsent(deps, userOf(request).id, request.body),
  );
};
