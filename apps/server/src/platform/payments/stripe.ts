import Stripe from 'stripe';
import type { Config } from '../../config.js';
import { type CheckoutState, type PaymentProvider, verifyStripeSignedEvent } from './index.js';

/** Checkout locales Stripe offers among Marco's (Arabic is not one: Stripe picks from the browser). */
const STRIPE_LOCALES = new Set(['en', 'tr', 'de', 'es', 'fr', 'it', 'ru']);

/** Stripe Checkout (PAYMENT_PROVIDER=stripe): amounts in minor units, refunds of the payment intent. */
export function createStripeProvider(config: Config): PaymentProvider {
  const secretKey = config.STRIPE_SECRET_KEY;
  const webhookSecret = config.STRIPE_WEBHOOK_SECRET;
  if (!secretKey || !webhookSecret)
    throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  const api = new URL(config.STRIPE_API_URL);
  const stripe = new Stripe(secretKey, {
    host: api.hostname,
    ...(api.port ? { port: Number(api.port) } : {}),
    protocol: api.protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: 2,
    timeout: 20_000,
  });

  return {
    name: 'stripe',

    async createCheckout(request) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: request.amountMinor,
                product_data: { name: request.description },
              },
            },
          ],
          client_reference_id: request.reservationId,
          metadata: { paymentId: request.paymentId, reservationId: request.reservationId },
          payment_intent_data: { metadata: { paymentId: request.paymentId, reservationId: request.reservationId } },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          expires_at: Math.floor(request.expiresAt.getTime() / 1000),
          locale: (STRIPE_LOCALES.has(request.locale)
            ? request.locale
            : 'auto') as Stripe.Checkout.SessionCreateParams.Locale,
        },
        { idempotencyKey: `checkout-${request.paymentId}` },
      );
      if (!session.url) throw new Error(`Stripe returned no checkout URL for ${session.id}`);
      return { id: session.id, url: session.url };
    },

    async retrieveCheckout(sessionId) {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      const intent = session.payment_intent;
      // Stripe's enums are open-ended; anything new counts as not finished and not paid.
      const status: CheckoutState['status'] =
        session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open';
      return {
        status,
        paymentStatus: session.payment_status === 'paid' ? 'paid' : 'unpaid',
        paymentIntentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
      };
    },

    async refund({ paymentIntentId, amountMinor, idempotencyKey }) {
      const refund = await stripe.refunds.create(
        { payment_intent: paymentIntentId, amount: amountMinor },
        { idempotencyKey: `refund-${idempotencyKey}` },
      );
      return { id: refund.id };
    },

    verifyWebhook(rawBody, signature, now) {
      return verifyStripeSignedEvent(rawBody, signature, webhookSecret, now);
    },
  };
}
