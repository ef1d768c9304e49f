import fastifyFormbody from '@fastify/formbody';
import { ErrorBodySchema } from '@marco/contract/errors';
import {
  CheckoutUrlSchema,
  GUIDE_DASHBOARD_PATHS,
  GuideBalanceSchema,
  GuideDashboardSchema,
  GuideLedgerListSchema,
  GuideLedgerQuerySchema,
  ReservationPaymentStatusSchema,
} from '@marco/contract/payments';
import { ReservationIdParamsSchema } from '@marco/contract/reservations';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { requireUser, signedInSecurity, userOf } from '../../platform/auth/index.js';
import { AppError } from '../../platform/errors.js';
import { detectLocale } from '../../platform/locale.js';
import { PAYMENT_WEBHOOK_PATH, SIGNATURE_HEADER, WebhookSignatureError } from '../../platform/payments/index.js';
import { isSandboxProvider, SANDBOX_CHECKOUT_PATH } from '../../platform/payments/sandbox.js';
import { rememberCallerLocale } from '../notifications/notice.js';
import { guideBalance, guideDashboard, guideLedger } from './dashboard.js';
import { renderSandboxCheckout } from './sandbox-page.js';
import { handlePaymentEvent, type PaymentDeps, paymentComplete, startPayment } from './service.js';

const OPS = '/api/app/reservation-operations-public';
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema]));
const guarded = { onRequest: requireUser };
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * Verifies a signed provider event over its raw bytes and applies it; 400 when the signature
 * does not hold. Every outcome is counted for the operator.
 */
async function receiveWebhook(
  deps: PaymentDeps & Pick<AppDeps, 'metrics'>,
  rawBody: Buffer,
  signature: string | undefined,
  log: FastifyBaseLogger,
) {
  const provider = deps.payments.name;
  let event: ReturnType<PaymentDeps['payments']['verifyWebhook']>;
  try {
    event = deps.payments.verifyWebhook(rawBody, signature, deps.clock.now());
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      deps.metrics.countWebhook(provider, 'invalid_signature');
      log.warn({ reason: error.message }, 'payment webhook refused');
      throw new AppError('VALIDATION_FAILED', 'Webhook signature verification failed');
    }
    deps.metrics.countWebhook(provider, 'failed');
    throw error;
  }
  try {
    const outcome = await handlePaymentEvent(deps, event, log);
    deps.metrics.countWebhook(provider, outcome);
    return outcome;
  } catch (error) {
    deps.metrics.countWebhook(provider, 'failed');
    throw error;
  }
}

/** Payments of reservations (spec §7 pay, payment-complete, stripe-payment-webhook-public) and the guide's money. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  // The webhook needs the exact bytes that were signed, so its scope keeps bodies raw.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      PAYMENT_WEBHOOK_PATH,
      {
        schema: {
          tags: ['payments'],
          summary:
            'Signed events of the payment provider (Stripe-Signature, 300 s tolerance); the only call that marks a reservation paid',
          headers: z.object({ [SIGNATURE_HEADER]: z.string().optional() }),
          response: { 200: z.object({ received: z.literal(true), outcome: z.string() }), ...errors(400) },
        },
        config: { signedRequests: true },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const outcome = await receiveWebhook(deps, raw, request.headers[SIGNATURE_HEADER], request.log);
        return { received: true as const, outcome };
      },
    );
  });

  await app.register(async (scope) => {
    scope.addHook('preHandler', rememberCallerLocale(deps));
    const signed = scope.withTypeProvider<ZodTypeProvider>();

    signed.put(
      `${OPS}/:id/pay`,
      {
        schema: {
          tags: ['reservations'],
          summary: 'The tourist starts paying an approved reservation; answers the checkout URL as text',
          ...signedInSecurity,
          params: ReservationIdParamsSchema,
          produces: ['text/plain'],
          response: { 200: CheckoutUrlSchema, ...errors(400, 401, 404, 409) },
        },
        ...guarded,
      },
      async (request, reply) => {
        const url = await startPayment(deps, userOf(request).id, request.params.id, detectLocale(request));
        return reply.type('text/plain; charset=utf-8').send(url);
      },
    );

    signed.put(
      `${OPS}/:id/payment-complete`,
      {
        schema: {
          tags: ['reservations'],
          summary:
            'Back from the checkout: re-checks with the provider and answers the payment status (only the webhook marks paid)',
          ...signedInSecurity,
          params: ReservationIdParamsSchema,
          response: { 200: ReservationPaymentStatusSchema, ...errors(400, 401, 404) },
        },
        ...guarded,
      },
      async (request) => paymentComplete(deps, userOf(request).id, request.params.id),
    );

    const dashboardSchema = { tags: ['guide dashboard'], ...signedInSecurity };
    signed.get(
      GUIDE_DASHBOARD_PATHS.summary,
      {
        schema: {
          ...dashboardSchema,
          summary:
            'The caller’s guide dashboard: clients, balance, active and pending reservations, free hours, rating',
          response: { 200: GuideDashboardSchema, ...errors(401, 403) },
        },
        ...guarded,
      },
      async (request) => guideDashboard(deps, userOf(request).id),
    );
    signed.get(
      GUIDE_DASHBOARD_PATHS.balance,
      {
        schema: {
          ...dashboardSchema,
          summary: 'The caller’s balance per currency (sum of the ledger)',
          response: { 200: GuideBalanceSchema, ...errors(401, 403) },
        },
        ...guarded,
      },
      async (request) => guideBalance(deps, userOf(request).id),
    );
    signed.get(
      GUIDE_DASHBOARD_PATHS.ledger,
      {
        schema: {
          ...dashboardSchema,
          summary: 'The movements of the caller’s balance, newest first',
          querystring: GuideLedgerQuerySchema,
          response: { 200: GuideLedgerListSchema, ...errors(400, 401, 403) },
        },
        ...guarded,
      },
      async (request) => guideLedger(deps.db, userOf(request).id, request.query),
    );
  });

  const SandboxParamsSchema = z.object({ id: z.string().regex(/^cs_sandbox_[0-9a-f]{32}$/) });
  const sandboxOf = () => {
    if (!isSandboxProvider(deps.payments)) throw new AppError('NOT_FOUND', 'The sandbox checkout is not enabled');
    return deps.payments;
  };

  app.get(
    `${SANDBOX_CHECKOUT_PATH}/:id`,
    {
      schema: {
        tags: ['payments'],
        summary: 'The sandbox provider’s hosted test checkout page (HTML)',
        params: SandboxParamsSchema,
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const checkout = await sandboxOf().findCheckout(request.params.id);
      if (!checkout) throw new AppError('NOT_FOUND', 'Checkout not found');
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(renderSandboxCheckout(checkout, `${SANDBOX_CHECKOUT_PATH}/${checkout.id}`));
    },
  );

  // The sandbox page posts an HTML form; no other payment call parses forms.
  await app.register(async (scope) => {
    await scope.register(fastifyFormbody);
    scope.withTypeProvider<ZodTypeProvider>().post(
      `${SANDBOX_CHECKOUT_PATH}/:id`,
      {
        schema: {
          tags: ['payments'],
          summary:
            'The payer’s choice on the sandbox page: sends the signed webhook, then redirects to the result page',
          consumes: ['application/x-www-form-urlencoded'],
          params: SandboxParamsSchema,
          body: z.object({ outcome: z.enum(['succeed', 'fail']) }),
          response: { 303: z.null(), ...errors(400, 404) },
        },
      },
      async (request, reply) => {
        const settled = await sandboxOf().settle(request.params.id, request.body.outcome);
        if (!settled) throw new AppError('NOT_FOUND', 'Checkout not found');
        if (settled.webhook) {
          await receiveWebhook(deps, Buffer.from(settled.webhook.body), settled.webhook.signature, request.log);
        }
        // The sandbox page is Marco's own, so the way back is a path on this same host.
        const back = new URL(settled.redirectTo);
        return reply.redirect(`${back.pathname}${back.search}`, 303);
      },
    );
  });
};
