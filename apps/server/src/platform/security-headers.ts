import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's response headers (CSP, nosniff, frame and referrer policies…), computed once at
 * start. @fastify/helmet builds Helmet's middleware, parsing the Content-Security-Policy
 * again, on every request; with options that hold no per-request value (no nonces, no
 * directive functions) every response gets the same headers, so they are set as they are.
 */
export const securityHeaders = fp<HelmetOptions>(
  async (app, options) => {
    const headers: Record<string, string> = {};
    const collector = {
      setHeader: (name: string, value: string) => {
        headers[name.toLowerCase()] = value;
      },
      // Helmet removes X-Powered-By, which Fastify never sets.
      removeHeader: () => {},
    };
    helmet(options)({} as IncomingMessage, collector as unknown as ServerResponse, (error) => {
      if (error) throw error;
    });
    app.addHook('onRequest', async (_request, reply) => {
      reply.headers(headers);
    });
  },
  { name: 'marco-security-headers' },
);
