import { ErrorBodySchema } from '@marco/contract/errors';
import { SupportContactSchema, SupportMessageCreatedSchema } from '@marco/contract/support';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { detectLocale } from '../../platform/locale.js';
import { sendSupportMessage } from './send-support-message.js';

const tags = ['support'];

/** The support contact form (issue 8): visitors and members alike; signed-in senders are linked. */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post(
    '/api/app/support-public/contact',
    {
      schema: {
        tags,
        summary: 'Stores a message to support and mails it to staff; rate-limited per caller address',
        body: SupportContactSchema,
        response: { 200: SupportMessageCreatedSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request) =>
      sendSupportMessage(deps, {
        ...request.body,
        userId: request.user?.id ?? null,
        locale: detectLocale(request),
        ip: request.ip,
      }),
  );
};
