import { ErrorBodySchema } from '@marco/contract/errors';
import {
  FavouriteCountSchema,
  FavouriteGuideListSchema,
  FavouriteGuideParamsSchema,
  FavouriteIdsSchema,
  FavouriteStateSchema,
  FavouritesQuerySchema,
} from '@marco/contract/favourites';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedInSecurity, userOf } from '../../platform/auth/index.js';
import { apiLocale } from '../../platform/locale.js';
import { addFavourite, countMyFavourers, listFavouriteIds, listFavourites, removeFavourite } from './service.js';

const tags = ['favourites'];
const PREFIX = '/api/app/favourite-public';
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema]));
const guarded = { onRequest: requireUser };

/** Favourites (issue 19): every call works on the signed-in caller's own list; none takes a user id. */
export const favouriteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;

  app.get(
    `${PREFIX}/guides`,
    {
      schema: {
        tags,
        summary:
          "The caller's favourite guides, newest first: current hourly price in the asked (else preferred) currency and the next date with a free hour",
        ...signedInSecurity,
        querystring: FavouritesQuerySchema,
        response: { 200: FavouriteGuideListSchema, ...errors(400, 401) },
      },
      ...guarded,
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listFavourites(db, clock, userOf(request).id, request.query, apiLocale(request, request.query.locale));
    },
  );

  app.get(
    `${PREFIX}/guide-ids`,
    {
      schema: {
        tags,
        summary: "Ids of the caller's favourite guides, newest first (the hearts on cards and profiles)",
        ...signedInSecurity,
        response: { 200: FavouriteIdsSchema, ...errors(401) },
      },
      ...guarded,
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listFavouriteIds(db, userOf(request).id);
    },
  );

  app.put(
    `${PREFIX}/guides/:guideId`,
    {
      schema: {
        tags,
        summary: "Adds a public guide to the caller's favourites (again: no change; at most 500)",
        ...signedInSecurity,
        params: FavouriteGuideParamsSchema,
        response: { 200: FavouriteStateSchema, ...errors(400, 401, 404, 409) },
      },
      ...guarded,
    },
    async (request) => addFavourite(db, userOf(request).id, request.params.guideId),
  );

  app.delete(
    `${PREFIX}/guides/:guideId`,
    {
      schema: {
        tags,
        summary: "Removes a guide from the caller's favourites (absent: no change)",
        ...signedInSecurity,
        params: FavouriteGuideParamsSchema,
        response: { 200: FavouriteStateSchema, ...errors(400, 401) },
      },
      ...guarded,
    },
    async (request) => removeFavourite(db, userOf(request).id, request.params.guideId),
  );

  app.get(
    `${PREFIX}/my-guide-count`,
    {
      schema: {
        tags,
        summary: 'For a guide: how many travellers keep them as a favourite (shown to that guide only)',
        ...signedInSecurity,
        response: { 200: FavouriteCountSchema, ...errors(401, 404) },
      },
      ...guarded,
    },
    async (request) => countMyFavourers(db, userOf(request).id),
  );
};
