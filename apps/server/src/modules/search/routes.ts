import { ErrorBodySchema } from '@marco/contract/errors';
import type { Locale } from '@marco/contract/locales';
import { type SearchGuidesParsed, SearchGuidesResultSchema, SearchGuidesSchema } from '@marco/contract/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiLocale } from '../../platform/locale.js';
import { sendKept } from '../../platform/serialized-reply.js';
import { createSearchCaches, searchGuides } from './service.js';

const tags = ['search'];

/** Guide search (issue 5), under /api/app. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db: primary, readDb, clock, config, searchGeneration } = app.deps;
  const caches = createSearchCaches(searchGeneration, config.SEARCH_CACHE_SIZE);
  const search = (body: SearchGuidesParsed, locale: Locale) =>
    searchGuides(
      // Search reads public data only: on the replica when there is one (DATABASE_READ_URL).
      // A date search may refresh the availability index it reads, a write that a replica
      // refuses, so it runs on the primary until that refresh leaves the read path.
      body.dateFrom ? primary : readDb,
      caches,
      body,
      locale,
      clock.now(),
    );

  app.post(
    '/search-public/search-guides-public',
    {
      schema: {
        tags,
        summary:
          'Approved, active guides by location, dates, languages, maximum price, gender, service types and kind, rating; five sorts; paged with total',
        body: SearchGuidesSchema,
        response: { 200: SearchGuidesResultSchema, 400: ErrorBodySchema },
      },
    },
    async (request, reply) =>
      sendKept(request, reply, await search(request.body, apiLocale(request, request.body.locale))),
  );
  // A search page's render asks for its results while the visitor waits.
  app.deps.inProcessAnswers.set(`${app.prefix}/search-public/search-guides-public`, async (payload, locale) => {
    const body = SearchGuidesSchema.safeParse(payload);
    return body.success ? search(body.data, body.data.locale ?? locale) : null;
  });
};
