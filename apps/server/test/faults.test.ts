import path from 'node:path';
import { ERROR_CODES } from '@marco/contract/errors';
import type { ServerEvent } from '@marco/contract/messaging';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type Database, driverOf, openPostgres } from '../src/db/client.js';
import { prepareDatabase } from '../src/db/prepare.js';
import { LISTENER_NAME } from '../src/modules/search/generation.js';
import { startScheduler } from '../src/platform/scheduler/index.js';
import { sendChatMessage } from './chat.js';
import { createUser, type TestUser } from './factories.js';
import { createApprovedGuide, findPlace } from './guide-factories.js';
import { findPostgresBin, findRedisServer, makeTemporaryDir, OwnPostgres, OwnRedis } from './own-services.js';

// Two Marco instances on a PostgreSQL cluster and a Redis server of this test's own (never
// the machine's shared ones), each stopped and started again under a steady load of searches,
// reservation requests and chat messages (ARCHITECTURE.md: faults survived).
const postgresBin = findPostgresBin();
const redisServer = findRedisServer();
const missing = [!postgresBin && 'PostgreSQL (/usr/lib/postgresql/*/bin)', !redisServer && 'redis-server'].filter(
  Boolean,
);
if (missing.length > 0) console.warn(`Skipping the fault test: ${missing.join(' and ')} not installed`);

const API = '/api/app';
const CHAT_SEND = `${API}/chat-conversation-public/send-message`;
const RESERVE = `${API}/reservation-operations-public/create`;
const SEARCH = `${API}/search-public/search-guides-public`;
const KNOWN_CODES = new Set<string>(ERROR_CODES);

type Kind = 'search' | 'reservation' | 'chat' | 'ready';
interface Outcome {
  kind: Kind;
  status: number;
  retryAfter: string | null;
  code: string | null;
}

/** Every answer is 2xx, a 4xx with a catalogue code, or a 503 NETWORK_ERROR with Retry-After. */
const isClean = (outcome: Outcome) =>
  (outcome.status >= 200 && outcome.status < 300) ||
  (outcome.status >= 400 && outcome.status < 500 && outcome.code !== null && KNOWN_CODES.has(outcome.code)) ||
  (outcome.status === 503 && outcome.code === 'NETWORK_ERROR' && outcome.retryAfter !== null);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` holds; throws after `timeoutMs` (every wait of this test is bounded). */
async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await pause(50);
  }
}

/**
 * A client socket that reconnects as the web app's does (backoff, here short), keeping every
 * event of every connection it made; `attempts` counts the connections tried.
 */
class ReconnectingSocket {
  readonly events: ServerEvent[] = [];
  attempts = 0;
  private socket: WebSocket | null = null;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly token: string,
  ) {
    this.open();
  }

  /** Whether the current connection is open and the server said `ready` on it. */
  get isReady(): boolean {
    return this.socket?.readyState === WebSocket.OPEN && this.isCurrentReady;
  }

  private isCurrentReady = false;

  private open() {
    if (this.stopped) return;
    this.attempts++;
    this.isCurrentReady = false;
    const socket = new WebSocket(this.url, { headers: { authorization: `Bearer ${this.token}` } });
    this.socket = socket;
    socket.on('message', (data) => {
      const event = JSON.parse(data.toString()) as ServerEvent;
      if (event.type === 'ready') this.isCurrentReady = true;
      this.events.push(event);
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      if (this.socket !== socket || this.stopped) return;
      this.retry = setTimeout(() => this.open(), Math.min(1000, 100 * 2 ** Math.min(this.attempts, 4)));
    });
  }

  close(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    const socket = this.socket;
    return new Promise((resolve) => {
      if (!socket || socket.readyState === WebSocket.CLOSED) return resolve();
      socket.once('close', () => resolve());
      socket.terminate();
    });
  }
}

describe.skipIf(missing.length > 0)('PostgreSQL and Redis restarted under load', () => {
  let dir = '';
  let removeDir = () => {};
  const outcomes: Outcome[] = [];
  const unhandled: unknown[] = [];
  const recordUnhandled = (error: unknown) => unhandled.push(error);
  const databases: Database[] = [];
  const instances: FastifyInstance[] = [];
  const sockets: ReconnectingSocket[] = [];
  let postgres: OwnPostgres | undefined;
  let redis: OwnRedis | undefined;
  let databaseUrl: string;
  let ayse: TestUser;
  let hans: TestUser;
  let tourist: TestUser;
  let guideId: string;
  let cityId: string;
  let conversationId: string;
  /** The load runs while this holds; afterAll ends it too, should the test fail midway. */
  let loading = false;
  let load: Promise<unknown> = Promise.resolve();
  const stopSchedulers: Array<() => Promise<void>> = [];
  /** Ticks of a scheduled job run on both instances, and the failures the scheduler logged. */
  const job = { runs: 0, failures: 0 };

  const baseUrl = (app: FastifyInstance) => {
    const address = app.server.address();
    if (!address || typeof address !== 'object') throw new Error('not listening');
    return `127.0.0.1:${address.port}`;
  };

  /** One HTTP request to a listening instance, its outcome recorded. */
  async function call(
    kind: Kind,
    app: FastifyInstance,
    method: 'GET' | 'POST',
    url: string,
    options: { user?: TestUser; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<{ outcome: Outcome; json: unknown }> {
    const response = await fetch(`http://${baseUrl(app)}${url}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.user?.headers ?? {}),
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      // A hung request fails the test: no answer may wait on a dead service for ever.
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    const code = (json as { error?: { code?: unknown } } | null)?.error?.code;
    const outcome: Outcome = {
      kind,
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      code: typeof code === 'string' ? code : null,
    };
    outcomes.push(outcome);
    return { outcome, json };
  }

  const readyStatus = async (app: FastifyInstance) => (await call('ready', app, 'GET', '/api/health/ready')).outcome;
  const allReady = async (status: number) =>
    (await Promise.all(instances.map(readyStatus))).every((outcome) => outcome.status === status);

  beforeAll(async () => {
    process.on('unhandledRejection', recordUnhandled);
    process.on('uncaughtException', recordUnhandled);
    ({ dir, remove: removeDir } = makeTemporaryDir('marco-faults-'));
    postgres = await OwnPostgres.create(postgresBin as string, dir);
    redis = await OwnRedis.create(redisServer as string, dir);
    const admin = new pg.Client({ connectionString: postgres.url('postgres') });
    await admin.connect();
    await admin.query('create database marco');
    await admin.end();
    databaseUrl = postgres.url('marco');
    const migrator = await openPostgres(databaseUrl, 2);
    await prepareDatabase(migrator, { seedReference: true });
    await migrator.close();

    for (let index = 0; index < 2; index++) {
      const database = await openPostgres(databaseUrl, 8);
      databases.push(database);
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: path.join(dir, `instance-${index}`),
        WEB_DIST_DIR: path.join(dir, 'no-web-build'),
        TRUST_PROXY: 'true',
        REDIS_URL: redis.url,
        REDIS_KEY_PREFIX: 'marco-faults:',
        CHAT_SEND_LIMIT_PER_MINUTE: '100000',
      });
      const app = await buildApp({ config, db: database.db, version: 'test' });
      await app.listen({ port: 0, host: '127.0.0.1' });
      instances.push(app);
    }
    const [a] = instances as [FastifyInstance];
    const guide = await createApprovedGuide(a, databases[0]?.db as Database['db']);
    guideId = guide.guideId;
    cityId = (await findPlace(a, 'istanbul')).cityId;
    tourist = await createUser(a, { name: 'Tara' });
    ayse = await createUser(a, { name: 'Ayşe' });
    hans = await createUser(a, { name: 'Hans' });
    conversationId = (await sendChatMessage(a, ayse, { recipientUserId: hans.userId }, 'Merhaba')).conversationId;
    await waitFor('both instances ready', () => allReady(200));
    // The scheduler as main.ts starts it, with a job ticking every 100 ms on each instance.
    const log = { error: () => job.failures++ } as unknown as FastifyBaseLogger;
    for (const database of databases) {
      const run = async (db: Database['db']) => {
        await db.execute(sql`select 1`);
        job.runs++;
      };
      stopSchedulers.push(
        await startScheduler(database.db, [{ name: 'responses-refresh', lockKey: 914, intervalMs: 100, run }], log),
      );
    }
  });

  afterAll(async () => {
    loading = false;
    await load;
    await Promise.allSettled(stopSchedulers.map((stop) => stop()));
    await Promise.allSettled(sockets.map((socket) => socket.close()));
    await Promise.allSettled(instances.map((app) => app.close()));
    await Promise.allSettled(databases.map((database) => database.close()));
    await postgres?.destroy();
    await redis?.kill();
    removeDir();
    process.off('unhandledRejection', recordUnhandled);
    process.off('uncaughtException', recordUnhandled);
  });

  it('answers 503 with Retry-After (never 500) while each is down, loses no write and no message, and recovers by itself', async () => {
    const [a, b] = instances as [FastifyInstance, FastifyInstance];
    const wsUrl = (app: FastifyInstance) => `ws://${baseUrl(app)}/api/ws`;
    // Hans reads on instance B; Ayşe writes through A and B in turn: Redis carries every message.
    const hansSocket = new ReconnectingSocket(wsUrl(b), hans.token);
    sockets.push(hansSocket);
    await waitFor('Hans connected', () => hansSocket.isReady);

    loading = true;
    const sentMessages = new Map<string, { text: string; refusals: number }>();
    const refusedTexts = new Set<string>();
    const reservationIds = new Set<string>();
    const answeredKeys = new Set<string>();

    const searches = async (worker: number) => {
      for (let round = 0; loading && round < 2000; round++) {
        await call('search', round % 2 ? a : b, 'POST', SEARCH, {
          body: { sort: worker % 2 ? 'rating' : 'newest', pageSize: 10, page: 1 + (round % 3) },
        });
        await pause(20);
      }
    };

    // Weekdays from two weeks on, one free hour each: every request is a distinct slot.
    const slots: Array<{ date: string; hour: number }> = [];
    for (let day = 14; slots.length < 400; day++) {
      const date = new Date(Date.now() + day * 86_400_000);
      if (date.getUTCDay() === 0 || date.getUTCDay() === 6) continue;
      for (let hour = 9; hour < 17; hour++) slots.push({ date: date.toISOString().slice(0, 10), hour });
    }
    const reservations = async () => {
      for (let index = 0; loading && index < slots.length; index++) {
        const slot = slots[index] as { date: string; hour: number };
        const key = `faults-${index}`;
        // A refused request is sent again with the same Idempotency-Key, as a careful client does.
        for (let attempt = 0; attempt < 200; attempt++) {
          const { outcome, json } = await call('reservation', attempt % 2 ? b : a, 'POST', RESERVE, {
            user: tourist,
            headers: { 'idempotency-key': key },
            body: {
              guideId,
              cityId,
              dates: [slot.date],
              startHour: slot.hour,
              endHour: slot.hour + 1,
              meetingPoint: 'Galata Tower',
              contactPhone: '+905321234567',
              contactEmail: 'tara@example.com',
              currency: 'USD',
            },
          });
          if (outcome.status === 200) {
            reservationIds.add((json as { id: string }).id);
            answeredKeys.add(key);
            break;
          }
          if (outcome.status !== 503) break;
          await pause(100);
        }
        await pause(30);
      }
    };

    const chat = async () => {
      for (let index = 0; loading && index < 1000; index++) {
        const text = `fault message ${index}`;
        for (let attempt = 0; attempt < 200; attempt++) {
          const { outcome, json } = await call('chat', (index + attempt) % 2 ? b : a, 'POST', CHAT_SEND, {
            user: ayse,
            body: { conversationId, text },
          });
          if (outcome.status === 200) {
            sentMessages.set((json as { id: string }).id, { text, refusals: attempt });
            break;
          }
          if (outcome.status !== 503) break;
          refusedTexts.add(text);
          await pause(100);
        }
        await pause(30);
      }
    };

    load = Promise.allSettled([searches(0), searches(1), reservations(), chat()]);

    /**
     * Takes a service away, shows the instances say so, and brings it back; answers what
     * was answered meanwhile.
     */
    async function outage(name: string, stop: () => Promise<void>, start: () => Promise<void>) {
      const before = outcomes.length;
      const messagesBefore = sentMessages.size;
      await stop();
      await waitFor(`ready to answer 503 without ${name}`, () => allReady(503));
      // A socket opened meanwhile is refused (or dropped), and gets in once the service is back.
      const latecomer = new ReconnectingSocket(wsUrl(a), tourist.token);
      sockets.push(latecomer);
      await pause(1000);
      expect(latecomer.isReady, `a socket connected without ${name}`).toBe(false);
      await start();
      await waitFor(`ready again after ${name}`, () => allReady(200));
      await waitFor(`the socket opened without ${name} connected`, () => latecomer.isReady);
      expect(latecomer.attempts).toBeGreaterThan(1);
      await latecomer.close();
      const answered = { outcomes: outcomes.slice(before), messages: sentMessages.size - messagesBefore };
      await pause(1000);
      return answered;
    }

    await pause(1000);
    const withoutPostgres = await outage(
      'PostgreSQL',
      () => (postgres as OwnPostgres).stop('fast'),
      () => (postgres as OwnPostgres).start(),
    );
    // Everything needs the database: requests were refused (503) while it was away.
    expect(withoutPostgres.outcomes.some((outcome) => outcome.kind === 'chat' && outcome.status === 503)).toBe(true);
    expect(withoutPostgres.outcomes.some((outcome) => outcome.kind === 'search' && outcome.status === 503)).toBe(true);
    const withoutRedis = await outage(
      'Redis',
      () => (redis as OwnRedis).kill(),
      () => (redis as OwnRedis).start(),
    );
    // Search, reservations and chat do not wait for Redis: messages sent meanwhile were
    // stored and queued, and must reach Hans once it is back (checked below with the rest).
    expect(withoutRedis.messages).toBeGreaterThan(0);
    loading = false;
    await load;

    // The scheduler logged the failed ticks and went on ticking once the database was back.
    expect(job.failures).toBeGreaterThan(0);
    const runsAfter = job.runs;
    await waitFor('a scheduled tick after the outages', () => job.runs > runsAfter, 5000);
    await Promise.all(stopSchedulers.splice(0).map((stop) => stop()));

    // No answer was a 500, or anything else unclean; no process-level failure.
    const unclean = outcomes.filter((outcome) => !isClean(outcome));
    expect(unclean).toEqual([]);
    expect(unhandled).toEqual([]);
    expect(outcomes.filter((outcome) => outcome.kind === 'search' && outcome.status === 200).length).toBeGreaterThan(0);

    const check = new pg.Client({ connectionString: databaseUrl });
    await check.connect();
    try {
      // Every reservation answered 200 is stored, once per Idempotency-Key.
      const stored = await check.query<{ id: string; idempotency_key: string }>(
        `select id, idempotency_key from reservations where idempotency_key like 'faults-%'`,
      );
      expect(reservationIds.size).toBeGreaterThan(0);
      expect(new Set(stored.rows.map((row) => row.id))).toEqual(reservationIds);
      expect(new Set(stored.rows.map((row) => row.idempotency_key)).size).toBe(stored.rows.length);

      // Every message answered 200 is stored once and reaches Hans's socket exactly once.
      const messages = await check.query<{ id: string; text: string }>(
        `select id, text from messages where conversation_id = $1 and text like 'fault message %'`,
        [conversationId],
      );
      const storedIds = new Set(messages.rows.map((row) => row.id));
      for (const id of sentMessages.keys()) expect(storedIds.has(id), `message ${id} stored`).toBe(true);
      const answeredTexts = new Set([...sentMessages.values()].map((sent) => sent.text));
      // A message refused with 503 was not stored: sending it again gave exactly one.
      for (const row of messages.rows) expect(answeredTexts.has(row.text), `${row.text} was answered`).toBe(true);
      expect(messages.rows.length).toBe(sentMessages.size);
      expect(refusedTexts.size).toBeGreaterThan(0);

      await waitFor(
        'every message on the socket',
        () => [...sentMessages.keys()].every((id) => hansSocket.events.some((e) => isMessage(e, id))),
        10_000,
      );
      await pause(500);
      for (const id of sentMessages.keys()) {
        expect(
          hansSocket.events.filter((event) => isMessage(event, id)),
          `message ${id} delivered once`,
        ).toHaveLength(1);
      }
      const delivered = hansSocket.events.filter(
        (event) => event.type === 'message.created' && event.message.text?.startsWith('fault message'),
      );
      expect(delivered).toHaveLength(sentMessages.size);

      // Each instance listens for the search generation again.
      await waitFor('the search generation listening on both instances', async () => {
        const listeners = await check.query(`select 1 from pg_stat_activity where application_name = $1`, [
          LISTENER_NAME,
        ]);
        return listeners.rowCount === instances.length;
      });
      // No client was lost to the pools for good: the only ones out are the listening sessions.
      const held = await check.query(`select 1 from pg_stat_activity where application_name like 'marco %'`);
      const checkedOut = databases.reduce((total, database) => {
        const driver = driverOf(database.db);
        return driver.engine === 'postgres' ? total + driver.pool.totalCount - driver.pool.idleCount : total;
      }, 0);
      expect(checkedOut).toBe(held.rowCount);
    } finally {
      await check.end();
    }
  }, 90_000);
});

const isMessage = (event: ServerEvent, id: string) => event.type === 'message.created' && event.message.id === id;
