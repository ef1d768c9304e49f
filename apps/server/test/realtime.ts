import type { ServerEvent } from '@marco/contract/messaging';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';

export interface SocketClient {
  socket: WebSocket;
  events: ServerEvent[];
  /** The first event (already received or still to come) that matches; rejects after `timeoutMs`. */
  next<T extends ServerEvent['type']>(
    type: T,
    match?: (event: Extract<ServerEvent, { type: T }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<ServerEvent, { type: T }>>;
  send(event: unknown): void;
  close(): Promise<void>;
}

/** The `ws://` address of a listening app. */
export function wsUrl(app: FastifyInstance, query = ''): string {
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('the app is not listening');
  return `ws://127.0.0.1:${address.port}/api/ws${query}`;
}

/** Opens a socket and waits for `ready` (subscribed, presence recorded); rejects with the HTTP status when refused. */
export function connectSocket(
  url: string,
  options: { headers?: Record<string, string>; autoPong?: boolean } = {},
): Promise<SocketClient> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers: options.headers, autoPong: options.autoPong ?? true });
    const events: ServerEvent[] = [];
    const waiters = new Set<() => void>();
    socket.on('message', (data) => {
      const event = JSON.parse(data.toString()) as ServerEvent;
      events.push(event);
      for (const waiter of [...waiters]) waiter();
      if (event.type === 'ready') resolve(client);
    });
    socket.on('unexpected-response', (_request, response) => {
      reject(Object.assign(new Error(`refused with ${response.statusCode}`), { statusCode: response.statusCode }));
      socket.terminate();
    });
    socket.on('error', (error) => reject(error));
    const client: SocketClient = {
      socket,
      events,
      next(type, match = () => true, timeoutMs = 3000) {
        return new Promise((resolveEvent, rejectEvent) => {
          let seen = 0;
          const check = () => {
            for (; seen < events.length; seen++) {
              const event = events[seen];
              if (event?.type === type && match(event as never)) {
                waiters.delete(check);
                clearTimeout(timer);
                resolveEvent(event as never);
                return;
              }
            }
          };
          const timer = setTimeout(() => {
            waiters.delete(check);
            rejectEvent(new Error(`no ${type} event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
          }, timeoutMs);
          waiters.add(check);
          check();
        });
      },
      send(event) {
        socket.send(JSON.stringify(event));
      },
      close() {
        return new Promise((done) => {
          if (socket.readyState === WebSocket.CLOSED) return done();
          socket.once('close', () => done());
          socket.close();
        });
      },
    };
  });
}
