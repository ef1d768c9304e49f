import type { Config } from '../../config.js';
import { createInProcessPubSub, createMemoryPresence } from './in-process.js';
import { createRedisRealtime } from './redis.js';

export type MessageHandler = (message: string) => void;

/**
 * Fan-out of events between server instances. Channels carry JSON text; a handler sees
 * every message published on its channel by any instance after `subscribe` resolved, once,
 * including what was published while the bus was unreachable (it waits for the bus).
 */
export interface PubSub {
  readonly kind: 'in-process' | 'redis';
  /**
   * Publishes one message to one channel or to several at once: the message crosses the bus
   * once however many channels it is for.
   */
  publish(channel: string | readonly string[], message: string): Promise<void>;
  /** Resolves once the subscription is live; answers the function that ends it. */
  subscribe(channel: string, handler: MessageHandler): Promise<() => Promise<void>>;
  /** Throws unless events can be carried now (readiness). */
  check(): Promise<void>;
}

/**
 * Who is online, shared by every instance. A user is online while at least one of their
 * connections (anywhere) is alive: each connection is kept for a time-to-live that its
 * instance refreshes on every heartbeat, so the connections of a vanished instance expire.
 */
export interface PresenceStore {
  readonly kind: 'in-process' | 'redis';
  /** Records a live connection; answers true when the user had none before (just came online). */
  connect(userId: string, connectionId: string): Promise<boolean>;
  /** Extends the life of these connections by another time-to-live. */
  refresh(connections: ReadonlyArray<{ userId: string; connectionId: string }>): Promise<void>;
  /**
   * Ends a connection. With `lingerMs` it still counts that long, so a page reload that
   * reconnects at once never shows the user offline.
   */
  disconnect(userId: string, connectionId: string, lingerMs?: number): Promise<void>;
  /** Which of these users are online now. */
  onlineUsers(userIds: readonly string[]): Promise<Set<string>>;
}

export interface Realtime {
  pubsub: PubSub;
  presence: PresenceStore;
  close(): Promise<void>;
}

/** The channel of everything one user should see, on whichever instance their sockets are. */
export const userChannel = (userId: string) => `user:${userId}`;

/**
 * Said on a user's channel when some of their sessions were ended (a suspension): every
 * instance re-checks that user's sockets at once and closes those whose session is gone,
 * instead of at the next periodic check. Never forwarded to the browser.
 */
export const SESSIONS_ENDED = '{"type":"sessions_ended"}';

export const announceSessionsEnded = (pubsub: PubSub, userId: string) =>
  pubsub.publish(userChannel(userId), SESSIONS_ENDED);

/** Publishes one event to each user's channel: serialised once, published once. */
export async function publishToUsers(pubsub: PubSub, userIds: readonly string[], event: object): Promise<void> {
  await pubsub.publish([...new Set(userIds)].map(userChannel), JSON.stringify(event));
}

/** In-process by default; Redis (a stream reader and a command connection) when REDIS_URL is set. */
export function createRealtime(
  config: Pick<Config, 'REDIS_URL' | 'REDIS_KEY_PREFIX' | 'PRESENCE_TTL_SECONDS'>,
): Realtime {
  const ttlMs = config.PRESENCE_TTL_SECONDS * 1000;
  if (config.REDIS_URL) return createRedisRealtime({ url: config.REDIS_URL, prefix: config.REDIS_KEY_PREFIX, ttlMs });
  return { pubsub: createInProcessPubSub(), presence: createMemoryPresence(ttlMs), close: async () => {} };
}
