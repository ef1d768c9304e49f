import type { Locale } from '@marco/contract/locales';
import type { PaymentProviderName } from '@marco/contract/payments';
import type { ReservationCurrency } from '@marco/contract/reservations';
import Stripe from 'stripe';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../clock.js';
import { createSandboxProvider } from './sandbox.js';
import { createStripeProvider } from './stripe.js';

/*
 * Card payments go through one adapter, like SMS and e-mail. Both providers speak Stripe's
 * shapes: a Checkout Session the browser is sent to, webhook events signed with a
 * `Stripe-Signature` header (HMAC-SHA256 over `timestamp.rawBody`), and refunds of the
 * payment intent. So one verifier (the stripe library's) serves the sandbox and Stripe.
 */

/** The webhook both providers post to (spec §7 `stripe-payment-webhook-public`). */
export const PAYMENT_WEBHOOK_PATH = '/api/app/stripe-payment-webhook-public';
export const SIGNATURE_HEADER = 'stripe-signature';
/** Oldest signature timestamp accepted, in seconds (Stripe's default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface CheckoutRequest {
  /** Marco's payment id: the idempotency key of the provider call and the session's metadata. */
  paymentId: string;
  reservationId: string;
  amountMinor: number;
  currency: ReservationCurrency;
  /** One line the payer sees, e.g. "Tour with Ayşe Yılmaz, 2026-06-08". */
  description: string;
  guideName: string;
  locale: Locale;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
}

export interface CheckoutSession {
  id: string;
  url: string;
}

/** A checkout as the provider sees it now (Stripe's `status` and `payment_status`). */
export interface CheckoutState {
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  paymentIntentId: string | null;
}

/** A verified webhook event, reduced to what Marco acts on. */
export interface PaymentEvent {
  id: string;
  type: string;
  /** The checkout session, for `checkout.session.*` events. */
  sessionId: string | null;
  paymentIntentId: string | null;
  /** `paid` / `unpaid` of a checkout session. */
  paymentStatus: string | null;
  /** Total refunded so far, for `charge.refunded`. */
  amountRefundedMinor: number | null;
}

export class WebhookSignatureError extends Error {}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  retrieveCheckout(sessionId: string): Promise<CheckoutState>;
  /** Refunds `amountMinor` of a paid payment intent; the idempotency key makes a retry safe. */
  refund(input: { paymentIntentId: string; amountMinor: number; idempotencyKey: string }): Promise<{ id: string }>;
  /** Verifies the signature over the raw body (tolerance WEBHOOK_TOLERANCE_SECONDS at `now`). */
  verifyWebhook(rawBody: Buffer, signature: string | undefined, now: Date): PaymentEvent;
}

const idOf = (value: unknown): string | null => {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string') {
    return (value as { id: string }).id;
  }
  return null;
};

/**
 * Checks a `Stripe-Signature` header with the stripe library (constant-time compare, any of
 * several v1 signatures, timestamp tolerance) and reduces the event.
 */
export function verifyStripeSignedEvent(rawBody: Buffer, signature: string | undefined, secret: string, now: Date) {
  if (!signature) throw new WebhookSignatureError('missing Stripe-Signature header');
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(
      rawBody,
      signature,
      secret,
      WEBHOOK_TOLERANCE_SECONDS,
      undefined,
      // Milliseconds: the library divides by 1000 itself.
      now.getTime(),
    );
  } catch (error) {
    throw new WebhookSignatureError((error as Error).message);
  }
  const object = (event.data?.object ?? {}) as unknown as Record<string, unknown>;
  const isSession = object.object === 'checkout.session';
  const isCharge = object.object === 'charge';
  return {
    id: event.id,
    type: event.type,
    sessionId: isSession ? idOf(object.id) : null,
    paymentIntentId: idOf(object.payment_intent),
    paymentStatus: isSession && typeof object.payment_status === 'string' ? object.payment_status : null,
    amountRefundedMinor: isCharge && typeof object.amount_refunded === 'number' ? object.amount_refunded : null,
  } satisfies PaymentEvent;
}

export function createPaymentProvider(config: Config, db: Db, clock: Clock): PaymentProvider {
  if (config.PAYMENT_PROVIDER === 'stripe') return createStripeProvider(config);
  return createSandboxProvider(config, db, clock);
}
