import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createUser } from '../../../test/factories.js';
import { connectSocket, wsUrl } from '../../../test/realtime.js';
import { loadConfig } from '../../config.js';
import { openPostgres } from '../../db/client.js';
import { createMailer } from '../mail/index.js';
import { startScheduler } from '../scheduler/index.js';
import { createSmsSender } from '../sms/index.js';
import { createPrometheusMetrics } from './prometheus.js';

const TOKEN = 'metrics-token-0123456789abcdef';
const WEBHOOK_SECRET = 'whsec_metrics_test_secret';
const WEBHOOK = '/api/app/stripe-payment-webhook-public';
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

let dist: string;
let plain: TestApp;
let watched: TestApp;

beforeAll(async () => {
  // A built web app, so an unknown path answers the real not-found page.
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'marco-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="en" dir="ltr"><body>app</body></html>');
  [plain, watched] = await Promise.all([
    createTestApp({ webDistDir: dist }),
    createTestApp({
      webDistDir: dist,
      env: {
        METRICS_TOKEN: TOKEN,
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_metrics',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      },
    }),
  ]);
});

afterAll(async () => {
  await Promise.all([plain?.close(), watched?.close()]);
  fs.rmSync(dist, { recursive: true, force: true });
});

async function scrape(): Promise<string> {
  const response = await watched.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** The value of one series in an exposition, or undefined when it is not there. */
function seriesValue(exposition: string, series: string): number | undefined {
  const line = exposition.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('is not routed while METRICS_TOKEN is unset: 404 like any unknown path', async () => {
    const metrics = await plain.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    const unknown = await plain.app.inject({ url: '/no-such-page' });
    expect(metrics.statusCode).toBe(404);
    expect(metrics.headers['content-type']).toBe(unknown.headers['content-type']);
    expect(metrics.body).toBe(unknown.body);
    expect(plain.app.deps.metrics.kind).toBe('none');
  });

  it('answers a missing or wrong token exactly as an unknown path, so it does not reveal itself', async () => {
    const unknown = await watched.app.inject({ url: '/no-such-page' });
    for (const headers of [{}, { authorization: 'Bearer wrong-token-0123456789abcdef' }, { authorization: TOKEN }]) {
      const response = await watched.app.inject({ url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe(unknown.headers['content-type']);
      expect(response.body).toBe(unknown.body);
    }
  });

  it('answers the Prometheus text exposition, with the process metrics, to the right token', async () => {
    const response = await watched.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('# TYPE marco_http_requests_total counter');
    expect(response.body).toContain('# TYPE marco_http_request_duration_seconds histogram');
    expect(seriesValue(response.body, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(seriesValue(response.body, 'marco_websockets_open')).toBe(0);
  });
});

describe('request metrics', () => {
  it('counts requests by method, route pattern and status, never by the raw URL', async () => {
    const unmatched = 'marco_http_requests_total{method="GET",route="(unmatched)",status="404"}';
    const unmatchedBefore = seriesValue(await scrape(), unmatched) ?? 0;
    const ids = [crypto.randomUUID(), crypto.randomUUID()];
    for (const id of ids) {
      const response = await watched.app.inject({
        url: `/api/app/custom-user-account-public/get-profile-picture/${id}`,
      });
      expect(response.statusCode).toBe(404);
    }
    await watched.app.inject({ url: '/en/no-such-page' });
    await watched.app.inject({ url: '/api/app/no-such-call' });

    const exposition = await scrape();
    const route = '/api/app/custom-user-account-public/get-profile-picture/:id';
    expect(seriesValue(exposition, `marco_http_requests_total{method="GET",route="${route}",status="404"}`)).toBe(2);
    expect(
      seriesValue(exposition, `marco_http_request_duration_seconds_count{method="GET",route="${route}",status="404"}`),
    ).toBe(2);
    expect(seriesValue(exposition, unmatched)).toBe(unmatchedBefore + 2);
    for (const id of ids) expect(exposition).not.toContain(id);
    expect(exposition).not.toContain('no-such');
  });
});

describe('scheduler metrics', () => {
  it('counts the ticks of each job that ran and that failed', async () => {
    const stop = await startScheduler(
      watched.database.db,
      [
        { name: 'responses-refresh', lockKey: 9_100_001, intervalMs: 5, run: async () => {} },
        {
          name: 'rates-apply-due',
          lockKey: 9_100_002,
          intervalMs: 5,
          run: async () => {
            throw new Error('the job broke');
          },
        },
      ],
      watched.app.log,
      watched.app.deps.metrics,
      { limit: 0, delaySeconds: 1 },
    );
    try {
      await vi.waitFor(
        async () => {
          const exposition = await scrape();
          expect(
            seriesValue(exposition, 'marco_scheduled_job_runs_total{job="responses-refresh",outcome="ran"}'),
          ).toBeGreaterThan(0);
          expect(
            seriesValue(exposition, 'marco_scheduled_job_runs_total{job="rates-apply-due",outcome="failed"}'),
          ).toBeGreaterThan(0);
        },
        { timeout: 5000, interval: 20 },
      );
    } finally {
      await stop();
    }
    const exposition = await scrape();
    expect(
      seriesValue(exposition, 'marco_scheduled_job_runs_total{job="rates-apply-due",outcome="ran"}'),
    ).toBeUndefined();
    expect(
      seriesValue(exposition, 'marco_scheduled_job_runs_total{job="responses-refresh",outcome="failed"}'),
    ).toBeUndefined();
  });
});

describe('payment webhook metrics', () => {
  const post = (payload: string, signature: string) =>
    watched.app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  const signed = (payload: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });

  it('counts each outcome: ignored, duplicate, invalid signature', async () => {
    const payload = JSON.stringify({
      id: `evt_${crypto.randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type: 'customer.created',
      data: { object: { object: 'customer', id: 'cus_1' } },
    });
    expect((await post(payload, signed(payload))).json()).toMatchObject({ outcome: 'ignored' });
    expect((await post(payload, signed(payload))).json()).toMatchObject({ outcome: 'duplicate' });
    expect((await post(payload, 't=1,v1=forged')).statusCode).toBe(400);

    const exposition = await scrape();
    for (const outcome of ['ignored', 'duplicate', 'invalid_signature']) {
      expect(seriesValue(exposition, `marco_payment_webhooks_total{provider="stripe",outcome="${outcome}"}`)).toBe(1);
    }
  });
});

describe('send failure metrics', () => {
  // An SMS API that answers 500, and a mail server that hangs up on every connection.
  const smsApi = http.createServer((_request, response) => {
    response.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"down"}');
  });
  const smtpServer = net.createServer((socket) => socket.destroy());
  const portOf = (server: net.Server) => (server.address() as AddressInfo).port;
  beforeAll(async () => {
    await Promise.all(
      [smsApi, smtpServer].map((server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))),
    );
  });
  afterAll(async () => {
    await Promise.all(
      [smsApi, smtpServer].map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
    );
  });

  it('counts SMS and e-mails the provider did not take, by channel and provider', async () => {
    const config = loadConfig({
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC_metrics',
      TWILIO_AUTH_TOKEN: 'secret',
      TWILIO_FROM: '+15005550006',
      TWILIO_API_URL: `http://127.0.0.1:${portOf(smsApi)}`,
      MAIL_PROVIDER: 'smtp',
      SMTP_URL: `smtp://127.0.0.1:${portOf(smtpServer)}`,
    });
    const { metrics, outbox } = watched.app.deps;
    await expect(createSmsSender(config, outbox, metrics).send('+905321234567', 'hello')).rejects.toThrow(/500/);
    await expect(
      createMailer(config, outbox, metrics).send({ to: 'ayse@example.com', subject: 'Hi', text: 'hello' }),
    ).rejects.toThrow();

    const exposition = await scrape();
    expect(seriesValue(exposition, 'marco_message_send_failures_total{channel="sms",provider="twilio"}')).toBe(1);
    expect(seriesValue(exposition, 'marco_message_send_failures_total{channel="email",provider="smtp"}')).toBe(1);
  });
});

describe('WebSocket metrics', () => {
  it('reports the sockets open on this instance', async () => {
    const user = await createUser(watched.app);
    await watched.app.listen({ port: 0, host: '127.0.0.1' });
    const client = await connectSocket(wsUrl(watched.app), { headers: { authorization: `Bearer ${user.token}` } });
    expect(seriesValue(await scrape(), 'marco_websockets_open')).toBe(1);
    await client.close();
    await vi.waitFor(async () => expect(seriesValue(await scrape(), 'marco_websockets_open')).toBe(0), {
      interval: 20,
    });
  });
});

describe('database pool metrics', () => {
  it('reports the node-postgres pool: connections, idle, waiting, maximum', async (context) => {
    const database = await openPostgres(PG_URL, 4).catch((error: Error) => {
      context.skip(`PostgreSQL is not reachable at ${PG_URL}: ${error.message}`);
    });
    if (!database) return;
    try {
      const exposition = await createPrometheusMetrics(database.db).exposition();
      expect(seriesValue(exposition.body, 'marco_db_pool_connections')).toBe(1);
      expect(seriesValue(exposition.body, 'marco_db_pool_idle_connections')).toBe(1);
      expect(seriesValue(exposition.body, 'marco_db_pool_waiting_requests')).toBe(0);
      expect(seriesValue(exposition.body, 'marco_db_pool_max_connections')).toBe(4);
    } finally {
      await database.close();
    }
  });

  it('reports no pool on PGlite, which runs in this process without one', async (context) => {
    if (watched.database.engine !== 'pglite') context.skip('the tests run on PostgreSQL (TEST_DATABASE_URL)');
    expect(await scrape()).not.toContain('marco_db_pool');
  });
});
