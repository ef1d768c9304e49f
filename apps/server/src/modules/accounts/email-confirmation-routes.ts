import { MyProfileSchema } from '@marco/contract/accounts';
import {
  ConfirmEmailSchema,
  EMAIL_CONFIRMATION_CONFIRM_PATH,
  EMAIL_CONFIRMATION_SEND_PATH,
  EmailConfirmationSentSchema,
} from '@marco/contract/email-confirmation';
import { ErrorBodySchema } from '@marco/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedInSecurity, userOf } from '../../platform/auth/index.js';
import { detectLocale } from '../../platform/locale.js';
import { confirmEmail, sendEmailConfirmation } from './email-confirmation.js';

const tags = ['accounts'];
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema]));

/** Confirmation of the signed-in user's e-mail address (spec §3 `emailConfirmed`). */
export const emailConfirmationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post(
    EMAIL_CONFIRMATION_SEND_PATH,
    {
      schema: {
        tags,
        summary: "Mails a new confirmation link (24 h, one use) to the caller's unconfirmed e-mail address",
        ...signedInSecurity,
        response: { 200: EmailConfirmationSentSchema, ...errors(401, 409, 429) },
      },
      onRequest: requireUser,
    },
    async (request) => sendEmailConfirmation(deps, { userId: userOf(request).id, locale: detectLocale(request) }),
  );

  app.post(
    EMAIL_CONFIRMATION_CONFIRM_PATH,
    {
      schema: {
        tags,
        summary: "Confirms the caller's e-mail address with the token of a confirmation link; answers the profile",
        ...signedInSecurity,
        body: ConfirmEmailSchema,
        response: { 200: MyProfileSchema, ...errors(400, 401) },
      },
      onRequest: requireUser,
    },
    async (request) => confirmEmail(deps, { userId: userOf(request).id, token: request.body.token }),
  );
};
