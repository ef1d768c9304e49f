import { ErrorBodySchema } from '@marco/contract/errors';
import {
  NewsletterSubscribeResultSchema,
  NewsletterSubscribeSchema,
  NewsletterTokenQuerySchema,
} from '@marco/contract/newsletter';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiLocale, detectLocale } from '../../platform/locale.js';
import { confirmNewsletter, subscribeToNewsletter, unsubscribeFromNewsletter } from './service.js';

const tags = ['newsletter'];

/** The footer's newsletter: double opt-in through the Mailer, with an unsubscribe link in every mail. */
export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, mailer, config } = app.deps;

  app.post(
    '/newsletter-public/subscribe',
    {
      schema: {
        tags,
        body: NewsletterSubscribeSchema,
        response: { 200: NewsletterSubscribeResultSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => {
      const status = await subscribeToNewsletter(
        { db, mailer, publicUrl: config.PUBLIC_URL },
        { email: request.body.email, locale: apiLocale(request, request.body.locale) },
      );
      return { status };
    },
  );

  for (const [action, apply] of [
    ['confirm', confirmNewsletter],
    ['unsubscribe', unsubscribeFromNewsletter],
  ] as const) {
    app.get(
      `/newsletter-public/${action}`,
      { schema: { tags, querystring: NewsletterTokenQuerySchema } },
      async (request, reply) => {
        const locale = await apply(db, request.query.token);
        const outcome = locale ? (action === 'confirm' ? 'confirmed' : 'unsubscribed') : 'invalid';
        return reply.redirect(`/${locale ?? detectLocale(request)}/?newsletter=${outcome}`, 303);
      },
    );
  }
};
