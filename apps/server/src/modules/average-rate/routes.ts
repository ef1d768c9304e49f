import { ErrorBodySchema } from '@marco/contract/errors';
import { AverageRatesQuerySchema, AverageRatesSchema } from '@marco/contract/reviews';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiLocale } from '../../platform/locale.js';
import { getAverageRates } from './service.js';

/** `/average-rate` data (issue 6), public. */
export const averageRateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/api/app/average-rate-public/get-average-rates',
    {
      schema: {
        tags: ['reviews'],
        summary:
          'Average, lowest and highest hourly rates of approved guides, overall, by city and by language, in the asked currency',
        querystring: AverageRatesQuerySchema,
        response: { 200: AverageRatesSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => getAverageRates(db, request.query.currency, apiLocale(request, request.query.locale)),
  );
};
