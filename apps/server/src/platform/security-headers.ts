import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * A JSON answer is never a document a browser renders, so it needs no page policy: this one
 * forbids everything (as GitHub's API sends), in 45 bytes instead of the page's 600 that every
 * API answer used to carry.
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * The headers that protect a response that is not a document: its policy, no type sniffing,
 * no cross-origin embedding (a no-cors read of the JSON from another site), no referrer and
 * HSTS. Helmet's others govern documents (framing, opener, agent cluster, DNS prefetch, IE's
 * download and XSS filters, Adobe's policy files) and would only add bytes and work to each
 * of the API's answers.
 */
const API_HEADERS = [
  'cross-origin-resource-policy',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
];

const isJson = (type: unknown) => typeof type === 'string' && type.startsWith('application/json');

/**
 * The build's fingerprinted files (scripts, styles, pictures, fonts). None is a document a
 * page's policy could govern: a page's scripts and sheets obey the page's policy, not their
 * own, and no worker is built there (the service worker, /sw.js, is not under /assets and keeps
 * the page headers, which its fetches obey). A first visit loads dozens of them, each carrying
 * the page headers' 700 bytes to no effect.
 */
const isBuiltAsset = (url: string) => url.startsWith('/assets/');

/**
 * Helmet's response headers (CSP, nosniff, frame and referrer policies…), computed once at
 * start. @fastify/helmet builds Helmet's middleware, parsing the Content-Security-Policy
 * again, on every request; with options that hold no per-request value (no nonces, no
 * directive functions) every response gets the same headers, so they are set as they are:
 * pages and files get them all, JSON answers and the build's assets their own few (API_HEADERS). A route that sets
 * its own policy keeps it. Set as the answer leaves, so errors and pages not found get them
 * too; the hook takes a callback, as a promise per request costs more than the hook's work.
 */
export const securityHeaders = fp<HelmetOptions>(
  async (app, options) => {
    const pageHeaders: Record<string, string> = {};
    const collector = {
      setHeader: (name: string, value: string) => {
        pageHeaders[name.toLowerCase()] = value;
      },
      removeHeader: () => {},
    };
    helmet(options)({} as IncomingMessage, collector as unknown as ServerResponse, (error) => {
      if (error) throw error;
    });
    const { 'content-security-policy': pagePolicy, ...pageOthers } = pageHeaders;
    const apiOthers = Object.fromEntries(
      API_HEADERS.flatMap((name) => (pageHeaders[name] ? [[name, pageHeaders[name]]] : [])),
    );

    app.addHook('onSend', (request, reply, payload, done) => {
      const lean = isJson(reply.getHeader('content-type')) || isBuiltAsset(request.url);
      reply.headers(lean ? apiOthers : pageOthers);
      if (pagePolicy && !reply.hasHeader('content-security-policy')) {
        reply.header('content-security-policy', lean ? API_CONTENT_SECURITY_POLICY : pagePolicy);
      }
      done(null, payload);
    });
  },
  { name: 'marco-security-headers' },
);
