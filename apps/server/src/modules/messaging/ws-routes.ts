import { SESSION_COOKIE } from '@marco/contract/auth';
import { WS_CLOSE_SERVER_RESTART, WS_CLOSE_SESSION_ENDED, WS_PATH } from '@marco/contract/messaging';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { isOwnOrigin } from '../../platform/auth/csrf.js';
import { resolveSession } from '../../platform/auth/sessions.js';
import { AppError } from '../../platform/errors.js';
import { SocketHub } from './realtime.js';

/** The session token the request carries: bearer header, `access_token` query, or the session cookie. */
function sessionTokenOf(request: FastifyRequest): string | null {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
  if (bearer) return bearer;
  const query = (request.query as { access_token?: unknown } | undefined)?.access_token;
  if (typeof query === 'string' && query) return query;
  return request.cookies[SESSION_COOKIE] ?? null;
}

/**
 * Browsers send Origin with every WebSocket handshake; refusing foreign origins stops
 * another site from opening a socket with the visitor's cookie. Clients that send no
 * Origin (mobile apps, servers) are not browsers and must bring a token of their own.
 */
export function isAllowedOrigin(
  origin: string | undefined,
  host: string,
  config: Pick<Config, 'PUBLIC_URL' | 'WS_ALLOWED_ORIGINS'>,
): boolean {
  if (origin === undefined) return true;
  if (isOwnOrigin(origin, host, config)) return true;
  return URL.canParse(origin) && config.WS_ALLOWED_ORIGINS.includes(new URL(origin).origin);
}

/**
 * A client that does not answer the close (its network is gone) would otherwise hold the
 * shutdown for the 30 s of ws's close timeout, past what an orchestrator waits.
 */
const CLOSE_HANDSHAKE_WAIT_MS = 1000;

/**
 * The WebSocket plugin's `preClose`: closing the app (SIGTERM, main.ts) closes every socket
 * with 1012 Service Restart, which clients take as "reconnect" (to another instance behind
 * the load balancer). The plugin's own default closes them without a code.
 */
export async function closeSocketsForRestart(this: FastifyInstance): Promise<void> {
  const clients = [...this.websocketServer.clients];
  for (const client of clients) client.close(WS_CLOSE_SERVER_RESTART, 'Server restarting');
  const closed = clients.map((client) =>
    client.readyState === client.CLOSED ? undefined : new Promise((resolve) => client.once('close', resolve)),
  );
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(closed),
    new Promise((resolve) => {
      timer = setTimeout(resolve, CLOSE_HANDSHAKE_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
  for (const client of clients) if (client.readyState !== client.CLOSED) client.terminate();
  await new Promise<void>((resolve) => this.websocketServer.close(() => resolve()));
}

/**
 * `GET /api/ws`: the real-time channel. Authenticated by the session cookie,
 * `Authorization: Bearer`, or `?access_token=` (for clients that cannot set headers on a
 * WebSocket); answers 403 for a foreign Origin and 401 without a valid session.
 */
export const realtimeRoutes: FastifyPluginAsync = async (app) => {
  const hub = new SocketHub(app.deps, app.log);
  app.deps.metrics.watchOpenSockets(() => hub.connectionCount);
  app.addHook('preClose', async () => hub.close());

  app.get(
    WS_PATH,
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (request) => {
        if (!isAllowedOrigin(request.headers.origin, request.host, app.deps.config)) {
          throw new AppError('FORBIDDEN', 'Origin not allowed');
        }
        const token = sessionTokenOf(request);
        if (!request.user && token) request.user = await resolveSession(app.deps.db, app.deps.clock, token);
        if (!request.user) throw new AppError('UNAUTHORIZED', 'Sign in to continue');
      },
    },
    (socket, request) => {
      const user = request.user;
      const token = sessionTokenOf(request);
      if (!user || !token) {
        socket.close(WS_CLOSE_SESSION_ENDED, 'Sign in to continue');
        return;
      }
      hub.add(socket, { id: user.id, token });
    },
  );
};
