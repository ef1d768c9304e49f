import { ErrorBodySchema } from '@marco/contract/errors';
import {
  GetNotificationsQuerySchema,
  MarkNotificationsAsReadSchema,
  NotificationListSchema,
  NotificationUnreadCountSchema,
} from '@marco/contract/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedInSecurity, userOf } from '../../platform/auth/index.js';
import { rememberCallerLocale } from './notice.js';
import { countUnreadNotifications, listNotifications, markNotificationsAsRead } from './service.js';

const tags = ['notifications'];
const PREFIX = '/api/app/notification-public';
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema]));
const guarded = { onRequest: requireUser };

/** The caller's in-app notifications; each call sees and changes only the caller's own. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.addHook('preHandler', rememberCallerLocale(deps));

  app.get(
    `${PREFIX}/get-notifications`,
    {
      schema: {
        tags,
        summary: 'The caller’s notifications, newest first (cursor paging), with the unread count',
        ...signedInSecurity,
        querystring: GetNotificationsQuerySchema,
        response: { 200: NotificationListSchema, ...errors(400, 401) },
      },
      ...guarded,
    },
    async (request) => listNotifications(deps, userOf(request).id, request.query),
  );

  app.get(
    `${PREFIX}/get-unread-count`,
    {
      schema: {
        tags,
        ...signedInSecurity,
        response: { 200: NotificationUnreadCountSchema, ...errors(401) },
      },
      ...guarded,
    },
    async (request) => ({ unreadCount: await countUnreadNotifications(deps, userOf(request).id) }),
  );

  app.put(
    `${PREFIX}/mark-as-read`,
    {
      schema: {
        tags,
        summary: 'Marks the caller’s notifications with these ids as read',
        ...signedInSecurity,
        body: MarkNotificationsAsReadSchema,
        response: { 200: NotificationUnreadCountSchema, ...errors(400, 401) },
      },
      ...guarded,
    },
    async (request) => markNotificationsAsRead(deps, userOf(request).id, request.body.ids),
  );

  app.put(
    `${PREFIX}/mark-all-as-read`,
    {
      schema: { tags, ...signedInSecurity, response: { 200: NotificationUnreadCountSchema, ...errors(401) } },
      ...guarded,
    },
    async (request) => markNotificationsAsRead(deps, userOf(request).id, 'all'),
  );
};
