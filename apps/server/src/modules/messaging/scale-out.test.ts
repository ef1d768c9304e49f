import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatUrl, sendChatMessage } from '../../../test/chat.js';
import { createUser, type TestUser } from '../../../test/factories.js';
import { connectSocket, type SocketClient, wsUrl } from '../../../test/realtime.js';
import {
  adminStatement,
  databaseUrl,
  isReachable,
  SCALE_OUT_DATABASE_URL,
  SCALE_OUT_REDIS_URL,
} from '../../../test/services.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { type Database, openPostgres } from '../../db/client.js';
import { prepareDatabase } from '../../db/prepare.js';

// Two server instances behind an imaginary load balancer: one PostgreSQL database and one
// Redis, nothing else shared. Needs the local services (CI starts them); skipped, saying
// so, only when they cannot be reached.
const [postgresUp, redisUp] = await Promise.all([
  isReachable(SCALE_OUT_DATABASE_URL),
  isReachable(SCALE_OUT_REDIS_URL),
]);
const servicesUp = postgresUp && redisUp;
if (!servicesUp) {
  console.warn(
    `Skipping the chat scale-out test: ${[
      !postgresUp && `PostgreSQL is not reachable at ${SCALE_OUT_DATABASE_URL}`,
      !redisUp && `Redis is not reachable at ${SCALE_OUT_REDIS_URL}`,
    ]
      .filter(Boolean)
      .join('; ')}`,
  );
}

const LINGER_MS = 100;

describe.skipIf(!servicesUp)('two instances sharing PostgreSQL and Redis', () => {
  const name = `marco_test_${crypto.randomUUID().replaceAll('-', '')}`;
  const databases: Database[] = [];
  const sockets: SocketClient[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marco-scale-out-'));
  let instanceA: FastifyInstance;
  let instanceB: FastifyInstance;
  let ayse: TestUser;
  let hans: TestUser;
  let conversationId: string;

  const adminQuery = (query: string) => adminStatement(SCALE_OUT_DATABASE_URL, query);

  async function startInstance(url: string): Promise<FastifyInstance> {
    const database = await openPostgres(url, 5);
    databases.push(database);
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      REDIS_URL: SCALE_OUT_REDIS_URL,
      REDIS_KEY_PREFIX: `marco-test-${name}:`,
      PRESENCE_LINGER_MS: String(LINGER_MS),
    });
    const app = await buildApp({ config, db: database.db, version: 'test' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return app;
  }

  async function connect(app: FastifyInstance, user: TestUser) {
    const client = await connectSocket(wsUrl(app), { headers: { authorization: `Bearer ${user.token}` } });
    sockets.push(client);
    return client;
  }

  beforeAll(async () => {
    await adminQuery(`create database ${name}`);
    const target = databaseUrl(SCALE_OUT_DATABASE_URL, name);
    const migrator = await openPostgres(target, 2);
    await prepareDatabase(migrator, { seedReference: true });
    await migrator.close();
    instanceA = await startInstance(target);
    instanceB = await startInstance(target);
    expect(instanceA.server.address()).not.toEqual(instanceB.server.address());
    ayse = await createUser(instanceA, { name: 'Ayşe', surname: 'Kaya' });
    hans = await createUser(instanceB, { name: 'Hans', surname: 'Becker' });
    conversationId = (await sendChatMessage(instanceA, ayse, { recipientUserId: hans.userId }, 'Merhaba'))
      .conversationId;
  });

  afterAll(async () => {
    await Promise.allSettled(sockets.map((socket) => socket.close()));
    await Promise.allSettled([instanceA?.close(), instanceB?.close()]);
    await Promise.allSettled(databases.map((database) => database.close()));
    await adminQuery(`drop database if exists ${name} with (force)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const onlineSeenBy = async (app: FastifyInstance, viewer: TestUser) => {
    const response = await app.inject({
      method: 'GET',
      url: chatUrl(`get-conversation?id=${conversationId}`),
      headers: viewer.headers,
    });
    return response.json().participant.online as boolean;
  };

  it('delivers a message sent through instance A to a socket on instance B within one second', async () => {
    const hansOnB = await connect(instanceB, hans);
    const started = performance.now();
    const sent = await sendChatMessage(instanceA, ayse, { conversationId }, 'Sent via A, read on B');
    const event = await hansOnB.next('message.created', (candidate) => candidate.message.id === sent.id, 1000);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(event.message.text).toBe('Sent via A, read on B');
    // And the other way round, typing included.
    const ayseOnA = await connect(instanceA, ayse);
    hansOnB.send({ type: 'typing', conversationId });
    await ayseOnA.next('typing', (candidate) => candidate.userId === hans.userId, 1000);
    await sendChatMessage(instanceB, hans, { conversationId }, 'Answer via B');
    await ayseOnA.next('message.created', (candidate) => candidate.message.text === 'Answer via B', 1000);
  });

  it('agrees on presence on both instances, and announces across instances', async () => {
    const ayseOnA = await connect(instanceA, ayse);
    const hansOnB = await connect(instanceB, hans);
    expect(await onlineSeenBy(instanceA, ayse)).toBe(true);
    expect(await onlineSeenBy(instanceB, ayse)).toBe(true);
    expect(await onlineSeenBy(instanceA, hans)).toBe(true);
    expect(await onlineSeenBy(instanceB, hans)).toBe(true);

    // Hans closes every socket (this test's and the previous one's) on B: A hears he went offline.
    const hansSockets = sockets.filter((socket) => {
      const first = socket.events[0];
      return first?.type === 'ready' && first.userId === hans.userId;
    });
    await Promise.all(hansSockets.map((socket) => socket.close()));
    await ayseOnA.next('presence', (event) => event.userId === hans.userId && !event.online, 2000);
    expect(await onlineSeenBy(instanceA, ayse)).toBe(false);
    expect(await onlineSeenBy(instanceB, ayse)).toBe(false);

    // He comes back on A this time; Ayşe's socket on A hears it through Redis all the same.
    const hansOnA = await connect(instanceA, hans);
    await ayseOnA.next('presence', (event) => event.userId === hans.userId && event.online, 1000);
    expect(await onlineSeenBy(instanceB, ayse)).toBe(true);
    expect(hansOnB.socket.readyState).toBe(hansOnB.socket.CLOSED);
    await hansOnA.close();
  });
});
