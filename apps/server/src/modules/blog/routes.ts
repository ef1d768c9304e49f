import { ErrorBodySchema } from '@marco/contract/errors';
import { LOCALES, type Locale } from '@marco/contract/locales';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import { detectLocale } from '../../platform/locale.js';
import { buildRss, readArticles, readFeedTexts } from './feed.js';

const tags = ['blog'];
const LocaleParamSchema = z.object({ locale: z.string() });
const FeedQuerySchema = z.object({ locale: z.enum(LOCALES).optional() });

/** The blog's RSS 2.0 feed per locale, from the Markdown articles in the repository. */
export const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;

  const sendFeed = async (locale: Locale) => {
    const [texts, articles] = await Promise.all([readFeedTexts(locale), readArticles(locale)]);
    return buildRss({ publicUrl: config.PUBLIC_URL, locale, ...texts, articles });
  };

  app.get(
    '/:locale/blog/rss.xml',
    {
      schema: {
        tags,
        summary: "RSS 2.0 feed of the blog's articles in one locale",
        // The unprefixed /blog/rss.xml keeps the plain name.
        operationId: 'blogRssXmlByLocaleList',
        params: LocaleParamSchema,
        response: { 200: z.string(), 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { locale } = request.params;
      if (!(LOCALES as readonly string[]).includes(locale)) throw new AppError('NOT_FOUND', 'No such locale');
      return reply
        .type('application/rss+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(await sendFeed(locale as Locale));
    },
  );

  app.get(
    '/blog/rss.xml',
    {
      schema: {
        tags,
        summary: 'RSS 2.0 feed of the blog; `?locale=`, else the visitor’s locale',
        querystring: FeedQuerySchema,
        response: { 200: z.string(), 400: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const locale = request.query.locale ?? detectLocale(request);
      return reply
        .type('application/rss+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .header('vary', 'accept-language, cookie')
        .send(await sendFeed(locale));
    },
  );
};
