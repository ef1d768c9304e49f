import { ErrorBodySchema } from '@marco/contract/errors';
import {
  ExchangeRatesQuerySchema,
  ExchangeRatesSchema,
  ImportExchangeRatesSchema,
  ImportedExchangeRatesSchema,
  parseExchangeRatesCsv,
  SetExchangeRateSchema,
} from '@marco/contract/rates';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInSecurity, userOf } from '../../platform/auth/index.js';
import { AppError } from '../../platform/errors.js';
import { requireStaff } from '../staff/staff-guard.js';
import { listExchangeRates } from './list-exchange-rates.js';
import { setExchangeRates } from './set-exchange-rates.js';

const S = '/api/app/staff/rates';
const tags = ['staff'];
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema]));
const actorOf = (request: FastifyRequest) => ({ user: userOf(request), requestId: request.id });
const finance = { onRequest: requireStaff('finance') };

/** Exchange rates (issue 18 item 6): finance (and admin) read, set and import them. */
export const rateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    S,
    {
      schema: {
        tags,
        summary: 'The rates in force, the scheduled ones and the history of rates (finance); the history is paged',
        ...signedInSecurity,
        querystring: ExchangeRatesQuerySchema,
        response: { 200: ExchangeRatesSchema, ...errors(400, 401, 403) },
      },
      ...finance,
    },
    async (request) => listExchangeRates(deps.db, request.query, deps.clock.now()),
  );

  app.post(
    S,
    {
      schema: {
        tags,
        summary:
          'Sets the units of TRY or EUR one US dollar buys, from `effectiveAt` (now when absent; later ones take effect then). Recorded in the audit log',
        ...signedInSecurity,
        body: SetExchangeRateSchema,
        response: { 200: ExchangeRatesSchema, ...errors(400, 401, 403) },
      },
      ...finance,
    },
    async (request) => {
      await setExchangeRates(deps, actorOf(request), [request.body], 'form');
      return listExchangeRates(deps.db, ExchangeRatesQuerySchema.parse({}), deps.clock.now());
    },
  );

  app.post(
    `${S}/import`,
    {
      schema: {
        tags,
        summary:
          'Imports rates from CSV text (header currency,units_per_usd,effective_at): every line is checked first, and a file with any problem imports nothing (400 with each line)',
        ...signedInSecurity,
        body: ImportExchangeRatesSchema,
        response: { 200: ImportedExchangeRatesSchema, ...errors(400, 401, 403) },
      },
      ...finance,
    },
    async (request) => {
      const parsed = parseExchangeRatesCsv(request.body.csv);
      if (!parsed.ok) {
        throw new AppError('VALIDATION_FAILED', 'The file has problems; nothing was imported', {
          issues: parsed.problems.map((problem) => ({
            path: 'body.csv',
            message: `Line ${problem.line}: ${problem.message}`,
          })),
          lines: parsed.problems,
        });
      }
      return { imported: await setExchangeRates(deps, actorOf(request), parsed.rates, 'csv') };
    },
  );
};
