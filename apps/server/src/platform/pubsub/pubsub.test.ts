import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { isReachable, SCALE_OUT_REDIS_URL } from '../../../test/services.js';
import { createInProcessPubSub, createMemoryPresence } from './in-process.js';
import { createRealtime, type PubSub, type Realtime } from './index.js';

const collect = async (pubsub: PubSub, channel: string) => {
  const received: string[] = [];
  const unsubscribe = await pubsub.subscribe(channel, (message) => received.push(message));
  return { received, unsubscribe };
};

const eventually = async (check: () => boolean | Promise<boolean>, timeoutMs = 2000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('in-process pub/sub', () => {
  it('delivers to every subscriber of a channel until it unsubscribes', async () => {
    const pubsub = createInProcessPubSub();
    const a = await collect(pubsub, 'user:1');
    const b = await collect(pubsub, 'user:1');
    const other = await collect(pubsub, 'user:2');
    await pubsub.publish('user:1', 'hello');
    await a.unsubscribe();
    await pubsub.publish('user:1', 'again');
    expect(a.received).toEqual(['hello']);
    expect(b.received).toEqual(['hello', 'again']);
    expect(other.received).toEqual([]);
  });

  it('delivers a message published to several channels to each of them once', async () => {
    const pubsub = createInProcessPubSub();
    const [one, two, other] = await Promise.all([
      collect(pubsub, 'user:1'),
      collect(pubsub, 'user:2'),
      collect(pubsub, 'user:3'),
    ]);
    await pubsub.publish(['user:1', 'user:2'], 'to both');
    expect([one.received, two.received, other.received]).toEqual([['to both'], ['to both'], []]);
  });
});

describe('in-memory presence', () => {
  it('is online while a connection lives, lingers after a close, and expires without refresh', async () => {
    let now = 1_000;
    const presence = createMemoryPresence(45_000, () => now);
    expect(await presence.connect('u', 'c1')).toBe(true);
    expect(await presence.connect('u', 'c2')).toBe(false);
    await presence.disconnect('u', 'c1');
    await presence.disconnect('u', 'c2', 5000);
    expect(await presence.onlineUsers(['u', 'v'])).toEqual(new Set(['u']));
    now += 5001;
    expect(await presence.onlineUsers(['u'])).toEqual(new Set());

    expect(await presence.connect('u', 'c3')).toBe(true);
    now += 30_000;
    await presence.refresh([{ userId: 'u', connectionId: 'c3' }]);
    now += 30_000;
    expect(await presence.onlineUsers(['u'])).toEqual(new Set(['u']));
    now += 15_001;
    expect(await presence.onlineUsers(['u'])).toEqual(new Set());
  });
});

const createRedisClient = () => new Redis(SCALE_OUT_REDIS_URL);
const redisUp = await isReachable(SCALE_OUT_REDIS_URL);
if (!redisUp) console.warn(`Redis is not reachable at ${SCALE_OUT_REDIS_URL}: skipping the Redis pub/sub tests`);

describe.skipIf(!redisUp)(`Redis pub/sub and presence (${SCALE_OUT_REDIS_URL})`, () => {
  const prefix = `marco-test-${crypto.randomUUID()}:`;
  const instances: Realtime[] = [];
  const instance = (ttlSeconds = 45) => {
    const realtime = createRealtime({
      REDIS_URL: SCALE_OUT_REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
      PRESENCE_TTL_SECONDS: ttlSeconds,
    });
    instances.push(realtime);
    return realtime;
  };
  afterAll(() => Promise.all(instances.map((realtime) => realtime.close())));

  it('carries a message published on one instance to subscribers on another', async () => {
    const a = instance();
    const b = instance();
    expect(a.pubsub.kind).toBe('redis');
    const onB = await collect(b.pubsub, 'user:42');
    const alsoOnB = await collect(b.pubsub, 'user:42');
    await a.pubsub.publish('user:42', '{"type":"ping"}');
    await eventually(() => onB.received.length === 1 && alsoOnB.received.length === 1);
    await onB.unsubscribe();
    await a.pubsub.publish('user:42', 'second');
    await eventually(() => alsoOnB.received.length === 2);
    expect(onB.received).toEqual(['{"type":"ping"}']);
    await alsoOnB.unsubscribe();
    await a.pubsub.publish('user:42', 'third');
    // A message published after both unsubscribed reaches a fresh subscriber only.
    const late = await collect(b.pubsub, 'user:42');
    await a.pubsub.publish('user:42', 'fourth');
    await eventually(() => late.received.length === 1);
    expect(alsoOnB.received).toEqual(['{"type":"ping"}', 'second']);
    expect(late.received).toEqual(['fourth']);
  });

  it('carries a message for several channels as one stream entry, to each channel once', async () => {
    const a = instance();
    const b = instance();
    const [one, two, other] = await Promise.all([
      collect(b.pubsub, 'user:7'),
      collect(b.pubsub, 'user:8'),
      collect(b.pubsub, 'user:9'),
    ]);
    const reader = createRedisClient();
    const before = await reader.xlen(`${prefix}events`);
    await a.pubsub.publish(['user:7', 'user:8'], 'to both');
    await eventually(() => one.received.length === 1 && two.received.length === 1);
    expect(await reader.xlen(`${prefix}events`)).toBe(before + 1);
    reader.disconnect();
    expect([one.received, two.received, other.received]).toEqual([['to both'], ['to both'], []]);
  });

  it('shares presence between instances; a connection whose instance stops refreshing expires', async () => {
    const a = instance(3);
    const b = instance(3);
    const user = crypto.randomUUID();
    expect(await a.presence.connect(user, 'a-1')).toBe(true);
    expect(await b.presence.connect(user, 'b-1')).toBe(false);
    expect(await b.presence.onlineUsers([user])).toEqual(new Set([user]));
    await b.presence.disconnect(user, 'b-1');
    expect(await b.presence.onlineUsers([user])).toEqual(new Set([user]));
    await a.presence.disconnect(user, 'a-1', 200);
    expect(await b.presence.onlineUsers([user])).toEqual(new Set([user]));
    await eventually(async () => (await b.presence.onlineUsers([user])).size === 0);

    // "Instance A died": its connection is never refreshed and drops out after the TTL.
    await a.presence.connect(user, 'a-2');
    await eventually(async () => (await b.presence.onlineUsers([user])).size === 0, 5000);
  });
});
