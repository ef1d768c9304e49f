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

describe('when the server closes the socket', () => {
  let server: WebSocketServer | undefined;
  let socket: ChatSocket | undefined;
  afterEach(async () => {
    socket?.stop();
    await new Promise((resolve) => server?.close(resolve));
  });

  /**
   * A real server that sends `ready` and then closes the n-th connection as `close` says, and a
   * ChatSocket started against it (no jitter), whose statuses go to `onStatus`.
   */
  async function connect(
    close: (connection: number) => { code: number; reason: string } | null,
    onStatus: (status: SocketStatus, isReconnect: boolean) => void,
  ) {
    // A real socket to a real server; jsdom's own WebSocket mixes two Event classes under Node 20.
    vi.stubGlobal('WebSocket', NodeWebSocket);
    server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise((resolve) => server?.once('listening', resolve));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('expected a TCP address');
    const { port } = address;
    const counted = { connections: 0 };
    server.on('connection', (client) => {
      counted.connections += 1;
      client.send(JSON.stringify({ type: 'ready', userId: 'u1' }));
      const closing = close(counted.connections);
      if (closing) client.close(closing.code, closing.reason);
    });
    socket = new ChatSocket(
      () => `ws://127.0.0.1:${port}/api/ws`,
      () => 0,
    );
    socket.onStatus((status, { isReconnect }) => onStatus(status, isReconnect));
    socket.start();
    return counted;
  }

  it('reconnects after close code 1012 and announces the reconnect, so the page reloads what it missed', async () => {
    const statuses: Array<{ status: SocketStatus; isReconnect: boolean }> = [];
    let reconnected: () => void = () => {};
    const done = new Promise<void>((resolve) => {
      reconnected = resolve;
    });
    // The first instance shuts down right after the client is ready.
    const counted = await connect(
      (connection) => (connection === 1 ? { code: WS_CLOSE_SERVER_RESTART, reason: 'Server restarting' } : null),
      (status, isReconnect) => {
        statuses.push({ status, isReconnect });
        if (status === 'open' && isReconnect) reconnected();
      },
    );
    await done;
    expect(counted.connections).toBe(2);
    expect(statuses).toEqual([
      { status: 'connecting', isReconnect: false },
      { status: 'open', isReconnect: false },
      { status: 'reconnecting', isReconnect: false },
      { status: 'open', isReconnect: true },
    ]);
  });

  it('stops, without reconnecting, when the server ends the socket because its session ended', async () => {
    let ended: () => void = () => {};
    const done = new Promise<void>((resolve) => {
      ended = resolve;
    });
    const counted = await connect(
      () => ({ code: WS_CLOSE_SESSION_ENDED, reason: 'Session ended' }),
      (status) => {
        if (status === 'ended') ended();
      },
    );
    await done;
    // A reconnect would have come after the backoff's first step (at most 500 ms).
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(counted.connections).toBe(1);
    expect(socket?.currentStatus).toBe('ended');
  });
});
