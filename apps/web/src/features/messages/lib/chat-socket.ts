import type { ClientEvent, ServerEvent } from '@marco/contract/messaging';
import { WS_CLOSE_SERVER_RESTART, WS_CLOSE_SESSION_ENDED, WS_PATH } from '@marco/contract/messaging-limits';

/** 'ended': the server closed the socket because the session ended; it is not reopened. */
export type SocketStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'ended';
type EventListener = (event: ServerEvent) => void;
type StatusListener = (status: SocketStatus, context: { isReconnect: boolean }) => void;

/** Exponential backoff with jitter: 0.5 s, 1 s, 2 s … at most 30 s, each 50–100 % of that. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(30_000, 500 * 2 ** attempt);
  return Math.round(ceiling * (0.5 + random() / 2));
}

/**
 * When a server instance shuts down, all its sockets close at once (code 1012): each waits a
 * random moment within this long before reconnecting, so the load balancer spreads them over
 * the instances left instead of all at the same instant.
 */
const RESTART_SPREAD_MS = 5000;

export function restartDelay(random: () => number = Math.random): number {
  return Math.round(RESTART_SPREAD_MS * random());
}

const PING_INTERVAL_MS = 25_000;

/**
 * One WebSocket to `/api/ws` for the whole page (the session cookie authenticates it).
 * It reconnects by itself with backoff (spread over a few seconds when its server restarts),
 * at once when the browser comes back online or the tab becomes visible, and pings now and
 * then so idle proxies keep it open. A reconnect is announced with `isReconnect`, so the
 * page reloads what it may have missed.
 */
export class ChatSocket {
  private socket: WebSocket | null = null;
  private status: SocketStatus = 'idle';
  private attempt = 0;
  private hasConnectedBefore = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private readonly listeners = new Set<EventListener>();
  private readonly statusListeners = new Set<StatusListener>();

  constructor(
    private readonly url: () => string = defaultUrl,
    private readonly random: () => number = Math.random,
  ) {}

  get currentStatus(): SocketStatus {
    return this.status;
  }

  start(): void {
    if (this.status !== 'idle') return;
    window.addEventListener('online', this.reconnectNow);
    document.addEventListener('visibilitychange', this.onVisibility);
    this.open();
  }

  stop(): void {
    window.removeEventListener('online', this.reconnectNow);
    document.removeEventListener('visibilitychange', this.onVisibility);
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000);
    this.attempt = 0;
    this.hasConnectedBefore = false;
    this.setStatus('idle', false);
  }

  send(event: ClientEvent): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(event));
    return true;
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onStatus(listener: StatusListener): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  private open() {
    this.clearTimers();
    this.setStatus(this.hasConnectedBefore ? 'reconnecting' : 'connecting', false);
    const socket = new WebSocket(this.url());
    this.socket = socket;
    socket.onmessage = (message) => {
      let event: ServerEvent;
      try {
        event = JSON.parse(String(message.data)) as ServerEvent;
      } catch {
        return;
      }
      if (event.type === 'ready') {
        const isReconnect = this.hasConnectedBefore;
        this.hasConnectedBefore = true;
        this.attempt = 0;
        this.setStatus('open', isReconnect);
        this.pingTimer = setInterval(() => this.send({ type: 'ping' }), PING_INTERVAL_MS);
      }
      for (const listener of this.listeners) listener(event);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (event.code === WS_CLOSE_SESSION_ENDED) {
        this.clearTimers();
        this.setStatus('ended', false);
        return;
      }
      // A restart is not a failure: the next attempt, if it fails, starts the backoff afresh.
      this.scheduleReconnect(
        event.code === WS_CLOSE_SERVER_RESTART ? restartDelay(this.random) : backoffDelay(this.attempt++, this.random),
      );
    };
  }

  private scheduleReconnect(delayMs: number) {
    this.clearTimers();
    this.setStatus('reconnecting', false);
    this.retryTimer = setTimeout(() => this.open(), delayMs);
  }

  private readonly reconnectNow = () => {
    if (this.status === 'reconnecting' && !this.socket) this.open();
  };

  private readonly onVisibility = () => {
    if (document.visibilityState === 'visible') this.reconnectNow();
  };

  private clearTimers() {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.retryTimer = null;
    this.pingTimer = null;
  }

  private setStatus(status: SocketStatus, isReconnect: boolean) {
    if (this.status === status && !isReconnect) return;
    this.status = status;
    for (const listener of this.statusListeners) listener(status, { isReconnect });
  }
}

function defaultUrl(): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}${WS_PATH}`;
}

/** The page's one socket. */
export const chatSocket = new ChatSocket();
