import { type ChildProcess, spawn } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { WS_CLOSE_SERVER_RESTART } from '@marco/contract/messaging';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../src/db/client.js';
import { newIp, newPhone } from './factories.js';
import { imageBytes } from './guide-factories.js';
import { connectSocket, type SocketClient } from './realtime.js';
import { insertReservation } from './review-factories.js';
import { type LocalS3, startLocalS3 } from './s3.js';
import { adminStatement, isReachable, SCALE_OUT_DATABASE_URL, SCALE_OUT_REDIS_URL } from './services.js';

/*
 * Two Marco processes started as an operator starts them (`NODE_ENV=production`, main.ts),
 * sharing one PostgreSQL database, one Redis and one S3 bucket (s3rver, the real S3 protocol
 * through the S3 adapter), with local stand-ins for the SMS and payment providers. Each
 * instance runs through tsx from the sources, as the production-mode test does: compiling
 * with buildServer() would rewrite apps/server/dist, which `npm start` and the benchmarks of
 * the same working tree may be running, and could test a stale build. Skipped, saying why,
 * only when PostgreSQL or Redis cannot be reached.
 */

const [postgresUp, redisUp] = await Promise.all([
  isReachable(SCALE_OUT_DATABASE_URL),
  isReachable(SCALE_OUT_REDIS_URL),
]);
const servicesUp = postgresUp && redisUp;
if (!servicesUp) {
  console.warn(
    `Skipping the two-instance production test: ${[
      !postgresUp && `PostgreSQL is not reachable at ${SCALE_OUT_DATABASE_URL}`,
      !redisUp && `Redis is not reachable at ${SCALE_OUT_REDIS_URL}`,
    ]
      .filter(Boolean)
      .join('; ')}`,
  );
}

const serverDir = path.resolve(import.meta.dirname, '..');
const PUBLIC_URL = 'https://marco.test';
const SHUTDOWN_LIMIT_MS = 10_000;
const METRICS_TOKEN = 'instances-test-metrics-token';

// -- Stand-in providers -------------------------------------------------------------------------

interface TextMessage {
  /** The Twilio account in the URL: each instance has its own, so a text shows who sent it. */
  account: string;
  to: string;
  body: string;
}

/** Answers Twilio's Messages API (and records each text); anything else, such as Stripe, 404. */
async function startProviderStandIn() {
  const texts: TextMessage[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const twilio = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(request.url ?? '');
      if (request.method === 'POST' && twilio?.[1]) {
        const form = new URLSearchParams(Buffer.concat(chunks).toString());
        texts.push({ account: twilio[1], to: form.get('To') ?? '', body: form.get('Body') ?? '' });
        response.writeHead(201, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ sid: `SM${randomUUID().replaceAll('-', '')}`, status: 'queued' }));
        return;
      }
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: `no stand-in for ${request.method} ${request.url}` } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    texts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// -- Instances ----------------------------------------------------------------------------------

interface LogLine {
  level: number;
  msg: string;
  req?: { method: string; url: string };
}

interface Instance {
  name: string;
  child: ChildProcess;
  port: number;
  baseUrl: string;
  logs: LogLine[];
  output: () => string;
  exited: Promise<{ code: number | null; at: number }>;
}

/**
 * Starts main.ts and adds its process to `children` at once (so it is stopped even if the
 * start fails); resolves once it listens (the port comes from its log: it asks for any free one).
 */
function startInstance(name: string, env: Record<string, string>, children: ChildProcess[]): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  let pending = '';
  const logs: LogLine[] = [];
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.once('exit', (code) => resolve({ code, at: Date.now() })),
  );
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.startsWith('{')) continue;
        const entry = JSON.parse(line) as LogLine;
        logs.push(entry);
        const listening = /^Server listening at http:\/\/127\.0\.0\.1:(\d+)$/.exec(entry.msg);
        if (listening?.[1]) {
          const port = Number(listening[1]);
          resolve({ name, child, port, baseUrl: `http://127.0.0.1:${port}`, logs, output: () => output, exited });
        }
      }
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    void exited.then(({ code }) => reject(new Error(`instance ${name} exited with ${code}:\n${output}`)));
  });
}

/** Polls `check` until it answers something truthy; fails with `what` after `timeoutMs`. */
async function waitFor<T>(what: string, check: () => T | Promise<T>, timeoutMs = 10_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

// -- Calls --------------------------------------------------------------------------------------

interface Member {
  userId: string;
  phone: string;
  password: string;
  ip: string;
  /** Bearer token and client address, for API calls. */
  headers: Record<string, string>;
}

async function call(
  instance: Instance,
  method: string,
  url: string,
  options: { headers?: Record<string, string>; json?: unknown; body?: FormData } = {},
) {
  const response = await fetch(`${instance.baseUrl}${url}`, {
    method,
    headers: {
      ...options.headers,
      ...(options.json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.json === undefined ? options.body : JSON.stringify(options.json),
  });
  const type = response.headers.get('content-type') ?? '';
  // biome-ignore lint/suspicious/noExplicitAny: each test reads the answer it expects
  const body: any = type.includes('json') ? await response.json() : Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, body };
}

async function ok(instance: Instance, method: string, url: string, options: Parameters<typeof call>[3] = {}) {
  const response = await call(instance, method, url, options);
  if (response.status !== 200) {
    throw new Error(`${method} ${url} on ${instance.name}: ${response.status} ${JSON.stringify(response.body)}`);
  }
  return response.body;
}

const ACCOUNT = '/api/app/custom-user-account-public';
const CHAT = '/api/app/chat-conversation-public';

describe.skipIf(!servicesUp)('two production instances behind one load balancer', () => {
  const databaseName = `marco_test_${randomUUID().replaceAll('-', '')}`;
  const databaseUrl = Object.assign(new URL(SCALE_OUT_DATABASE_URL), { pathname: `/${databaseName}` }).toString();
  const redisPrefix = `marco-test-${databaseName}:`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marco-instances-'));
  const sockets: SocketClient[] = [];
  const children: ChildProcess[] = [];
  let providers: Awaited<ReturnType<typeof startProviderStandIn>>;
  let s3: LocalS3;
  let database: Database | undefined;
  let a: Instance;
  let b: Instance;
  let ayse: Member;
  let hans: Member;

  const adminQuery = (query: string) => adminStatement(SCALE_OUT_DATABASE_URL, query);

  /** Signs up through `instance` as a visitor would, with the code the SMS stand-in received. */
  async function signUp(instance: Instance, name: string): Promise<Member> {
    const phone = newPhone();
    const password = `Marco-${randomInt(0, 1e9)}-pass`;
    const ip = newIp();
    const headers = { 'x-forwarded-for': ip };
    const { userId } = await ok(instance, 'POST', `${ACCOUNT}/register-with-phone`, {
      headers,
      json: {
        phoneNumber: phone,
        name,
        surname: 'Test',
        extraProperties: { termsConsent: true, privacyConsent: true },
      },
    });
    const text = await waitFor(`the code texted to ${phone}`, () =>
      providers.texts.findLast((message) => message.to === phone),
    );
    const code = /\b(\d{6})\b/.exec(text.body)?.[1];
    const { registrationToken } = await ok(instance, 'POST', `${ACCOUNT}/check-phone-code`, {
      headers,
      json: { userId, code },
    });
    const { accessToken } = await ok(instance, 'POST', `${ACCOUNT}/set-password-for-phone`, {
      headers,
      json: { userId, password, registrationToken },
    });
    return { userId, phone, password, ip, headers: { ...headers, authorization: `Bearer ${accessToken}` } };
  }

  async function connect(instance: Instance, member: Member) {
    const client = await connectSocket(`ws://127.0.0.1:${instance.port}/api/ws`, {
      headers: { ...member.headers, origin: PUBLIC_URL },
    });
    sockets.push(client);
    return client;
  }

  beforeAll(async () => {
    await adminQuery(`create database ${databaseName}`);
    [providers, s3] = await Promise.all([startProviderStandIn(), startLocalS3()]);
    const env = (account: string) => ({
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      PUBLIC_URL,
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      DATABASE_URL: databaseUrl,
      REDIS_URL: SCALE_OUT_REDIS_URL,
      REDIS_KEY_PREFIX: redisPrefix,
      PRESENCE_LINGER_MS: '100',
      // Behind a load balancer; each test user comes from an address of its own.
      TRUST_PROXY: 'true',
      ...s3.env,
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: account,
      TWILIO_AUTH_TOKEN: 'stand-in-token',
      TWILIO_FROM: '+15005550006',
      TWILIO_API_URL: providers.url,
      // Nothing here is mailed: the members have no e-mail address, so notices go by SMS.
      MAIL_PROVIDER: 'smtp',
      SMTP_URL: 'smtp://127.0.0.1:9',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_stand_in',
      STRIPE_WEBHOOK_SECRET: 'whsec_stand_in',
      STRIPE_API_URL: providers.url,
      // Both instances queue the sweep five times a second, so they race for every run.
      RESERVATION_SWEEP_INTERVAL_MS: '200',
      METRICS_TOKEN,
    });
    // Both migrate the new database at once, as a rolling start would (the migration lock).
    [a, b] = await Promise.all([
      startInstance('A', env('AC-instance-a'), children),
      startInstance('B', env('AC-instance-b'), children),
    ]);
    database = await openPostgres(databaseUrl, 2);
    [ayse, hans] = await Promise.all([signUp(a, 'Ayşe'), signUp(b, 'Hans')]);
  }, 80_000);

  afterAll(async () => {
    await Promise.allSettled(sockets.map((socket) => socket.close()));
    for (const child of children) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
    await Promise.allSettled([database?.close(), providers?.close(), s3?.close()]);
    await adminQuery(`drop database if exists ${databaseName} with (force)`);
    const redis = new Redis(SCALE_OUT_REDIS_URL);
    const keys = await redis.keys(`${redisPrefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps a session signed in on one instance valid on the other', async () => {
    const login = await fetch(`${a.baseUrl}/api/auth/login`, {
      method: 'POST',
      // As a browser on the site sends it, through a load balancer that ended TLS.
      headers: {
        'content-type': 'application/json',
        origin: PUBLIC_URL,
        'x-forwarded-for': ayse.ip,
        'x-forwarded-proto': 'https',
      },
      body: JSON.stringify({ phoneNumber: ayse.phone, password: ayse.password }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie().find((header) => header.startsWith('marco_session='));
    expect(cookie).toMatch(/; Secure/i);
    const session = cookie?.split(';')[0] ?? '';
    const onB = await call(b, 'GET', '/api/auth/session', { headers: { cookie: session } });
    expect(onB.status).toBe(200);
    expect(onB.body.user.id).toBe(ayse.userId);
  });

  it('delivers a message sent through one instance to a socket connected to the other', async () => {
    const hansOnB = await connect(b, hans);
    const sent = await ok(a, 'POST', `${CHAT}/send-message`, {
      headers: ayse.headers,
      json: { recipientUserId: hans.userId, text: 'Sent through A' },
    });
    const event = await hansOnB.next('message.created', (candidate) => candidate.message.id === sent.id);
    expect(event.message.text).toBe('Sent through A');
  });

  it('serves a picture uploaded through one instance from the other', async () => {
    const form = new FormData();
    form.append('ImageContent', new Blob([await imageBytes('png')], { type: 'image/png' }), 'me.png');
    await ok(a, 'POST', `${ACCOUNT}/set-profile-picture`, { headers: ayse.headers, body: form });
    const picture = await call(b, 'GET', `${ACCOUNT}/get-profile-picture/${ayse.userId}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/webp');
    expect((picture.body as Buffer).subarray(8, 12).toString('latin1')).toBe('WEBP');
    // It is in the bucket, not on either instance's disk.
    expect(fs.existsSync(path.join(dataDir, 'files'))).toBe(false);
  });

  it('runs a scheduled job once across both instances', async () => {
    const guide = await signUp(b, 'Guide');
    const city = (
      (await ok(a, 'GET', '/api/app/address-public/get-cities')).data as Array<{
        id: string;
        key: string;
        countryId: string;
      }>
    ).find((entry) => entry.key === 'istanbul');
    const { guideId } = await ok(a, 'PUT', '/api/app/user-guide-operation-public/update-user-guide', {
      headers: guide.headers,
      json: { about: 'I show travellers the hidden corners of my city.', countryId: city?.countryId, cityId: city?.id },
    });
    await ok(b, 'POST', '/api/app/user-guide-pricing-public/create-update', {
      headers: guide.headers,
      json: { hourlyRateMinor: 5000, currency: 'USD' },
    });

    // A request whose start has passed unanswered: the next sweep, on either instance, expires it.
    const expiryTexts = (reservationId: string) => providers.texts.filter((text) => text.body.includes(reservationId));
    const expire = async () => {
      const id = await insertReservation((database as Database).db, {
        guideId,
        touristId: ayse.userId,
        status: 'pending',
        endedAt: new Date(Date.now() - 3_600_000),
      });
      await waitFor(`the expiry of ${id} texted to both`, () => expiryTexts(id).length >= 2);
      return id;
    };
    const first = await expire();
    // Ticks keep coming on both instances: a later expiry proves several more ran after the first.
    await expire();
    // The queue handed the sweeps to the instances (each counts its own in its metrics), yet
    // each expiry happened once.
    let sweeps = 0;
    for (const instance of [a, b]) {
      const metrics = await call(instance, 'GET', '/metrics', {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      const ran = /^marco_scheduled_job_runs_total\{job="reservations-sweep",outcome="ran"\} (\d+)$/m.exec(
        metrics.body.toString(),
      );
      sweeps += Number(ran?.[1] ?? 0);
    }
    expect(sweeps).toBeGreaterThanOrEqual(2);

    expect(
      expiryTexts(first)
        .map((text) => text.to)
        .sort(),
    ).toEqual([ayse.phone, guide.phone].sort());
    for (const [member, instance] of [
      [ayse, b],
      [guide, a],
    ] as const) {
      const { data } = await ok(instance, 'GET', '/api/app/notification-public/get-notifications?limit=50', {
        headers: member.headers,
      });
      const expiries = (data as Array<{ kind: string; payload: { reservationId?: string } }>).filter(
        (notification) => notification.kind === 'reservation.expired' && notification.payload.reservationId === first,
      );
      expect(expiries).toHaveLength(1);
    }
  });

  it('stops an instance on SIGTERM without losing a request in flight, closing its sockets with 1012', async () => {
    const hansOnB = await connect(b, hans);
    const socketsOnA = [await connect(a, ayse), await connect(a, hans)];
    const closeCodes = socketsOnA.map(
      (client) => new Promise<number>((resolve) => client.socket.once('close', (code) => resolve(code))),
    );
    const { conversationId } = await ok(a, 'POST', `${CHAT}/send-message`, {
      headers: ayse.headers,
      json: { recipientUserId: hans.userId, text: 'Before the deploy' },
    });

    // Requests A has accepted and is still reading when SIGTERM comes: headers sent, body half.
    const url = `${CHAT}/send-message`;
    const accepted = () =>
      a.logs.filter((line) => line.msg === 'incoming request' && line.req?.url === url && line.req.method === 'POST')
        .length;
    const before = accepted();
    const inFlight = Array.from({ length: 5 }, (_, index) => {
      const body = Buffer.from(JSON.stringify({ conversationId, text: `In flight ${index}` }));
      const request = http.request({
        host: '127.0.0.1',
        port: a.port,
        method: 'POST',
        path: url,
        agent: false,
        headers: { ...ayse.headers, 'content-type': 'application/json', 'content-length': String(body.length) },
      });
      const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
        request.once('response', (answer) => {
          let text = '';
          answer.on('data', (chunk) => {
            text += chunk;
          });
          answer.once('end', () => resolve({ status: answer.statusCode ?? 0, body: text }));
        });
        request.once('error', reject);
      });
      request.write(body.subarray(0, 10));
      return { finish: () => request.end(body.subarray(10)), response };
    });
    await waitFor('A to accept the five requests', () => accepted() === before + 5);

    const signalledAt = Date.now();
    a.child.kill('SIGTERM');
    await waitFor('A to stop accepting connections', () => a.logs.some((line) => line.msg.startsWith('shutting down')));
    // A new connection is refused outright, before any request is read: a load balancer retries it elsewhere.
    const refusal = await new Promise<string>((resolve) => {
      const probe = net.connect(a.port, '127.0.0.1');
      probe.once('connect', () => {
        probe.destroy();
        resolve('connected');
      });
      probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    });
    expect(refusal).toBe('ECONNREFUSED');
    expect(await Promise.all(closeCodes)).toEqual([WS_CLOSE_SERVER_RESTART, WS_CLOSE_SERVER_RESTART]);

    for (const request of inFlight) request.finish();
    const answers = await Promise.all(inFlight.map((request) => request.response));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    for (const answer of answers) {
      const { id } = JSON.parse(answer.body) as { id: string };
      await hansOnB.next('message.created', (event) => event.message.id === id);
    }

    const exit = await a.exited;
    expect(exit.code).toBe(0);
    expect(exit.at - signalledAt).toBeLessThan(SHUTDOWN_LIMIT_MS);

    // B carries on alone.
    const sent = await ok(b, 'POST', `${CHAT}/send-message`, {
      headers: ayse.headers,
      json: { conversationId, text: 'After the deploy' },
    });
    await hansOnB.next('message.created', (event) => event.message.id === sent.id);
    for (const instance of [a, b]) expect(instance.logs.filter((line) => line.level >= 50)).toEqual([]);
  });

  it('forces the exit, with code 1 and a log line, when a request in flight is still unfinished after 9 s', async () => {
    const accepted = () =>
      b.logs.filter((line) => line.msg === 'incoming request' && line.req?.url === `${CHAT}/send-message`).length;
    const before = accepted();
    // A client that sends half a body and then nothing more.
    const request = http.request({
      host: '127.0.0.1',
      port: b.port,
      method: 'POST',
      path: `${CHAT}/send-message`,
      agent: false,
      headers: { ...ayse.headers, 'content-type': 'application/json', 'content-length': '100' },
    });
    request.on('error', () => {});
    request.write('{"text":');
    await waitFor('B to accept the request', () => accepted() === before + 1);
    const signalledAt = Date.now();
    b.child.kill('SIGTERM');
    const exit = await b.exited;
    expect(exit.code).toBe(1);
    expect(exit.at - signalledAt).toBeGreaterThanOrEqual(9000);
    expect(exit.at - signalledAt).toBeLessThan(SHUTDOWN_LIMIT_MS);
    expect(b.logs.some((line) => line.level === 50 && line.msg.startsWith('shutdown took longer than 9000 ms'))).toBe(
      true,
    );
    request.destroy();
  });
});
