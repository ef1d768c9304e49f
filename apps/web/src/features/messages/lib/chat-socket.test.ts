import { WS_CLOSE_SERVER_RESTART, WS_CLOSE_SESSION_ENDED } from '@marco/contract/messaging-limits';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket as NodeWebSocket, WebSocketServer } from 'ws';
import { backoffDelay, ChatSocket, restartDelay, type SocketStatus } from './chat-socket';

describe('reconnect backoff', () => {
  it('doubles from half a second up to 30 seconds, with jitter between half and all of it', () => {
    expect([0, 1, 2, 3].map((attempt) => backoffDelay(attempt, () => 1))).toEqual([500, 1000, 2000, 4000]);
    expect(backoffDelay(20, () => 1)).toBe(30_000);
    expect(backoffDelay(3, () => 0)).toBe(2000);
  });

  it('spreads reconnects after a server restart over five seconds', () => {
    expect([0, 0.25, 0.999].map((value) => restartDelay(() => value))).toEqual([0, 1250, 4995]);
  });
});

describe('a server restart', () => {
  let server: WebSocketServer | undefined;
  let socket: ChatSocket | undefined;
  afterEach(async () => {
    socket?.stop();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('reconnects after close code 1012 and announces the reconnect, so the page reloads what it missed', async () => {
    // A real socket to a real server; jsdom's own WebSocket mixes two Event classes under Node 20.
    vi.stubGlobal('WebSocket', NodeWebSocket);
    server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise((resolve) => server?.once('listening', resolve));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('expected a TCP address');
    const { port } = address;
    let connections = 0;
    server.on('connection', (client) => {
      connections += 1;
      client.send(JSON.stringify({ type: 'ready', userId: 'u1' }));
      // The first instance shuts down right after the client is ready.
      if (connections === 1) client.close(WS_CLOSE_SERVER_RESTART, 'Server restarting');
    });
    const statuses: Array<{ status: SocketStatus; isReconnect: boolean }> = [];
    const reconnected = new Promise<void>((resolve) => {
      socket = new ChatSocket(
        () => `ws://127.0.0.1:${port}/api/ws`,
        () => 0,
      );
      socket.onStatus((status, { isReconnect }) => {
        statuses.push({ status, isReconnect });
        if (status === 'open' && isReconnect) resolve();
      });
      socket.start();
    });
    await reconnected;
    expect(connections).toBe(2);
    expect(statuses).toEqual([
      { status: 'connecting', isReconnect: false },
      { status: 'open', isReconnect: false },
      { status: 'reconnecting', isReconnect: false },
      { status: 'open', isReconnect: true },
    ]);
  });

  it('stops, without reconnecting, when the server ends the socket because its session ended', async () => {
    vi.stubGlobal('WebSocket', NodeWebSocket);
    server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise((resolve) => server?.once('listening', resolve));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('expected a TCP address');
    const { port } = address;
    let connections = 0;
    server.on('connection', (client) => {
      connections += 1;
      client.send(JSON.stringify({ type: 'ready', userId: 'u1' }));
      client.close(WS_CLOSE_SESSION_ENDED, 'Session ended');
    });
    const ended = new Promise<void>((resolve) => {
      socket = new ChatSocket(
        () => `ws://127.0.0.1:${port}/api/ws`,
        () => 0,
      );
      socket.onStatus((status) => {
        if (status === 'ended') resolve();
      });
      socket.start();
    });
    await ended;
    // A reconnect would have come after the backoff's first step (at most 500 ms).
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(connections).toBe(1);
    expect(socket?.currentStatus).toBe('ended');
  });
});
