import { randomUUID } from 'node:crypto';
import type { Duplex } from 'node:stream';
import { ClientEventSchema, type ServerEvent, WS_CLOSE_SESSION_ENDED } from '@marco/contract/messaging';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { AppDeps } from '../../app-deps.js';
import { resolveSession } from '../../platform/auth/sessions.js';
import { publishToUsers, SESSIONS_ENDED, userChannel } from '../../platform/pubsub/index.js';
import { findMembership, listConversationPartners } from './service.js';

type HubDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'pubsub' | 'presence'>;

interface Connection {
  id: string;
  userId: string;
  /** The session token the socket opened with; re-checked now and then, so a sign-out ends the socket. */
  token: string;
  socket: WebSocket;
  isAlive: boolean;
  sessionCheckedAt: number;
  /** Conversations this socket may send typing events to, and who is on the other side. */
  partners: Map<string, string>;
  lastTypingAt: Map<string, number>;
  opened: Promise<void>;
}

/** A socket that has this much unsent data is too slow to follow: it is cut, and reconnects. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const SESSION_RECHECK_MS = 5 * 60_000;
const TYPING_MIN_INTERVAL_MS = 1000;

/**
 * The sockets of this instance. Each signed-in user's sockets share one subscription to
 * the user's channel, through which every instance reaches them; presence lives in the
 * shared PresenceStore, refreshed on every heartbeat.
 */
export class SocketHub {
  private readonly byUser = new Map<string, Set<Connection>>();
  private readonly subscriptions = new Map<string, Promise<() => Promise<void>>>();
  private readonly offlineChecks = new Set<NodeJS.Timeout>();
  private readonly heartbeat: NodeJS.Timeout;
  private isClosing = false;

  constructor(
    private readonly deps: HubDeps,
    private readonly log: FastifyBaseLogger,
  ) {
    // Three heartbeats per presence time-to-live: one lost refresh never drops anyone.
    const intervalMs = (deps.config.PRESENCE_TTL_SECONDS * 1000) / 3;
    this.heartbeat = setInterval(() => void this.beat().catch((error) => this.fail(error)), intervalMs);
    this.heartbeat.unref();
  }

  get connectionCount(): number {
    let total = 0;
    for (const connections of this.byUser.values()) total += connections.size;
    return total;
  }

  /** Takes an authenticated socket. Handlers are attached before anything asynchronous. */
  add(socket: WebSocket, user: { id: string; token: string }): void {
    let markOpened: () => void = () => {};
    const connection: Connection = {
      id: `${randomUUID()}`,
      userId: user.id,
      token: user.token,
      socket,
      isAlive: true,
      sessionCheckedAt: Date.now(),
      partners: new Map(),
      lastTypingAt: new Map(),
      opened: new Promise<void>((resolve) => {
        markOpened = resolve;
      }),
    };
    socket.on('pong', () => {
      connection.isAlive = true;
    });
    socket.on('message', (data, isBinary) => {
      connection.isAlive = true;
      if (isBinary)
        return this.send(connection, { type: 'error', code: 'VALIDATION_FAILED', message: 'Send JSON text' });
      void connection.opened.then(() => this.receive(connection, data.toString())).catch((error) => this.fail(error));
    });
    socket.on('error', (error) => this.log.debug({ err: error }, 'websocket error'));
    socket.on('close', () => {
      void connection.opened.then(() => this.remove(connection)).catch((error) => this.fail(error));
    });
    void this.open(connection)
      .catch((error) => {
        this.fail(error);
        socket.terminate();
      })
      .finally(markOpened);
  }

  private async open(connection: Connection) {
    const { userId } = connection;
    let connections = this.byUser.get(userId);
    if (!connections) {
      connections = new Set();
      this.byUser.set(userId, connections);
    }
    connections.add(connection);
    let subscription = this.subscriptions.get(userId);
    if (!subscription) {
      subscription = this.deps.pubsub.subscribe(userChannel(userId), (message) => this.deliver(userId, message));
      this.subscriptions.set(userId, subscription);
    }
    await subscription;
    const cameOnline = await this.deps.presence.connect(userId, connection.id);
    this.send(connection, { type: 'ready', userId });
    if (cameOnline) await this.announcePresence(userId, true);
  }

  /** The frame's bytes of the last event delivered: one event reaches several users' handlers in turn. */
  private lastEvent: { text: string; bytes: Buffer } | null = null;

  private deliver(userId: string, message: string) {
    const connections = this.byUser.get(userId);
    if (!connections) return;
    if (message === SESSIONS_ENDED) {
      for (const connection of connections) this.recheckSession(connection).catch((error) => this.fail(error));
      return;
    }
    if (this.lastEvent?.text !== message) this.lastEvent = { text: message, bytes: Buffer.from(message) };
    for (const connection of connections) this.sendText(connection, this.lastEvent.bytes);
  }

  private send(connection: Connection, event: ServerEvent) {
    this.sendText(connection, JSON.stringify(event));
  }

  /** Sockets holding this turn's frames (see hold). */
  private readonly held = new Set<Duplex>();

  /**
   * Holds the socket's frames until the end of this turn of the event loop, so that the
   * frames one socket gets in a turn (a new message and its notification; under load, many
   * messages) leave in one write: a write was half of the server's time per chat message
   * (decision 017). ws has no public way to do this: `_socket` is its TCP socket, stable
   * across ws 8 (its own sender corks it the same way).
   */
  private hold(socket: WebSocket) {
    const tcp = (socket as unknown as { _socket?: Duplex })._socket;
    if (!tcp || this.held.has(tcp)) return;
    tcp.cork();
    this.held.add(tcp);
    if (this.held.size === 1) {
      setImmediate(() => {
        for (const held of this.held) held.uncork();
        this.held.clear();
      });
    }
  }

  private sendText(connection: Connection, text: string | Buffer) {
    const { socket } = connection;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      socket.terminate();
      return;
    }
    this.hold(socket);
    // A Buffer goes out as a text frame too: the bytes are converted once per event, not per socket.
    socket.send(text, { binary: false });
  }

  private async receive(connection: Connection, text: string) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    const parsed = ClientEventSchema.safeParse(json);
    if (!parsed.success) {
      this.send(connection, { type: 'error', code: 'VALIDATION_FAILED', message: 'Unknown event' });
      return;
    }
    const event = parsed.data;
    if (event.type === 'ping') {
      this.send(connection, { type: 'pong' });
      return;
    }
    // typing: only to the other participant, at most once a second per conversation.
    const now = Date.now();
    if (now - (connection.lastTypingAt.get(event.conversationId) ?? 0) < TYPING_MIN_INTERVAL_MS) return;
    connection.lastTypingAt.set(event.conversationId, now);
    let partner = connection.partners.get(event.conversationId);
    if (!partner) {
      const membership = await findMembership(this.deps.db, event.conversationId, connection.userId);
      if (!membership) {
        this.send(connection, { type: 'error', code: 'NOT_FOUND', message: 'Conversation not found' });
        return;
      }
      partner = membership.otherUserId;
      connection.partners.set(event.conversationId, partner);
    }
    await publishToUsers(this.deps.pubsub, [partner], {
      type: 'typing',
      conversationId: event.conversationId,
      userId: connection.userId,
    } satisfies ServerEvent);
  }

  private async remove(connection: Connection) {
    if (this.isClosing) return;
    const { userId } = connection;
    const connections = this.byUser.get(userId);
    if (!connections?.delete(connection)) return;
    if (connections.size === 0) {
      this.byUser.delete(userId);
      const subscription = this.subscriptions.get(userId);
      this.subscriptions.delete(userId);
      if (subscription) await (await subscription)();
    }
    const lingerMs = this.deps.config.PRESENCE_LINGER_MS;
    await this.deps.presence.disconnect(userId, connection.id, lingerMs);
    // Offline only if no socket (here or on another instance) took over meanwhile.
    const check = setTimeout(() => {
      this.offlineChecks.delete(check);
      void this.announceIfOffline(userId).catch((error) => this.fail(error));
    }, lingerMs + 20);
    this.offlineChecks.add(check);
  }

  private async announceIfOffline(userId: string) {
    if (this.isClosing) return;
    const online = await this.deps.presence.onlineUsers([userId]);
    if (!online.has(userId)) await this.announcePresence(userId, false);
  }

  private async announcePresence(userId: string, online: boolean) {
    const partners = await listConversationPartners(this.deps.db, userId);
    if (partners.length === 0) return;
    await publishToUsers(this.deps.pubsub, partners, { type: 'presence', userId, online } satisfies ServerEvent);
  }

  /** Pings every socket, cuts the ones that missed the last ping, refreshes presence, re-checks old sessions. */
  private async beat() {
    const alive: Array<{ userId: string; connectionId: string }> = [];
    const now = Date.now();
    for (const connections of this.byUser.values()) {
      for (const connection of connections) {
        if (!connection.isAlive) {
          connection.socket.terminate();
          continue;
        }
        connection.isAlive = false;
        connection.socket.ping();
        alive.push({ userId: connection.userId, connectionId: connection.id });
        if (now - connection.sessionCheckedAt > SESSION_RECHECK_MS) await this.recheckSession(connection);
      }
    }
    await this.deps.presence.refresh(alive);
  }

  /** Closes the socket when the session it opened with has ended (signed out, revoked). */
  private async recheckSession(connection: Connection) {
    connection.sessionCheckedAt = Date.now();
    const session = await resolveSession(this.deps.db, this.deps.clock, connection.token);
    if (!session) connection.socket.close(WS_CLOSE_SESSION_ENDED, 'Session ended');
  }

  private fail(error: unknown) {
    if (!this.isClosing) this.log.error({ err: error }, 'realtime failure');
  }

  /** On shutdown: this instance's connections end at once, and their users go offline unless connected elsewhere. */
  async close(): Promise<void> {
    if (this.isClosing) return;
    this.isClosing = true;
    clearInterval(this.heartbeat);
    for (const check of this.offlineChecks) clearTimeout(check);
    this.offlineChecks.clear();
    const users = [...this.byUser.entries()];
    this.byUser.clear();
    await Promise.allSettled(
      users.flatMap(([userId, connections]) =>
        [...connections].map((connection) => this.deps.presence.disconnect(userId, connection.id, 0)),
      ),
    );
    const online = await this.deps.presence.onlineUsers(users.map(([userId]) => userId)).catch(() => new Set());
    await Promise.allSettled(
      users.filter(([userId]) => !online.has(userId)).map(([userId]) => this.announcePresence(userId, false)),
    );
    const subscriptions = [...this.subscriptions.values()];
    this.subscriptions.clear();
    await Promise.allSettled(subscriptions.map(async (subscription) => (await subscription)()));
  }
}
