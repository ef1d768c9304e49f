import {
  DeskCancelSchema,
  DeskRefundRequestSchema,
  DeskReservationDetailSchema,
  DeskReservationParamsSchema,
  DeskSearchQuerySchema,
  DeskSearchResultSchema,
} from '@marco/contract/desk';
import { ErrorBodySchema } from '@marco/contract/errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInSecurity, userOf } from '../../platform/auth/index.js';
import { refundByStaff } from '../payments/refund-by-staff.js';
import { cancelByStaff } from '../reservations/service.js';
import { requireStaff } from '../staff/staff-guard.js';
import { getReservationStory } from './reservation-story.js';
import { searchReservations } from './search-reservations.js';

const R = '/api/app/staff/reservations';
const tags = ['staff'];
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema]));
const actorOf = (request: FastifyRequest) => ({ user: userOf(request), requestId: request.id });
// Support runs the desk; finance finds reservations to refund above the support limit, which
// only finance may do; admin holds both roles.
const support = { onRequest: requireStaff('support') };
const supportOrFinance = { onRequest: requireStaff('support', 'finance') };

/** The reservation desk (issue 18 item 2). */
export const deskRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    R,
    {
      schema: {
        tags,
        summary:
          'Finds reservations (support, finance): by id, phone or name of either party, guide, start dates, status and payment state; paged and sorted',
        ...signedInSecurity,
        querystring: DeskSearchQuerySchema,
        response: { 200: DeskSearchResultSchema, ...errors(400, 401, 403) },
      },
      ...supportOrFinance,
    },
    async (request) => searchReservations(deps.db, request.query),
  );

  app.get(
    `${R}/:id`,
    {
      schema: {
        tags,
        summary:
          "A reservation's whole story (support, finance): status history with who and when, payments and refunds with provider ids, provider events, notifications, the number of messages",
        ...signedInSecurity,
        params: DeskReservationParamsSchema,
        response: { 200: DeskReservationDetailSchema, ...errors(400, 401, 403, 404) },
      },
      ...supportOrFinance,
    },
    async (request) => getReservationStory(deps, request.params.id),
  );

  app.post(
    `${R}/:id/cancel`,
    {
      schema: {
        tags,
        summary:
          "Cancels on behalf of the traveller (refund by the 24-hour rule) or the guide (full refund), with a reason (support); answers the reservation's story",
        ...signedInSecurity,
        params: DeskReservationParamsSchema,
        body: DeskCancelSchema,
        response: { 200: DeskReservationDetailSchema, ...errors(400, 401, 403, 404, 409) },
      },
      ...support,
    },
    async (request) => {
      await cancelByStaff(deps, actorOf(request), request.params.id, request.body);
      return getReservationStory(deps, request.params.id);
    },
  );

  app.post(
    `${R}/:id/refunds`,
    {
      schema: {
        tags,
        summary:
          "Refunds a paid reservation in full or in part, amount in minor units, with a reason (support up to the configured limit, finance above it); answers the reservation's story",
        ...signedInSecurity,
        params: DeskReservationParamsSchema,
        body: DeskRefundRequestSchema,
        response: { 200: DeskReservationDetailSchema, ...errors(400, 401, 403, 404, 409) },
      },
      ...supportOrFinance,
    },
    async (request) => {
      await refundByStaff(deps, actorOf(request), request.params.id, request.body, request.log);
      return getReservationStory(deps, request.params.id);
    },
  );
};
