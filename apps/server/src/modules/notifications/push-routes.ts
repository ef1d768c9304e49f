import { ErrorBodySchema } from '@marco/contract/errors';
import {
  PushEndpointSchema,
  PushSettingsSchema,
  PushSubscriptionInputSchema,
  UpdatePushPreferencesSchema,
} from '@marco/contract/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedInSecurity, userOf } from '../../platform/auth/index.js';
import { getPushSettings, subscribeToPush, unsubscribeFromPush, updatePushPreferences } from './push.js';

const tags = ['notifications'];
const PREFIX = '/api/app/push-notification-public';
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema]));
const guarded = { onRequest: requireUser };

/** Web Push (issue 19): every call reads or changes the caller's own browsers and preferences. */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    `${PREFIX}/settings`,
    {
      schema: {
        tags,
        summary: 'The VAPID public key, the caller’s push preferences and the endpoints of their browsers with push on',
        ...signedInSecurity,
        response: { 200: PushSettingsSchema, ...errors(401) },
      },
      ...guarded,
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getPushSettings(deps, userOf(request).id);
    },
  );

  app.post(
    `${PREFIX}/subscribe`,
    {
      schema: {
        tags,
        summary: 'Turns push on in this browser: keeps its PushSubscription (at most 20 browsers per account)',
        ...signedInSecurity,
        body: PushSubscriptionInputSchema,
        response: { 200: PushSettingsSchema, ...errors(400, 401, 409) },
      },
      ...guarded,
    },
    async (request) => subscribeToPush(deps, userOf(request).id, request.body),
  );

  app.post(
    `${PREFIX}/unsubscribe`,
    {
      schema: {
        tags,
        summary: 'Turns push off in the browser with this endpoint (one of the caller’s)',
        ...signedInSecurity,
        body: PushEndpointSchema,
        response: { 200: PushSettingsSchema, ...errors(400, 401, 404) },
      },
      ...guarded,
    },
    async (request) => unsubscribeFromPush(deps, userOf(request).id, request.body.endpoint),
  );

  app.put(
    `${PREFIX}/preferences`,
    {
      schema: {
        tags,
        summary: 'Turns push events on or off (only the events named change)',
        ...signedInSecurity,
        body: UpdatePushPreferencesSchema,
        response: { 200: PushSettingsSchema, ...errors(400, 401) },
      },
      ...guarded,
    },
    async (request) => updatePushPreferences(deps, userOf(request).id, request.body),
  );
};
