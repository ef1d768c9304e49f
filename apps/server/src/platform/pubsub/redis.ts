import { Redis } from 'ioredis';
import type { MessageHandler, PresenceStore, PubSub, Realtime } from './index.js';

interface RedisOptions {
  url: string;
  /** Prefix of every channel and key, so several deployments (or test runs) can share one Redis. */
  prefix: string;
  ttlMs: number;
}

// Drops the expired connections of a user, counts the rest, adds this one; atomic.
const CONNECT_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
local before = redis.call('ZCARD', KEYS[1])
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return before`;

/**
 * Redis pub/sub and presence. Two connections: a subscriber (which may only subscribe)
 * and a publisher that also runs the presence commands. A user's presence is a sorted set
 * of their connection ids scored by expiry time (ms), whose key itself expires too.
 */
export function createRedisRealtime(options: RedisOptions): Realtime {
  const { prefix, ttlMs } = options;
  const publisher = new Redis(options.url, { enableAutoPipelining: true, lazyConnect: false });
  const subscriber = new Redis(options.url, { lazyConnect: false });
  // ioredis reconnects on its own; without listeners a lost connection would be an uncaught error.
  publisher.on('error', () => {});
  subscriber.on('error', () => {});

  const channels = new Map<string, { handlers: Set<MessageHandler>; ready: Promise<unknown> }>();
  subscriber.on('message', (channel: string, message: string) => {
    const entry = channels.get(channel);
    if (!entry) return;
    for (const handler of entry.handlers) handler(message);
  });

  const pubsub: PubSub = {
    kind: 'redis',
    async publish(channel, message) {
      await publisher.publish(prefix + channel, message);
    },
    async subscribe(channel, handler) {
      const key = prefix + channel;
      let entry = channels.get(key);
      if (!entry) {
        // Commands on one connection run in order: an UNSUBSCRIBE still in flight for this
        // channel is followed by this SUBSCRIBE, so the channel ends up subscribed.
        entry = { handlers: new Set(), ready: subscriber.subscribe(key) };
        channels.set(key, entry);
      }
      entry.handlers.add(handler);
      await entry.ready;
      return async () => {
        const current = channels.get(key);
        if (!current?.handlers.delete(handler) || current.handlers.size > 0) return;
        channels.delete(key);
        await subscriber.unsubscribe(key);
      };
    },
  };

  const presenceKey = (userId: string) => `${prefix}presence:${userId}`;
  const presence: PresenceStore = {
    kind: 'redis',
    async connect(userId, connectionId) {
      const now = Date.now();
      const before = await publisher.eval(
        CONNECT_SCRIPT,
        1,
        presenceKey(userId),
        String(now),
        String(now + ttlMs),
        connectionId,
        String(ttlMs),
      );
      return Number(before) === 0;
    },
    async refresh(entries) {
      if (entries.length === 0) return;
      const expiresAt = Date.now() + ttlMs;
      const pipeline = publisher.pipeline();
      for (const { userId, connectionId } of entries) {
        pipeline.zadd(presenceKey(userId), 'XX', expiresAt, connectionId);
        pipeline.pexpire(presenceKey(userId), ttlMs);
      }
      await pipeline.exec();
    },
    async disconnect(userId, connectionId, lingerMs = 0) {
      if (lingerMs > 0) await publisher.zadd(presenceKey(userId), 'XX', Date.now() + lingerMs, connectionId);
      else await publisher.zrem(presenceKey(userId), connectionId);
    },
    async onlineUsers(userIds) {
      if (userIds.length === 0) return new Set();
      const now = Date.now();
      const pipeline = publisher.pipeline();
      for (const userId of userIds) pipeline.zcount(presenceKey(userId), `(${now}`, '+inf');
      const results = (await pipeline.exec()) ?? [];
      return new Set(userIds.filter((_, index) => Number(results[index]?.[1] ?? 0) > 0));
    },
  };

  return {
    pubsub,
    presence,
    async close() {
      channels.clear();
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
