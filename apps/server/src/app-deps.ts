import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { SearchGeneration } from './modules/search/generation.js';
import type { Clock } from './platform/clock.js';
import type { InProcessAnswers } from './platform/in-process-answers.js';
import type { Mailer } from './platform/mail/index.js';
import type { Metrics } from './platform/metrics/index.js';
import type { DevOutbox } from './platform/outbox/dev-outbox.js';
import type { PaymentProvider } from './platform/payments/index.js';
import type { PresenceStore, PubSub } from './platform/pubsub/index.js';
import type { PushSender } from './platform/push/index.js';
import type { RateLimiter } from './platform/rate-limit/index.js';
import type { SmsSender } from './platform/sms/index.js';
import type { Storage } from './platform/storage/index.js';

/*
 * What every module is given: the configuration, the database and the adapters. A file of its
 * own, so modules depend on this list and not on app.ts, which imports every module's routes.
 */
export interface AppDeps {
  config: Config;
  /** The primary: every write, and every read of what a caller may just have written. */
  db: Db;
  /**
   * Public reads that may trail the primary by the replica's lag: guide search, public guide
   * profiles and reference lists (DATABASE_READ_URL; the primary itself when unset). Never
   * written to: a replica refuses writes.
   */
  readDb: Db;
  version: string;
  outbox: DevOutbox;
  sms: SmsSender;
  mailer: Mailer;
  /** Web Push to the browsers users turned it on in (VAPID; off in production without keys). */
  push: PushSender;
  clock: Clock;
  storage: Storage;
  rateLimiter: RateLimiter;
  /** Event fan-out to sockets on every instance (Redis when REDIS_URL is set). */
  pubsub: PubSub;
  /** Who is online, shared by every instance. */
  presence: PresenceStore;
  /** Card payments: the sandbox checkout by default, Stripe by configuration. */
  payments: PaymentProvider;
  /** Moves on with every change to what guide search reads (search answers are kept by it). */
  searchGeneration: SearchGeneration;
  /** Moves on when staff change a reference list (languages, service types, genders…), on any instance. */
  referenceGeneration: SearchGeneration;
  /** Routes the server's renderer may call in process, without HTTP (web/server-render.ts). */
  inProcessAnswers: InProcessAnswers;
  /** Counts for Prometheus at /metrics when METRICS_TOKEN is set; no-ops otherwise. */
  metrics: Metrics;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
