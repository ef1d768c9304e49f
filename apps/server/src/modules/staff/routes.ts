import { ErrorBodySchema } from '@marco/contract/errors';
import {
  AuditExportQuerySchema,
  AuditListQuerySchema,
  AuditListSchema,
  ConfirmTotpSchema,
  RecoveryCodesSchema,
  SecondFactorStatusSchema,
  SetStaffRolesSchema,
  StaffMemberListSchema,
  StaffMemberParamsSchema,
  TotpEnrolmentSchema,
  VerifySecondFactorSchema,
} from '@marco/contract/staff';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInSecurity, userOf } from '../../platform/auth/index.js';
import { exportAuditLogCsv, searchAuditLog } from './audit.js';
import { listStaffMembers, resetStaffSecondFactor, setStaffRoles } from './members.js';
import {
  confirmTotpEnrolment,
  getSecondFactorStatus,
  regenerateRecoveryCodes,
  startTotpEnrolment,
  verifySecondFactor,
} from './second-factor.js';
import { requireStaff, requireStaffMember } from './staff-guard.js';

const S = '/api/app/staff';
const tags = ['staff'];
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema]));
const actorOf = (request: FastifyRequest) => ({ user: userOf(request), requestId: request.id });
const anyStaffMember = { onRequest: requireStaffMember };
const admin = { onRequest: requireStaff('admin') };
const OkSchema = z.object({ ok: z.literal(true) });

/**
 * Staff sign-in and administration (issue 18). The second-factor calls are open to any
 * staff member's session, before the second factor; every other staff call needs it and
 * its role (requireStaff).
 */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    `${S}/second-factor`,
    {
      schema: {
        tags,
        summary: "Whether the caller has an authenticator and whether this session passed it; the caller's staff roles",
        ...signedInSecurity,
        response: { 200: SecondFactorStatusSchema, ...errors(401, 403) },
      },
      ...anyStaffMember,
    },
    async (request) => getSecondFactorStatus(deps.db, userOf(request)),
  );

  app.post(
    `${S}/second-factor/enrol`,
    {
      schema: {
        tags,
        summary: 'Starts setting up an authenticator: a new secret with its otpauth URI and QR code (409 once set up)',
        ...signedInSecurity,
        response: { 200: TotpEnrolmentSchema, ...errors(401, 403, 409) },
      },
      ...anyStaffMember,
    },
    async (request) => startTotpEnrolment(deps, userOf(request)),
  );

  app.post(
    `${S}/second-factor/enrol/confirm`,
    {
      schema: {
        tags,
        summary:
          'Confirms the authenticator with its first code; answers the ten recovery codes, once, and opens this session to staff calls',
        ...signedInSecurity,
        body: ConfirmTotpSchema,
        response: { 200: RecoveryCodesSchema, ...errors(400, 401, 403, 409, 429) },
      },
      ...anyStaffMember,
    },
    async (request) => confirmTotpEnrolment(deps, userOf(request), request.body.code),
  );

  app.post(
    `${S}/second-factor/verify`,
    {
      schema: {
        tags,
        summary:
          'Opens this session to staff calls with a code from the authenticator ({ code }) or a recovery code ({ recoveryCode }, used up)',
        ...signedInSecurity,
        body: VerifySecondFactorSchema,
        response: { 200: SecondFactorStatusSchema, ...errors(400, 401, 403, 409, 429) },
      },
      ...anyStaffMember,
    },
    async (request) => {
      const user = userOf(request);
      await verifySecondFactor(deps, user, request.body);
      return getSecondFactorStatus(deps.db, { ...user, secondFactor: true });
    },
  );

  app.post(
    `${S}/second-factor/recovery-codes`,
    {
      schema: {
        tags,
        summary: 'Ten new recovery codes in place of the old ones, for a current code from the authenticator',
        ...signedInSecurity,
        body: ConfirmTotpSchema,
        response: { 200: RecoveryCodesSchema, ...errors(400, 401, 403, 409, 429) },
      },
      onRequest: requireStaff('support', 'finance'),
    },
    async (request) => regenerateRecoveryCodes(deps, userOf(request), request.body.code),
  );

  app.get(
    `${S}/audit`,
    {
      schema: {
        tags,
        summary: 'The audit log (admin): every staff action, newest first, by actor, action, target and time; paged',
        ...signedInSecurity,
        querystring: AuditListQuerySchema,
        response: { 200: AuditListSchema, ...errors(400, 401, 403) },
      },
      ...admin,
    },
    async (request) => searchAuditLog(deps.db, request.query),
  );

  app.get(
    `${S}/audit/export`,
    {
      schema: {
        tags,
        summary: 'The audit log entries of the same filter as CSV (admin; at most 50,000 rows, newest first)',
        ...signedInSecurity,
        querystring: AuditExportQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors(400, 401, 403) },
      },
      ...admin,
    },
    async (request, reply) => {
      const csv = await exportAuditLogCsv(deps.db, request.query);
      const day = deps.clock.now().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="marco-audit-${day}.csv"`)
        .send(csv);
    },
  );

  app.get(
    `${S}/members`,
    {
      schema: {
        tags,
        summary: 'Everyone with a staff role, with their roles and whether they set up an authenticator (admin)',
        ...signedInSecurity,
        response: { 200: StaffMemberListSchema, ...errors(401, 403) },
      },
      ...admin,
    },
    async () => listStaffMembers(deps),
  );

  app.put(
    `${S}/members/:userId/roles`,
    {
      schema: {
        tags,
        summary: "Sets a user's staff roles (admin); an empty list takes them away. Recorded in the audit log",
        ...signedInSecurity,
        params: StaffMemberParamsSchema,
        body: SetStaffRolesSchema,
        response: { 200: StaffMemberListSchema, ...errors(400, 401, 403, 404, 409) },
      },
      ...admin,
    },
    async (request) => {
      await setStaffRoles(deps, actorOf(request), request.params.userId, request.body.roles);
      return listStaffMembers(deps);
    },
  );

  app.post(
    `${S}/members/:userId/reset-second-factor`,
    {
      schema: {
        tags,
        summary:
          "Removes a staff member's authenticator and recovery codes (admin, for a lost phone): they set up a new one at their next sign-in",
        ...signedInSecurity,
        params: StaffMemberParamsSchema,
        response: { 200: OkSchema, ...errors(400, 401, 403, 404) },
      },
      ...admin,
    },
    async (request) => {
      await resetStaffSecondFactor(deps, actorOf(request), request.params.userId);
      return { ok: true as const };
    },
  );
};
