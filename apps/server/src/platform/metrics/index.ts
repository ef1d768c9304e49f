import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { createPrometheusMetrics } from './prometheus.js';

/*
 * What an operator watches, counted where it happens. Prometheus scrapes it at /metrics
 * (./routes.ts) when METRICS_TOKEN is set; otherwise every count is a no-op, so a site
 * without metrics pays nothing per request.
 */

/** A tick of a scheduled job: it ran, another instance held its lock, or it threw. */
export type JobOutcome = 'ran' | 'skipped' | 'failed';

/** What became of a payment webhook call (`applied`, `duplicate`, `ignored` are handlePaymentEvent's answers). */
export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored' | 'invalid_signature' | 'failed';

export type SendChannel = 'sms' | 'email' | 'push';

export interface Metrics {
  readonly kind: 'none' | 'prometheus';
  /** One answered request; `route` is the route pattern (never the raw URL, whose ids would explode the series). */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  countJobRun(job: string, outcome: JobOutcome): void;
  countWebhook(provider: string, outcome: WebhookOutcome): void;
  /** A message the provider (or the dev outbox) did not take. */
  countSendFailure(channel: SendChannel, provider: string): void;
  /** Reports `count()` as the open WebSockets of this instance at each scrape. */
  watchOpenSockets(count: () => number): void;
  /** The text exposition format Prometheus reads. */
  exposition(): Promise<{ contentType: string; body: string }>;
}

export const noMetrics: Metrics = {
  kind: 'none',
  observeRequest: () => {},
  countJobRun: () => {},
  countWebhook: () => {},
  countSendFailure: () => {},
  watchOpenSockets: () => {},
  exposition: async () => ({ contentType: 'text/plain; charset=utf-8', body: '' }),
};

/** Prometheus metrics of this app instance (its own registry) when METRICS_TOKEN is set. */
export function createMetrics(config: Pick<Config, 'METRICS_TOKEN'>, db: Db): Metrics {
  return config.METRICS_TOKEN ? createPrometheusMetrics(db) : noMetrics;
}

/** `send`, counting each rejection as a send failure of `channel` through `provider` before passing it on. */
export function countingSendFailures<Args extends unknown[]>(
  metrics: Pick<Metrics, 'countSendFailure'>,
  channel: SendChannel,
  provider: string,
  send: (...args: Args) => Promise<void>,
): (...args: Args) => Promise<void> {
  return async (...args) => {
    try {
      await send(...args);
    } catch (error) {
      metrics.countSendFailure(channel, provider);
      throw error;
    }
  };
}
