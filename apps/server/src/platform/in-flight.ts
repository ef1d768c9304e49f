import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Closing the app waits for the requests still being handled (at most `timeoutMs`). Closing
 * the HTTP server only stops new connections: a handler whose client has gone keeps running
 * and must not find the database closed under it, which is what a shutdown under load did.
 * WebSocket upgrades are not counted: their sockets are closed by the realtime layer.
 */
export function drainOnClose(app: FastifyInstance, timeoutMs = 10_000): void {
  const handling = new Set<FastifyRequest>();
  let drained: (() => void) | undefined;
  const release = async (request: FastifyRequest) => {
    if (handling.delete(request) && handling.size === 0) drained?.();
  };
  app.addHook('onRequest', async (request) => {
    if (!request.headers.upgrade) handling.add(request);
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    await release(request);
    return payload;
  });
  app.addHook('onResponse', async (request) => release(request));
  app.addHook('onClose', async () => {
    if (handling.size === 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      drained = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  });
}
