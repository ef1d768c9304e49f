import { LocaleQuerySchema } from '@marco/contract/common';
import { ErrorBodySchema } from '@marco/contract/errors';
import {
  AdminGuideDetailSchema,
  AdminGuideListQuerySchema,
  AdminGuideListSchema,
  GuideFlagsSchema,
  GuideIdParamsSchema,
  RejectGuideSchema,
  SuspendGuideSchema,
} from '@marco/contract/guides';
import type { Locale } from '@marco/contract/locales';
import { hasStaffRole } from '@marco/contract/staff';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInSecurity, userOf } from '../../platform/auth/index.js';
import { apiLocale } from '../../platform/locale.js';
import { requireStaff } from '../staff/staff-guard.js';
import { getGuideApplication, listGuideApplications, reviewGuide, setGuideFlags } from './review-guides.js';

const tags = ['admin'];
const A = '/api/app/admin/guides';
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema]));
const staffOnly = { onRequest: requireStaff('support') };
const signedIn = signedInSecurity;
const actorOf = (request: FastifyRequest) => ({ user: userOf(request), requestId: request.id });

/**
 * Staff review of guide applications (role support, or admin, with the second factor passed;
 * visitors 401, everyone else 403). Every decision is in the audit log. `{id}`
 * is the guide id or the guide's user id. Every action answers the application as staff see it.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { db } = deps;
  /** The application in the asked locale; its bank details whole only for finance. */
  const applicationFor = (request: FastifyRequest, id: string, locale: Locale | undefined) =>
    getGuideApplication(db, id, apiLocale(request, locale), hasStaffRole(userOf(request).roles, 'finance'));

  app.get(
    A,
    {
      schema: {
        tags,
        summary: 'Applications in one status (default submitted: the review queue, oldest first), paged',
        ...signedIn,
        querystring: AdminGuideListQuerySchema,
        response: { 200: AdminGuideListSchema, ...errors(400, 401, 403) },
      },
      ...staffOnly,
    },
    async (request) => {
      const { status, page, pageSize, locale } = request.query;
      return listGuideApplications(db, { status, page, pageSize }, apiLocale(request, locale));
    },
  );

  app.get(
    `${A}/:id`,
    {
      schema: {
        tags,
        summary: 'One application with its private data; document downloadUrl links are authorised (owner or staff)',
        ...signedIn,
        params: GuideIdParamsSchema,
        querystring: LocaleQuerySchema,
        response: { 200: AdminGuideDetailSchema, ...errors(400, 401, 403, 404) },
      },
      ...staffOnly,
    },
    async (request) => applicationFor(request, request.params.id, request.query.locale),
  );

  const transitions = [
    ['approve', 'Approves a submitted application (409 when it is incomplete or not submitted)', null],
    ['reject', 'Rejects a submitted application with body.reason', RejectGuideSchema],
    ['suspend', 'Suspends an approved guide (optional body.reason): the public profile disappears', SuspendGuideSchema],
    ['reinstate', 'Reinstates a suspended guide as approved', null],
  ] as const;
  for (const [transition, summary, body] of transitions) {
    app.post(
      `${A}/:id/${transition}`,
      {
        schema: {
          tags,
          summary,
          ...signedIn,
          params: GuideIdParamsSchema,
          querystring: LocaleQuerySchema,
          ...(body ? { body: transition === 'suspend' ? body.nullish() : body } : {}),
          response: { 200: AdminGuideDetailSchema, ...errors(400, 401, 403, 404, 409) },
        },
        ...staffOnly,
      },
      async (request) => {
        const reason = (request.body as { reason?: string } | null | undefined)?.reason;
        await reviewGuide(deps, actorOf(request), request.params.id, transition, reason);
        return applicationFor(request, request.params.id, request.query.locale);
      },
    );
  }

  app.put(
    `${A}/:id/flags`,
    {
      schema: {
        tags,
        summary: 'Sets the verified and/or certificated flags shown on the public profile',
        ...signedIn,
        params: GuideIdParamsSchema,
        querystring: LocaleQuerySchema,
        body: GuideFlagsSchema,
        response: { 200: AdminGuideDetailSchema, ...errors(400, 401, 403, 404) },
      },
      ...staffOnly,
    },
    async (request) => {
      await setGuideFlags(deps, actorOf(request), request.params.id, request.body);
      return applicationFor(request, request.params.id, request.query.locale);
    },
  );
};
