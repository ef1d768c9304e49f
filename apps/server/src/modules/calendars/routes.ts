import {
  CalendarFeedQuerySchema,
  CalendarFeedSchema,
  CreateCalendarFeedSchema,
  IcsFileSchema,
  NewCalendarFeedSchema,
  ReservationIcsParamsSchema,
  ReservationIcsQuerySchema,
} from '@marco/contract/calendars';
import { ErrorBodySchema } from '@marco/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedInSecurity, userOf } from '../../platform/auth/index.js';
import { apiLocale } from '../../platform/locale.js';
import { ICS_CONTENT_TYPE } from './ics.js';
import {
  buildReservationIcs,
  createCalendarFeed,
  FEED_PATH,
  getCalendarFeed,
  readCalendarFeed,
  revokeCalendarFeed,
} from './service.js';

const tags = ['calendars'];
const PREFIX = '/api/app/calendar-public';
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema]));
const guarded = { onRequest: requireUser };

/** Calendars (issue 19): a reservation as an .ics file, and a guide's private feed of reservations. */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config } = app.deps;
  const deps = { db, clock, publicUrl: config.PUBLIC_URL };

  app.get(
    `${PREFIX}/reservations/:id/event.ics`,
    {
      schema: {
        tags,
        summary:
          "A paid or completed reservation as an iCalendar file (RFC 5545, times in the guide's zone), for its tourist or guide",
        ...signedInSecurity,
        params: ReservationIcsParamsSchema,
        querystring: ReservationIcsQuerySchema,
        produces: ['text/calendar'],
        response: { 200: IcsFileSchema, ...errors(400, 401, 404, 409) },
      },
      ...guarded,
    },
    async (request, reply) => {
      const ics = await buildReservationIcs(
        deps,
        userOf(request).id,
        request.params.id,
        apiLocale(request, request.query.locale),
      );
      return reply
        .type(ICS_CONTENT_TYPE)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="marco-reservation-${request.params.id.slice(0, 8)}.ics"`)
        .send(ics);
    },
  );

  app.get(
    `${PREFIX}/guide-feed`,
    {
      schema: {
        tags,
        summary: "The guide's calendar feed: whether one is active (its address is shown only when made)",
        ...signedInSecurity,
        response: { 200: CalendarFeedSchema, ...errors(401, 404) },
      },
      ...guarded,
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getCalendarFeed(db, userOf(request).id);
    },
  );

  app.post(
    `${PREFIX}/guide-feed`,
    {
      schema: {
        tags,
        summary: "Makes the guide's secret calendar feed address, replacing the previous one",
        ...signedInSecurity,
        body: CreateCalendarFeedSchema,
        response: { 200: NewCalendarFeedSchema, ...errors(400, 401, 404) },
      },
      ...guarded,
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return createCalendarFeed(deps, userOf(request).id, apiLocale(request, request.body.locale));
    },
  );

  app.delete(
    `${PREFIX}/guide-feed`,
    {
      schema: {
        tags,
        summary: "Revokes the guide's calendar feed: its address stops working at once",
        ...signedInSecurity,
        response: { 200: CalendarFeedSchema, ...errors(401, 404) },
      },
      ...guarded,
    },
    async (request) => revokeCalendarFeed(db, userOf(request).id),
  );

  app.get(
    FEED_PATH,
    {
      schema: {
        tags,
        summary:
          "A guide's reservations (approved, paid, completed; from 60 days back) as an iCalendar feed; the secret token is the credential",
        querystring: CalendarFeedQuerySchema,
        produces: ['text/calendar'],
        response: { 200: IcsFileSchema, ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const ics = await readCalendarFeed(deps, request.query.token);
      return reply
        .type(ICS_CONTENT_TYPE)
        .header('cache-control', 'private, no-cache')
        .header('x-robots-tag', 'noindex')
        .send(ics);
    },
  );
};
