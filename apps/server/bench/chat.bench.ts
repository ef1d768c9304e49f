// `npm run bench:chat`: 1,000 WebSockets on one instance, then split over two instances
// sharing Redis; pairs of users exchange messages through send-message while every
// recipient listens on its socket. Prints delivery latency (send call → event on the
// recipient's socket) p50 / p99, messages per second, the servers' CPU per message and
// peak memory, and counts what was lost or duplicated: every accepted message must reach its
// recipient's socket exactly once and be stored exactly once.
//
// PostgreSQL: BENCH_DATABASE_URL (a server URL; the bench makes and drops a database of
// its own there), default postgres://postgres@127.0.0.1:5432/postgres. Redis: REDIS_URL,
// default redis://127.0.0.1:6379. BENCH_SOCKETS (1000), BENCH_SECONDS (10), BENCH_RATE (500/s),
// BENCH_SENDERS (32,64,128,256,512: the closed loops tried, in turn, until the throughput stops
// growing; the best is the saturated rate). BENCH_CPU_PROF=<folder>: a V8 CPU
// profile of each server (summary: apps/server/bench/cpu-profile-summary.ts).
import { randomInt } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import WebSocket from 'ws';
import { openPostgres } from '../src/db/client.js';
import { users } from '../src/db/schema/index.js';
import { createSession } from '../src/platform/auth/sessions.js';
import { systemClock } from '../src/platform/clock.js';
import { type BenchServer, startServer } from './support.js';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RATE = Number(process.env.BENCH_RATE ?? 500);
/** Closed-loop sender counts tried in turn for the saturated throughput. */
const SATURATION_SENDERS = (process.env.BENCH_SENDERS ?? '32,64,128,256,512').split(',').map(Number);
/** A closed loop that adds less than 5 % to the best before it ends the search. */
const SATURATION_GAIN = 1.05;
const IDLE_SECONDS = 5;
/**
 * The steady rate for this long before anything is measured: measured cold, the first load
 * counted the JIT compiling the send path (some 1 ms a message more at 500/s), which a server
 * pays once, not per message.
 */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

interface BenchUser {
  id: string;
  token: string;
}
interface Pair {
  sender: BenchUser;
  recipient: BenchUser;
  conversationId: string;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0) : 0;

async function adminQuery(query: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** Users and bearer sessions written straight to the database: sign-up itself is not what is measured. */
async function createUsers(databaseUrl: string, count: number): Promise<BenchUser[]> {
  const database = await openPostgres(databaseUrl, 4);
  try {
    const rows = await database.db
      .insert(users)
      .values(
        Array.from({ length: count }, (_, index) => ({
          userName: `bench_${index}_${randomInt(1e9)}`,
          name: `Bench${index}`,
          surname: 'User',
          phoneConfirmed: true,
        })),
      )
      .returning({ id: users.id });
    const result: BenchUser[] = [];
    for (const row of rows) {
      const session = await createSession(database.db, systemClock, {
        userId: row.id,
        client: 'bench',
        ttlSeconds: 3600,
      });
      result.push({ id: row.id, token: session.token });
    }
    await database.db.execute(sql`analyze`);
    return result;
  } finally {
    await database.close();
  }
}

/** Redis's own CPU time and traffic so far (INFO), to price the fan-out per message. */
async function redisCost() {
  const redis = new Redis(REDIS_URL);
  try {
    const info = await redis.info();
    const field = (name: string) => Number(new RegExp(`^${name}:([\\d.]+)`, 'm').exec(info)?.[1] ?? 0);
    return {
      cpuSeconds: field('used_cpu_sys') + field('used_cpu_user'),
      outputBytes: field('total_net_output_bytes'),
      inputBytes: field('total_net_input_bytes'),
      commands: field('total_commands_processed'),
    };
  } finally {
    redis.disconnect();
  }
}

async function countMessages(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ count: string }>('select count(*) from messages');
    return Number(result.rows[0]?.count ?? 0);
  } finally {
    await client.end();
  }
}

async function api<T>(server: BenchServer, user: BenchUser, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${server.baseUrl}/api/app/chat-conversation-public/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Opens every socket (in batches, as real clients trickle in) and resolves once each is `ready`. */
async function connectAll(targets: Array<{ server: BenchServer; user: BenchUser }>, onEvent: (data: string) => void) {
  const sockets: WebSocket[] = [];
  const started = performance.now();
  for (let index = 0; index < targets.length; index += 50) {
    await Promise.all(
      targets.slice(index, index + 50).map(
        ({ server, user }) =>
          new Promise<void>((resolve, reject) => {
            const socket = new WebSocket(`${server.baseUrl.replace('http', 'ws')}/api/ws`, {
              headers: { authorization: `Bearer ${user.token}` },
            });
            socket.on('message', (data) => {
              const text = data.toString();
              if (text.startsWith('{"type":"ready"')) resolve();
              else onEvent(text);
            });
            socket.once('error', reject);
            sockets.push(socket);
          }),
      ),
    );
  }
  return { sockets, seconds: (performance.now() - started) / 1000 };
}

interface RunResult {
  sent: number;
  /** Answered 200: stored, so it must reach the recipient. */
  accepted: number;
  delivered: number;
  /** Accepted but never seen on the recipient's socket. */
  lost: number;
  seconds: number;
  p50: number;
  p99: number;
  errors: number;
}

/**
 * Sends messages from pair senders to their recipients, either at a fixed rate (open
 * loop: the latency of a loaded but not saturated system) or as fast as `senders`
 * concurrent callers can (the throughput).
 */
async function runStream(
  phase: string,
  pairs: Pair[],
  serverOf: (user: BenchUser) => BenchServer,
  pending: Map<string, number>,
  latencies: number[],
  mode: { rate: number } | { senders: number },
  duration = SECONDS,
): Promise<RunResult> {
  latencies.length = 0;
  let sent = 0;
  let accepted = 0;
  let errors = 0;
  const acceptedIds = new Set<string>();
  let sequence = 0;
  const started = performance.now();
  const deadline = started + duration * 1000;
  const sendOne = async () => {
    const pair = pairs[sequence++ % pairs.length] as Pair;
    const id = `${phase}${sequence}`;
    pending.set(id, performance.now());
    sent++;
    try {
      await api(serverOf(pair.sender), pair.sender, 'send-message', {
        conversationId: pair.conversationId,
        text: `Bench message ${sequence} — merhaba, hallo, مرحبا`,
        clientMessageId: id,
      });
      accepted++;
      acceptedIds.add(id);
    } catch {
      errors++;
      pending.delete(id);
    }
  };
  if ('rate' in mode) {
    const inFlight = new Set<Promise<void>>();
    const interval = 1000 / mode.rate;
    let next = started;
    while (performance.now() < deadline) {
      const promise = sendOne().finally(() => inFlight.delete(promise));
      inFlight.add(promise);
      next += interval;
      const wait = next - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    await Promise.all(inFlight);
  } else {
    await Promise.all(
      Array.from({ length: mode.senders }, async () => {
        while (performance.now() < deadline) await sendOne();
      }),
    );
  }
  const drainUntil = performance.now() + 5000;
  const isWaiting = () => [...acceptedIds].some((id) => pending.has(id));
  while (isWaiting() && performance.now() < drainUntil) await new Promise((resolve) => setTimeout(resolve, 20));
  const lost = [...acceptedIds].filter((id) => pending.has(id)).length;
  const seconds = (performance.now() - started) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    sent,
    accepted,
    delivered: latencies.length,
    lost,
    seconds,
    p50: Math.round(percentile(sorted, 50) * 10) / 10,
    p99: Math.round(percentile(sorted, 99) * 10) / 10,
    errors,
  };
}

async function scenario(title: string, instances: 1 | 2) {
  const name = `marco_bench_${randomInt(1e9)}`;
  await adminQuery(`create database ${name}`);
  const target = new URL(ADMIN_URL);
  target.pathname = `/${name}`;
  const env = {
    DATABASE_URL: target.toString(),
    CHAT_SEND_LIMIT_PER_MINUTE: '100000000',
    SEED_REFERENCE: 'false',
    ...(instances === 2 ? { REDIS_URL, REDIS_KEY_PREFIX: `${name}:` } : {}),
  };
  const servers: BenchServer[] = [];
  try {
    for (let i = 0; i < instances; i++) servers.push(await startServer(env));
    const people = await createUsers(target.toString(), SOCKETS);
    const half = SOCKETS / 2;
    // Pair i: sender on the first instance, recipient on the last (the other one when split).
    const serverOf = (user: BenchUser) => {
      const index = people.indexOf(user);
      return (index < half ? servers[0] : servers[servers.length - 1]) as BenchServer;
    };
    const pairs: Pair[] = [];
    for (let i = 0; i < half; i++) {
      const sender = people[i] as BenchUser;
      const recipient = people[half + i] as BenchUser;
      const { id } = await api<{ id: string }>(serverOf(sender), sender, 'open-conversation', {
        recipientUserId: recipient.id,
      });
      pairs.push({ sender, recipient, conversationId: id });
    }

    const pending = new Map<string, number>();
    const latencies: number[] = [];
    const received = new Set<string>();
    let duplicates = 0;
    const senderIds = new Set(pairs.map((pair) => pair.sender.id));
    const connected = await connectAll(
      people.map((user) => ({ server: serverOf(user), user })),
      (data) => {
        if (!data.startsWith('{"type":"message.created"')) return;
        const event = JSON.parse(data) as { message: { clientMessageId?: string; senderId: string } };
        const id = event.message.clientMessageId;
        // The recipient's copy counts (the sender's own socket gets an echo too).
        if (!id || !senderIds.has(event.message.senderId)) return;
        if (received.has(id)) {
          duplicates++;
          return;
        }
        received.add(id);
        const sentAt = pending.get(id);
        if (sentAt === undefined) return;
        pending.delete(id);
        latencies.push(performance.now() - sentAt);
      },
    );
    // Echoes to senders arrive first or later; only the first arrival per id is measured,
    // so listen on recipients only for a fair delivery time.
    for (const [index, socket] of connected.sockets.entries()) if (index < half) socket.removeAllListeners('message');

    // Server CPU per delivered message: unlike latency, it hardly moves when other processes share the CPU.
    const cpu = () => servers.reduce((total, server) => total + server.cpuSeconds(), 0);
    const measure = async (phase: string, mode: Parameters<typeof runStream>[5]) => {
      const before = cpu();
      const run = await runStream(phase, pairs, serverOf, pending, latencies, mode);
      return { ...run, cpuMsPerMessage: ((cpu() - before) * 1000) / Math.max(1, run.delivered) };
    };
    // The profile covers the two measured loads only: set-up and shutdown are not what a message costs.
    const stopProfiles = await Promise.all(
      servers.map((server, index) =>
        server.profile(`chat-${instances}-instance${instances > 1 ? `s-${index + 1}` : ''}`),
      ),
    );
    // What the connected sockets cost with nobody writing (heartbeats, presence, the stream
    // reader): a fixed cost per second, not per message, set apart below.
    const idleBefore = cpu();
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    const idleMsPerSecond = ((cpu() - idleBefore) * 1000) / IDLE_SECONDS;
    const warmUp = await runStream('w', pairs, serverOf, pending, latencies, { rate: RATE }, WARMUP_SECONDS);
    const redisBefore = instances === 2 ? await redisCost() : null;
    const steady = await measure('s', { rate: RATE });
    // Closed loops of more and more senders until the throughput stops growing: with too few,
    // each waits out its own round trip and the server idles between their messages.
    const saturation: Array<Awaited<ReturnType<typeof measure>> & { senders: number }> = [];
    for (const senders of SATURATION_SENDERS) {
      const run = { ...(await measure(`x${senders}-`, { senders })), senders };
      const best = Math.max(...saturation.map((previous) => previous.delivered / previous.seconds));
      saturation.push(run);
      if (saturation.length > 1 && run.delivered / run.seconds < best * SATURATION_GAIN) break;
    }
    const redisAfter = instances === 2 ? await redisCost() : null;
    for (const stop of stopProfiles) await stop();
    for (const socket of connected.sockets) socket.terminate();
    const stored = await countMessages(target.toString());
    const runs = [steady, ...saturation];
    const accepted = runs.reduce((total, run) => total + run.accepted, warmUp.accepted);
    const delivered = runs.reduce((total, run) => total + run.delivered, 0);

    console.log(`\n${title}`);
    console.log(`${SOCKETS} sockets connected in ${connected.seconds.toFixed(1)} s`);
    console.log(
      `server CPU with the sockets connected and nobody writing: ${idleMsPerSecond.toFixed(0)} ms/s (${IDLE_SECONDS} s)`,
    );
    console.log(
      `warm-up, not measured: ${RATE} msg/s for ${WARMUP_SECONDS} s, ${warmUp.accepted} accepted, ${warmUp.lost} lost`,
    );
    console.log(
      '| load | sent | accepted | delivered | lost | msg/s | p50 ms | p99 ms | errors | server CPU ms/msg | less the idle upkeep |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    const rows: Array<[string, (typeof runs)[number]]> = [
      [`steady ${RATE} msg/s`, steady],
      ...saturation.map((run): [string, (typeof runs)[number]] => [`closed loop, ${run.senders} senders`, run]),
    ];
    for (const [label, run] of rows) {
      const perMessage = (ms: number) => (ms / Math.max(1, run.delivered)).toFixed(2);
      const cpuMs = run.cpuMsPerMessage * Math.max(1, run.delivered);
      console.log(
        `| ${label} | ${run.sent} | ${run.accepted} | ${run.delivered} | ${run.lost} | ${Math.round(run.delivered / run.seconds)} | ${run.p50} | ${run.p99} | ${run.errors} | ${perMessage(cpuMs)} | ${perMessage(cpuMs - idleMsPerSecond * run.seconds)} |`,
      );
    }
    const peak = Math.max(...saturation.map((run) => Math.round(run.delivered / run.seconds)));
    console.log(`saturated: ${peak} msg/s (the best closed loop)`);
    console.log(
      `stored ${stored} messages for ${accepted} accepted (${stored === accepted ? 'none lost or stored twice' : 'MISMATCH'}); ${duplicates} duplicate deliveries`,
    );
    console.log(`server peak RSS: ${servers.map((server) => `${server.peakRssMb()} MB`).join(', ')}`);
    if (redisBefore && redisAfter) {
      // The whole Redis server's counters: other users of the same Redis count too.
      const messages = Math.max(1, delivered);
      console.log(
        `Redis per message (all loads): ${(((redisAfter.cpuSeconds - redisBefore.cpuSeconds) * 1e6) / messages).toFixed(0)} µs CPU, ` +
          `${Math.round((redisAfter.outputBytes - redisBefore.outputBytes) / messages)} bytes sent, ` +
          `${Math.round((redisAfter.inputBytes - redisBefore.inputBytes) / messages)} bytes received, ` +
          `${((redisAfter.commands - redisBefore.commands) / messages).toFixed(1)} commands`,
      );
    }
    console.log(`load average during the run: ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} CPUs`);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await adminQuery(`drop database if exists ${name} with (force)`);
  }
}

await scenario(`One instance, in-process pub/sub, PostgreSQL (${SECONDS} s per load)`, 1);
await scenario(`Two instances, Redis pub/sub, PostgreSQL; every message crosses instances (${SECONDS} s per load)`, 2);
