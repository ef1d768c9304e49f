import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { sandboxCheckouts } from '../../db/schema/index.js';
import type { Clock } from '../clock.js';
import { type PaymentProvider, verifyStripeSignedEvent } from './index.js';

/*
 * The default provider: a test checkout hosted by Marco itself. The payer picks "Pay
 * (succeeds)" or "Fail" on the page; the sandbox then signs a Stripe-shaped webhook event
 * exactly as Stripe would and hands it to the webhook endpoint, and sends the browser back to
 * the success or failure page. No money moves.
 */

export const SANDBOX_CHECKOUT_PATH = '/api/app/payment-sandbox-public/checkout';

export type SandboxCheckout = typeof sandboxCheckouts.$inferSelect;
export type SandboxOutcome = 'succeed' | 'fail';

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  findCheckout(id: string): Promise<SandboxCheckout | null>;
  /**
   * Finishes an open checkout as the payer chose: answers the signed webhook to deliver and
   * where the browser goes. A checkout already finished answers no event, only the way back.
   */
  settle(
    id: string,
    outcome: SandboxOutcome,
  ): Promise<{ webhook: { body: string; signature: string } | null; redirectTo: string } | null>;
}

export const isSandboxProvider = (provider: PaymentProvider): provider is SandboxProvider =>
  provider.name === 'sandbox';

export function createSandboxProvider(config: Config, db: Db, clock: Clock): SandboxProvider {
  // Events are signed and verified by this same process, so a per-process secret suffices.
  const secret = `whsec_sandbox_${randomBytes(24).toString('hex')}`;

  const sign = (type: string, checkout: SandboxCheckout, object: Record<string, unknown>) => {
    const body = JSON.stringify({
      id: `evt_sandbox_${randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type,
      created: Math.floor(clock.now().getTime() / 1000),
      livemode: false,
      data: { object },
      metadata: checkout.metadata,
    });
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret,
      timestamp: Math.floor(clock.now().getTime() / 1000),
    });
    return { body, signature };
  };

  const sessionObject = (checkout: SandboxCheckout) => ({
    id: checkout.id,
    object: 'checkout.session',
    status: checkout.status,
    payment_status: checkout.paymentStatus,
    payment_intent: checkout.paymentIntentId,
    amount_total: checkout.amountMinor,
    currency: checkout.currency.toLowerCase(),
    metadata: checkout.metadata,
  });

  return {
    name: 'sandbox',

    async createCheckout(request) {
      const now = clock.now();
      const id = `cs_sandbox_${randomUUID().replaceAll('-', '')}`;
      await db.insert(sandboxCheckouts).values({
        id,
        paymentIntentId: `pi_sandbox_${randomUUID().replaceAll('-', '')}`,
        amountMinor: request.amountMinor,
        currency: request.currency,
        description: request.description,
        locale: request.locale,
        metadata: {
          paymentId: request.paymentId,
          reservationId: request.reservationId,
          guideName: request.guideName,
        },
        successUrl: request.successUrl,
        cancelUrl: request.cancelUrl,
        createdAt: now,
        expiresAt: request.expiresAt,
      });
      return { id, url: `${config.PUBLIC_URL}${SANDBOX_CHECKOUT_PATH}/${id}` };
    },

    async retrieveCheckout(sessionId) {
      const checkout = await this.findCheckout(sessionId);
      if (!checkout) throw new Error(`unknown sandbox checkout ${sessionId}`);
      const expired = checkout.status === 'open' && checkout.expiresAt.getTime() <= clock.now().getTime();
      return {
        status: expired ? 'expired' : (checkout.status as 'open' | 'complete' | 'expired'),
        paymentStatus: checkout.paymentStatus as 'paid' | 'unpaid',
        paymentIntentId: checkout.paymentStatus === 'paid' ? checkout.paymentIntentId : null,
      };
    },

    // Refunds are called after commits and from the scheduler's follow-up; the sandbox keeps
    // no record of them and answers the same id for the same key, as Stripe's idempotency does.
    async refund({ idempotencyKey }) {
      return { id: `re_sandbox_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}` };
    },

    verifyWebhook(rawBody, signature, now) {
      return verifyStripeSignedEvent(rawBody, signature, secret, now);
    },

    async findCheckout(id) {
      const [checkout] = await db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, id));
      return checkout ?? null;
    },

    async settle(id, outcome) {
      const checkout = await this.findCheckout(id);
      if (!checkout) return null;
      const open = checkout.status === 'open' && checkout.expiresAt.getTime() > clock.now().getTime();
      if (!open) {
        return {
          webhook: null,
          redirectTo: checkout.paymentStatus === 'paid' ? checkout.successUrl : checkout.cancelUrl,
        };
      }
      const paid = outcome === 'succeed';
      // Only the first of two clicks finishes the checkout.
      const [finished] = await db
        .update(sandboxCheckouts)
        .set({ status: 'complete', paymentStatus: paid ? 'paid' : 'unpaid' })
        .where(and(eq(sandboxCheckouts.id, id), eq(sandboxCheckouts.status, 'open')))
        .returning();
      if (!finished) return this.settle(id, outcome);
      // A declined card on an asynchronous method is Stripe's `async_payment_failed`.
      const type = paid ? 'checkout.session.completed' : 'checkout.session.async_payment_failed';
      return {
        webhook: sign(type, finished, sessionObject(finished)),
        redirectTo: paid ? finished.successUrl : finished.cancelUrl,
      };
    },
  };
}
