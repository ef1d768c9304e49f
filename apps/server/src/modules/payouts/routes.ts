import { ErrorBodySchema } from '@marco/contract/errors';
import {
  BankAccountParamsSchema,
  BankAccountStatusSchema,
  GuidePayoutsSchema,
  PAYOUT_PATHS,
  PayoutBatchListSchema,
  PayoutBatchParamsSchema,
  PayoutBatchSchema,
  PayoutParamsSchema,
  PayoutRunSchema,
  ReturnPayoutSchema,
  StartPayoutRunSchema,
  UnverifiedBankAccountListSchema,
} from '@marco/contract/payouts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, signedInSecurity, userOf } from '../../platform/auth/index.js';
import { requireStaff } from '../staff/staff-guard.js';
import { listUnverifiedBankAccounts, verifyBankAccount } from './bank-accounts.js';
import {
  exportPayoutBatch,
  getGuidePayouts,
  getPayoutBatch,
  listPayoutBatches,
  markPayoutBatchSent,
  markPayoutReturned,
  removePayout,
} from './payout-batches.js';
import { startPayoutRun } from './payout-runs.js';

const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema]));
const actorOf = (request: FastifyRequest) => ({ user: userOf(request), requestId: request.id });
const finance = { onRequest: requireStaff('finance') };
const S = PAYOUT_PATHS.staff;
const B = PAYOUT_PATHS.staffBankAccounts;
const staffTags = ['staff'];

/** Payouts (issue 18 item 4): the guide's own figures, and finance's runs, batches and bank checks. */
export const payoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    PAYOUT_PATHS.guide,
    {
      schema: {
        tags: ['payments'],
        summary:
          "The caller's available, held, pending and paid amounts per currency, bank account (masked) and payouts",
        ...signedInSecurity,
        response: { 200: GuidePayoutsSchema, ...errors(401, 403) },
      },
      onRequest: requireUser,
    },
    async (request) => getGuidePayouts(deps, userOf(request).id),
  );

  app.get(
    `${S}/batches`,
    {
      schema: {
        tags: staffTags,
        summary: 'Payout batches, newest first (finance)',
        ...signedInSecurity,
        response: { 200: PayoutBatchListSchema, ...errors(401, 403) },
      },
      ...finance,
    },
    async () => listPayoutBatches(deps.db),
  );

  app.post(
    `${S}/runs`,
    {
      schema: {
        tags: staffTags,
        summary:
          'Starts a payout run (finance): one batch per currency (or `currency`) of guides with verified bank details, no held earnings and the minimum available',
        ...signedInSecurity,
        body: StartPayoutRunSchema,
        response: { 200: PayoutRunSchema, ...errors(400, 401, 403, 409) },
      },
      ...finance,
    },
    async (request) => ({ batches: await startPayoutRun(deps, actorOf(request), request.body.currency) }),
  );

  app.get(
    `${S}/batches/:batchId`,
    {
      schema: {
        tags: staffTags,
        summary: 'A payout batch with its payouts and whole bank details (finance)',
        ...signedInSecurity,
        params: PayoutBatchParamsSchema,
        response: { 200: PayoutBatchSchema, ...errors(400, 401, 403, 404) },
      },
      ...finance,
    },
    async (request) => getPayoutBatch(deps.db, request.params.batchId),
  );

  app.post(
    `${S}/batches/:batchId/export`,
    {
      schema: {
        tags: staffTags,
        summary:
          "The batch's bank file (finance): EUR as ISO 20022 pain.001.001.09 XML, TRY and USD as CSV; marks it exported. 409 while a guide in it is held",
        ...signedInSecurity,
        params: PayoutBatchParamsSchema,
        produces: ['application/xml', 'text/csv'],
        response: { 200: z.string(), ...errors(400, 401, 403, 404, 409) },
      },
      ...finance,
    },
    async (request, reply) => {
      const file = await exportPayoutBatch(deps, actorOf(request), request.params.batchId);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.body);
    },
  );

  app.post(
    `${S}/batches/:batchId/sent`,
    {
      schema: {
        tags: staffTags,
        summary: "Marks an exported batch sent to the bank (finance): each payout debits its guide's balance",
        ...signedInSecurity,
        params: PayoutBatchParamsSchema,
        response: { 200: PayoutBatchSchema, ...errors(400, 401, 403, 404, 409) },
      },
      ...finance,
    },
    async (request) => markPayoutBatchSent(deps, actorOf(request), request.params.batchId),
  );

  app.post(
    `${S}/payouts/:payoutId/remove`,
    {
      schema: {
        tags: staffTags,
        summary: 'Takes a payout out of a batch not sent yet (finance); an exported batch goes back to review',
        ...signedInSecurity,
        params: PayoutParamsSchema,
        response: { 200: PayoutBatchSchema, ...errors(400, 401, 403, 404, 409) },
      },
      ...finance,
    },
    async (request) => removePayout(deps, actorOf(request), request.params.payoutId),
  );

  app.post(
    `${S}/payouts/:payoutId/returned`,
    {
      schema: {
        tags: staffTags,
        summary: 'Records that the bank returned a sent payout (finance): it failed and its amount is available again',
        ...signedInSecurity,
        params: PayoutParamsSchema,
        body: ReturnPayoutSchema,
        response: { 200: PayoutBatchSchema, ...errors(400, 401, 403, 404, 409) },
      },
      ...finance,
    },
    async (request) => markPayoutReturned(deps, actorOf(request), request.params.payoutId, request.body.reason),
  );

  app.get(
    B,
    {
      schema: {
        tags: staffTags,
        summary: 'Bank accounts finance has not verified, or that changed since (finance; whole details)',
        ...signedInSecurity,
        response: { 200: UnverifiedBankAccountListSchema, ...errors(401, 403) },
      },
      ...finance,
    },
    async () => listUnverifiedBankAccounts(deps.db),
  );

  app.post(
    `${B}/:guideUserId/verify`,
    {
      schema: {
        tags: staffTags,
        summary: "Marks the guide's current bank details verified (finance); a later change by the guide undoes it",
        ...signedInSecurity,
        params: BankAccountParamsSchema,
        response: { 200: BankAccountStatusSchema, ...errors(400, 401, 403, 404) },
      },
      ...finance,
    },
    async (request) => verifyBankAccount(deps.db, actorOf(request), request.params.guideUserId, deps.clock.now()),
  );
};
