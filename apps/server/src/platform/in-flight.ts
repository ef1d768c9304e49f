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
  const release = (request: FastifyRequest) => {
    if (handling.delete(request) && handling.size === 0) drained?.();
  };
  // Callback hooks: they run on every request, and a promise each would cost more than their work.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.headers.upgrade) handling.add(request);
    done();
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    release(request);
    done(null, payload);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    release(request);
    done();
  });
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
