import { ErrorBodySchema } from '@marco/contract/errors';
import {
  CreateReportSchema,
  DecideModerationItemSchema,
  ModerationItemDetailSchema,
  ModerationItemParamsSchema,
  ModerationQueueQuerySchema,
  ModerationQueueSchema,
  ReportReceiptSchema,
  StaffUserDetailSchema,
  StaffUserListQuerySchema,
  StaffUserListSchema,
  StaffUserParamsSchema,
  SuspendUserSchema,
} from '@marco/contract/moderation';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedInSecurity, userOf } from '../../platform/auth/index.js';
import { requireStaff } from '../staff/staff-guard.js';
import { createReport } from './create-report.js';
import { decideModerationItem, getModerationItem, listModerationQueue } from './queue.js';
import { getUserForStaff, listUsersForStaff } from './staff-users.js';
import { reinstateUser, suspendUser } from './suspensions.js';

const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema]));
const actorOf = (request: FastifyRequest) => ({ user: userOf(request), requestId: request.id });
const support = { onRequest: requireStaff('support') };
const M = '/api/app/staff/moderation';
const U = '/api/app/staff/users';
const noStore = { 'cache-control': 'private, no-store' };

/**
 * Moderation (issue 18 item 5): any signed-in user reports; support (or admin, with the
 * second factor) works the queue, suspends and reinstates users and reads their history.
 */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { db } = deps;

  app.post(
    '/api/app/moderation/reports',
    {
      schema: {
        tags: ['moderation'],
        summary:
          'Reports a review, a guide reply, a message of one of your conversations, a guide profile or a user, once (409 the second time)',
        ...signedInSecurity,
        body: CreateReportSchema,
        response: { 201: ReportReceiptSchema, ...errors(400, 401, 404, 409) },
      },
      onRequest: requireUser,
    },
    async (request, reply) => reply.code(201).send(await createReport(deps, userOf(request).id, request.body)),
  );

  const tags = ['staff'];

  app.get(
    M,
    {
      schema: {
        tags,
        summary: 'Reported items: open ones oldest first (the queue), or decided ones newest first; paged',
        ...signedInSecurity,
        querystring: ModerationQueueQuerySchema,
        response: { 200: ModerationQueueSchema, ...errors(400, 401, 403) },
      },
      ...support,
    },
    async (request, reply) => reply.headers(noStore).send(await listModerationQueue(db, request.query)),
  );

  app.get(
    `${M}/:id`,
    {
      schema: {
        tags,
        summary: 'One reported item as first reported, its author, and every report of it',
        ...signedInSecurity,
        params: ModerationItemParamsSchema,
        response: { 200: ModerationItemDetailSchema, ...errors(400, 401, 403, 404) },
      },
      ...support,
    },
    async (request, reply) => reply.headers(noStore).send(await getModerationItem(db, request.params.id)),
  );

  app.post(
    `${M}/:id/decide`,
    {
      schema: {
        tags,
        summary:
          'Decides an open item: dismiss, hide (reviews, replies, messages; a hidden review leaves the rating), warn or suspend its author. Recorded in the audit log',
        ...signedInSecurity,
        params: ModerationItemParamsSchema,
        body: DecideModerationItemSchema,
        response: { 200: ModerationItemDetailSchema, ...errors(400, 401, 403, 404, 409) },
      },
      ...support,
    },
    async (request) => {
      await decideModerationItem(deps, actorOf(request), request.params.id, request.body);
      return getModerationItem(db, request.params.id);
    },
  );

  app.get(
    U,
    {
      schema: {
        tags,
        summary:
          'Accounts by id, phone (E.164), or a fragment of name, surname or e-mail; or the suspended ones; paged',
        ...signedInSecurity,
        querystring: StaffUserListQuerySchema,
        response: { 200: StaffUserListSchema, ...errors(400, 401, 403) },
      },
      ...support,
    },
    async (request, reply) => reply.headers(noStore).send(await listUsersForStaff(db, request.query)),
  );

  app.get(
    `${U}/:userId`,
    {
      schema: {
        tags,
        summary:
          'One account (no password data) and its history: reservations, reports about it and by it, staff actions',
        ...signedInSecurity,
        params: StaffUserParamsSchema,
        response: { 200: StaffUserDetailSchema, ...errors(400, 401, 403, 404) },
      },
      ...support,
    },
    async (request, reply) => reply.headers(noStore).send(await getUserForStaff(db, request.params.userId)),
  );

  app.post(
    `${U}/:userId/suspend`,
    {
      schema: {
        tags,
        summary:
          'Suspends a user with a reason: their sessions end at once, they cannot sign in, and their guide profile leaves search and profiles (409 when already suspended; 403 for a staff account)',
        ...signedInSecurity,
        params: StaffUserParamsSchema,
        body: SuspendUserSchema,
        response: { 200: StaffUserDetailSchema, ...errors(400, 401, 403, 404, 409) },
      },
      ...support,
    },
    async (request) => {
      await suspendUser(deps, actorOf(request), request.params.userId, request.body.reason);
      return getUserForStaff(db, request.params.userId);
    },
  );

  app.post(
    `${U}/:userId/reinstate`,
    {
      schema: {
        tags,
        summary:
          'Lifts a suspension: the user may sign in again and the guide profile it took down is public again (409 when not suspended)',
        ...signedInSecurity,
        params: StaffUserParamsSchema,
        response: { 200: StaffUserDetailSchema, ...errors(400, 401, 403, 404, 409) },
      },
      ...support,
    },
    async (request) => {
      await reinstateUser(deps, actorOf(request), request.params.userId);
      return getUserForStaff(db, request.params.userId);
    },
  );
};
