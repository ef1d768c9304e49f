import { ErrorBodySchema } from '@marco/contract/errors';
import {
  CancelReservationSchema,
  CreateReservationSchema,
  IDEMPOTENCY_KEY_HEADER,
  RejectReservationSchema,
  type Reservation,
  ReservationIdParamsSchema,
  ReservationListQuerySchema,
  ReservationListSchema,
  ReservationSchema,
} from '@marco/contract/reservations';
import { keyField } from '@marco/contract/text';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, signedInSecurity, userOf } from '../../platform/auth/index.js';
import { registerHeldIntervalsSource } from '../guides/availability.js';
import { rememberCallerLocale } from '../notifications/notice.js';
import {
  acceptByGuide,
  cancelByTourist,
  confirmConsumption,
  createReservation,
  getReservation,
  listReservations,
  rejectByGuide,
  reservationHeldIntervals,
} from './service.js';

const tags = ['reservations'];
const PREFIX = '/api/app/reservation-operations-public';
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema]));
const guarded = { onRequest: requireUser };

const IdempotencyHeadersSchema = z.object({
  [IDEMPOTENCY_KEY_HEADER]: keyField().trim().min(1).max(200).optional(),
});

/** spec §7 reservation-operations-public: every call is the caller's own reservation, as its tourist or guide. */
export const reservationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.addHook('preHandler', rememberCallerLocale(deps));
  // Availability (search, the wizard) now subtracts the hours held by reservations.
  registerHeldIntervalsSource(reservationHeldIntervals);

  app.post(
    `${PREFIX}/create`,
    {
      schema: {
        tags,
        summary:
          'A tourist requests a guide for dates and hours; a retried call with the same Idempotency-Key answers the first result',
        ...signedInSecurity,
        headers: IdempotencyHeadersSchema,
        body: CreateReservationSchema,
        response: { 200: ReservationSchema, ...errors(400, 401, 404, 409) },
      },
      ...guarded,
    },
    async (request) =>
      createReservation(deps, userOf(request).id, request.body, request.headers[IDEMPOTENCY_KEY_HEADER]),
  );

  const action = (path: string, summary: string, run: (userId: string, id: string) => Promise<Reservation>) =>
    app.put(
      `${PREFIX}/:id/${path}`,
      {
        schema: {
          tags,
          summary,
          ...signedInSecurity,
          params: ReservationIdParamsSchema,
          response: { 200: ReservationSchema, ...errors(400, 401, 404, 409) },
        },
        ...guarded,
      },
      async (request) => run(userOf(request).id, request.params.id),
    );

  action(
    'accept-by-guide',
    'The guide approves a pending request (409 SLOT_TAKEN when the hours are held)',
    (userId, id) => acceptByGuide(deps, userId, id),
  );
  action('confirm-consumption', 'The guide confirms a paid tour took place, after its end', (userId, id) =>
    confirmConsumption(deps, userId, id),
  );

  app.put(
    `${PREFIX}/:id/reject-by-guide`,
    {
      schema: {
        tags,
        summary: 'The guide rejects a pending request, with a reason',
        ...signedInSecurity,
        params: ReservationIdParamsSchema,
        body: RejectReservationSchema,
        response: { 200: ReservationSchema, ...errors(400, 401, 404, 409) },
      },
      ...guarded,
    },
    async (request) => rejectByGuide(deps, userOf(request).id, request.params.id, request.body.reason),
  );

  app.put(
    `${PREFIX}/:id/cancel-by-tourist`,
    {
      schema: {
        tags,
        summary: 'The tourist cancels, with a reason from the list (free text required for other)',
        ...signedInSecurity,
        params: ReservationIdParamsSchema,
        body: CancelReservationSchema,
        response: { 200: ReservationSchema, ...errors(400, 401, 404, 409) },
      },
      ...guarded,
    },
    async (request) => cancelByTourist(deps, userOf(request).id, request.params.id, request.body),
  );

  for (const side of ['guide', 'tourist'] as const) {
    app.get(
      `${PREFIX}/${side}/list`,
      {
        schema: {
          tags,
          summary: `The caller's reservations as ${side}, by group (active, awaiting, history), paged`,
          ...signedInSecurity,
          querystring: ReservationListQuerySchema,
          response: { 200: ReservationListSchema, ...errors(400, 401) },
        },
        ...guarded,
      },
      async (request) => listReservations(deps.db, userOf(request).id, side, request.query),
    );
    app.get(
      `${PREFIX}/${side}/:id`,
      {
        schema: {
          tags,
          summary: `One of the caller's reservations as ${side}`,
          ...signedInSecurity,
          params: ReservationIdParamsSchema,
          response: { 200: ReservationSchema, ...errors(400, 401, 404) },
        },
        ...guarded,
      },
      async (request) => getReservation(deps.db, userOf(request).id, side, request.params.id),
    );
  }
};
