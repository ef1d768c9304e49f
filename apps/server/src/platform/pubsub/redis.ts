import { Redis } from 'ioredis';
import { AppError } from '../errors.js';
import type { MessageHandler, PresenceStore, PubSub, Realtime } from './index.js';

interface RedisOptions {
  url: string;
  /** Prefix of every channel and key, so several deployments (or test runs) can share one Redis. */
  prefix: string;
  ttlMs: number;
  /** Where a failure that no caller waits for is reported. */
  warn?: (message: string) => void;
}

// Drops the expired connections of a user, counts the rest, adds this one; atomic.
const CONNECT_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
local before = redis.call('ZCARD', KEYS[1])
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return before`;

/** Events kept in the stream: what an instance that lost Redis for a moment reads on its return. */
const STREAM_LENGTH = 10_000;
/** How long a publisher waits for Redis to take an event before leaving it queued. */
const PUBLISH_WAIT_MS = 1000;
/** How long a presence command or a health check may take before Redis counts as unreachable. */
const COMMAND_TIMEOUT_MS = 2000;
const READ_BLOCK_MS = 5000;

type StreamId = [ms: number, seq: number];
const parseId = (id: string): StreamId => {
  const [ms = '0', seq = '0'] = id.split('-');
  return [Number(ms), Number(seq)];
};
const isAfter = (a: StreamId, b: StreamId) => a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]);

const unavailable = () => new AppError('NETWORK_ERROR', 'Temporarily unavailable, try again shortly');

/**
 * Fan-out through one Redis stream rather than PUBLISH: pub/sub forgets what is published
 * while a subscriber is reconnecting (a Redis restart drops every connection, and the
 * publisher's queued events would reach Redis before the subscribers are back), while each
 * instance reads the stream from the last entry it saw, so an event published during an
 * outage is delivered once everyone is back, exactly once per instance. Every instance reads
 * every event and hands it to the handlers of its channel here.
 *
 * Two connections: a reader (blocked in XREAD) and a commander (XADD, presence). Both queue
 * commands while reconnecting (ioredis), without a retry limit: an event published during an
 * outage waits for Redis. Presence does not wait: once Redis has been seen and is gone, its
 * calls fail at once with NETWORK_ERROR (503). A user's presence is a sorted set of their
 * connection ids scored by expiry time (ms), whose key itself expires too.
 */
export function createRedisRealtime(options: RedisOptions): Realtime {
  const { prefix, ttlMs } = options;
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const stream = `${prefix}events`;
  const commander = new Redis(options.url, { enableAutoPipelining: true, maxRetriesPerRequest: null });
  const reader = new Redis(options.url, { maxRetriesPerRequest: null });
  // ioredis reconnects on its own; without listeners a lost connection would be an uncaught error.
  commander.on('error', () => {});
  reader.on('error', () => {});
  let commanderSeen = false;
  commander.on('ready', () => {
    commanderSeen = true;
  });
  let closed = false;

  /** A command that answers within the timeout, or NETWORK_ERROR; at once while Redis is known to be gone. */
  const answered = async <T>(command: () => Promise<T>): Promise<T> => {
    if (commanderSeen && commander.status !== 'ready') throw unavailable();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(unavailable()), COMMAND_TIMEOUT_MS);
    });
    try {
      return await Promise.race([command(), timeout]);
    } finally {
      clearTimeout(timer);
    }
  };

  const tipOf = async (connection: Redis): Promise<StreamId> => {
    const last = await connection.xrevrange(stream, '+', '-', 'COUNT', 1);
    return parseId(last[0]?.[0] ?? '0-0');
  };

  const handlers = new Map<string, Map<MessageHandler, StreamId>>();
  // An entry is one message and the channels it is for: a `c` field per channel, then `m`.
  const deliver = (id: StreamId, fields: string[]) => {
    const channels: string[] = [];
    let message: string | undefined;
    for (let index = 0; index + 1 < fields.length; index += 2) {
      if (fields[index] === 'c') channels.push(fields[index + 1] as string);
      else if (fields[index] === 'm') message = fields[index + 1];
    }
    if (message === undefined) return;
    for (const channel of channels) {
      for (const [handler, since] of handlers.get(channel) ?? []) if (isAfter(id, since)) handler(message);
    }
  };

  // The reader's position: every entry after it is still to be handed out.
  const started = tipOf(reader);
  started.catch(() => {});
  // Ends by itself once closed (a read then fails, or the stream's start never came).
  void (async () => {
    let last = await started;
    while (!closed) {
      try {
        const result = await reader.xread('COUNT', 500, 'BLOCK', READ_BLOCK_MS, 'STREAMS', stream, last.join('-'));
        for (const [, entries] of result ?? []) {
          for (const [id, fields] of entries) {
            last = parseId(id);
            deliver(last, fields);
          }
        }
      } catch (error) {
        if (closed) return;
        warn(`realtime: reading the Redis stream failed (${(error as Error).message}); retrying`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  })().catch(() => {});

  const pubsub: PubSub = {
    kind: 'redis',
    async publish(channel, message) {
      const channels = typeof channel === 'string' ? [channel] : channel;
      if (channels.length === 0) return;
      const fields = channels.flatMap((name) => ['c', prefix + name]);
      const added = commander.xadd(stream, 'MAXLEN', '~', String(STREAM_LENGTH), '*', ...fields, 'm', message).then(
        () => {},
        (error: Error) => {
          if (!closed) warn(`realtime: an event for ${channels.join(', ')} was not published (${error.message})`);
        },
      );
      // Queued while Redis is away, sent when it is back: the caller need not wait for that.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([added, new Promise((resolve) => (timer = setTimeout(resolve, PUBLISH_WAIT_MS)))]);
      clearTimeout(timer);
    },
    async subscribe(channel, handler) {
      const key = prefix + channel;
      // Every entry after the tip reaches the handler: the reader is at or before it.
      await answered(() => started);
      const since = await answered(() => tipOf(commander));
      let entry = handlers.get(key);
      if (!entry) {
        entry = new Map();
        handlers.set(key, entry);
      }
      entry.set(handler, since);
      return async () => {
        const current = handlers.get(key);
        if (!current?.delete(handler) || current.size > 0) return;
        handlers.delete(key);
      };
    },
    async check() {
      // Not ready until the reader is connected too (just after start, or while reconnecting).
      if (reader.status !== 'ready') throw unavailable();
      await answered(() => commander.ping());
    },
  };

  const presenceKey = (userId: string) => `${prefix}presence:${userId}`;
  const presence: PresenceStore = {
    kind: 'redis',
    async connect(userId, connectionId) {
      const now = Date.now();
      const before = await answered(() =>
        commander.eval(
          CONNECT_SCRIPT,
          1,
          presenceKey(userId),
          String(now),
          String(now + ttlMs),
          connectionId,
          String(ttlMs),
        ),
      );
      return Number(before) === 0;
    },
    async refresh(entries) {
      if (entries.length === 0) return;
      const expiresAt = Date.now() + ttlMs;
      await answered(() => {
        const pipeline = commander.pipeline();
        // Adds as well as extends: a Redis that restarted without its data lost these connections.
        for (const { userId, connectionId } of entries) {
          pipeline.zadd(presenceKey(userId), expiresAt, connectionId);
          pipeline.pexpire(presenceKey(userId), ttlMs);
        }
        return pipeline.exec();
      });
    },
    async disconnect(userId, connectionId, lingerMs = 0) {
      await answered(() =>
        lingerMs > 0
          ? commander.zadd(presenceKey(userId), 'XX', Date.now() + lingerMs, connectionId)
          : commander.zrem(presenceKey(userId), connectionId),
      );
    },
    async onlineUsers(userIds) {
      if (userIds.length === 0) return new Set();
      const now = Date.now();
      const results =
        (await answered(() => {
          const pipeline = commander.pipeline();
          for (const userId of userIds) pipeline.zcount(presenceKey(userId), `(${now}`, '+inf');
          return pipeline.exec();
        })) ?? [];
      return new Set(userIds.filter((_, index) => Number(results[index]?.[1] ?? 0) > 0));
    },
  };

  return {
    pubsub,
    presence,
    async close() {
      closed = true;
      handlers.clear();
      reader.disconnect();
      // QUIT sends what is queued first; while Redis is away that would wait for its return.
      if (commander.status === 'ready') {
        await Promise.race([commander.quit(), new Promise((resolve) => setTimeout(resolve, 1000))]).catch(() => {});
      }
      commander.disconnect();
    },
  };
}
