import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { type Db, driverOf } from '../../db/client.js';
import type { Metrics } from './index.js';

/**
 * prom-client on a registry of this instance's own: tests build many apps in one process,
 * and the global registry would refuse a second metric of the same name.
 */
export function createPrometheusMetrics(db: Db): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requestLabels = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'marco_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: requestLabels,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'marco_http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method, route pattern and status code',
    labelNames: requestLabels,
    // Most answers take a few milliseconds; the long tail is what an alert looks for.
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'marco_scheduled_job_runs_total',
    help: 'Ticks of scheduled jobs: ran, skipped (another instance held the lock) or failed',
    labelNames: ['job', 'outcome'],
    registers: [registry],
  });
  const webhooks = new Counter({
    name: 'marco_payment_webhooks_total',
    help: 'Payment provider webhook calls by outcome (applied, duplicate, ignored, invalid_signature, failed)',
    labelNames: ['provider', 'outcome'],
    registers: [registry],
  });
  const sendFailures = new Counter({
    name: 'marco_message_send_failures_total',
    help: 'SMS and e-mails the provider (or the dev outbox) did not take, by channel and provider',
    labelNames: ['channel', 'provider'],
    registers: [registry],
  });

  const socketCounts: Array<() => number> = [];
  new Gauge({
    name: 'marco_websockets_open',
    help: 'WebSockets open on this instance',
    registers: [registry],
    collect() {
      this.set(socketCounts.reduce((total, count) => total + count(), 0));
    },
  });

  // PGlite runs in this process with one connection and no pool, so only PostgreSQL reports these.
  const driver = driverOf(db);
  if (driver.engine === 'postgres') {
    const { pool } = driver;
    const poolGauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    poolGauge('marco_db_pool_connections', 'PostgreSQL connections the pool holds', () => pool.totalCount);
    poolGauge('marco_db_pool_idle_connections', 'PostgreSQL connections of the pool not in use', () => pool.idleCount);
    poolGauge(
      'marco_db_pool_waiting_requests',
      'Queries waiting for a connection because every one is in use',
      () => pool.waitingCount,
    );
    poolGauge('marco_db_pool_max_connections', 'The most connections the pool opens', () => pool.options.max ?? 10);
  }

  return {
    kind: 'prometheus',
    observeRequest(method, route, status, seconds) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      durations.observe(labels, seconds);
    },
    countJobRun: (job, outcome) => jobRuns.inc({ job, outcome }),
    countWebhook: (provider, outcome) => webhooks.inc({ provider, outcome }),
    countSendFailure: (channel, provider) => sendFailures.inc({ channel, provider }),
    watchOpenSockets: (count) => {
      socketCounts.push(count);
    },
    exposition: async () => ({ contentType: registry.contentType, body: await registry.metrics() }),
  };
}
