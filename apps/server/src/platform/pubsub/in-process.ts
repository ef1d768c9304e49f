import { EventEmitter } from 'node:events';
import type { PresenceStore, PubSub } from './index.js';

/** One process, one emitter: the default when there is no Redis (a single instance). */
export function createInProcessPubSub(): PubSub {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    kind: 'in-process',
    async publish(channel, message) {
      for (const name of typeof channel === 'string' ? [channel] : channel) emitter.emit(name, message);
    },
    async subscribe(channel, handler) {
      emitter.on(channel, handler);
      return async () => {
        emitter.off(channel, handler);
      };
    },
    async check() {},
  };
}

/** Presence in a map of connection expiry times; right for one instance only. */
export function createMemoryPresence(ttlMs: number, now: () => number = Date.now): PresenceStore {
  const users = new Map<string, Map<string, number>>();

  const liveConnections = (userId: string) => {
    const connections = users.get(userId);
    if (!connections) return 0;
    const at = now();
    for (const [id, expiresAt] of connections) if (expiresAt <= at) connections.delete(id);
    if (connections.size === 0) users.delete(userId);
    return connections.size;
  };

  return {
    kind: 'in-process',
    async connect(userId, connectionId) {
      const before = liveConnections(userId);
      const connections = users.get(userId) ?? new Map<string, number>();
      connections.set(connectionId, now() + ttlMs);
      users.set(userId, connections);
      return before === 0;
    },
    async refresh(entries) {
      const expiresAt = now() + ttlMs;
      for (const { userId, connectionId } of entries) {
        const connections = users.get(userId);
        if (connections?.has(connectionId)) connections.set(connectionId, expiresAt);
      }
    },
    async disconnect(userId, connectionId, lingerMs = 0) {
      const connections = users.get(userId);
      if (!connections?.has(connectionId)) return;
      if (lingerMs > 0) connections.set(connectionId, now() + lingerMs);
      else connections.delete(connectionId);
      liveConnections(userId);
    },
    async onlineUsers(userIds) {
      return new Set(userIds.filter((userId) => liveConnections(userId) > 0));
    },
  };
}
