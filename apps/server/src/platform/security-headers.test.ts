import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.js';
import { SANDBOX_CHECKOUT_STYLE_SOURCE } from '../modules/payments/sandbox-page.js';
import { API_CONTENT_SECURITY_POLICY, securityHeaders } from './security-headers.js';

async function headersOf(options: Parameters<typeof securityHeaders>[1]) {
  const app = Fastify();
  await app.register(securityHeaders, options);
  app.get('/page', async () => 'ok');
  app.get('/own-policy', async (_request, reply) =>
    reply.header('content-security-policy', "default-src 'none'").send('ok'),
  );
  const page = await app.inject({ method: 'GET', url: '/page' });
  const own = await app.inject({ method: 'GET', url: '/own-policy' });
  await app.close();
  return { page: page.headers, own: own.headers };
}

describe('security headers', () => {
  it('sends Helmet’s headers with the configured Content-Security-Policy on every response', async () => {
    const { page } = await headersOf({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: { 'script-src': ["'self'", 'https://accounts.google.com'] },
      },
      hsts: false,
    });
    expect(page['content-security-policy']).toContain("script-src 'self' https://accounts.google.com");
    expect(page['content-security-policy']).toContain("object-src 'none'");
    expect(page).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
    });
    expect(page['strict-transport-security']).toBeUndefined();
  });

  it('sends the build’s assets only the headers a file that is not a document needs', async () => {
    const app = Fastify();
    await app.register(securityHeaders, { hsts: true });
    app.get('/assets/:file', async (_request, reply) => reply.type('application/javascript').send('export {}'));
    app.get('/sw.js', async (_request, reply) => reply.type('application/javascript').send('self.skipWaiting()'));
    const asset = (await app.inject({ method: 'GET', url: '/assets/Bx1.js' })).headers;
    const worker = (await app.inject({ method: 'GET', url: '/sw.js' })).headers;
    await app.close();
    expect(asset).toMatchObject({
      'content-security-policy': API_CONTENT_SECURITY_POLICY,
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
    });
    expect(asset['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(asset['x-frame-options']).toBeUndefined();
    expect(asset['cross-origin-opener-policy']).toBeUndefined();
    // The service worker's own fetches obey its policy: it keeps the page's.
    expect(worker['content-security-policy']).not.toBe(API_CONTENT_SECURITY_POLICY);
    expect(worker['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('sends HSTS when asked, and lets a route set a policy of its own', async () => {
    const { page, own } = await headersOf({ hsts: true });
    expect(page['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(own['content-security-policy']).toBe("default-src 'none'");
  });
});

/** The app's Content-Security-Policy as directive → sources. */
async function policyOf(env: Record<string, string>) {
  const t = await createTestApp({ env });
  try {
    // A page (here the "not built yet" answer of a test app without a web build), not JSON.
    const response = await t.app.inject({ method: 'GET', url: '/en/' });
    const header = String(response.headers['content-security-policy']);
    return new Map(
      header.split(';').map((directive) => {
        const [name = '', ...sources] = directive.trim().split(/\s+/);
        return [name, sources] as const;
      }),
    );
  } finally {
    await t.close();
  }
}

describe('the app’s Content-Security-Policy', () => {
  it('connects only to the site itself, its own WebSocket origin and the configured sign-in providers', async () => {
    const policy = await policyOf({
      PUBLIC_URL: 'https://marco.example',
      GOOGLE_CLIENT_ID: 'marco-web.apps.googleusercontent.com',
    });
    expect(policy.get('connect-src')).toEqual(["'self'", 'wss://marco.example', 'https://accounts.google.com/gsi/']);
    const plain = await policyOf({ PUBLIC_URL: 'http://localhost:4321' });
    expect(plain.get('connect-src')).toEqual(["'self'", 'ws://localhost:4321']);
  });

  it('allows no style attribute and no foreign sheet: built sheets, the sandbox page’s hashed block and the providers’ sheets', async () => {
    const policy = await policyOf({
      PUBLIC_URL: 'https://marco.example',
      GOOGLE_CLIENT_ID: 'marco-web.apps.googleusercontent.com',
    });
    expect(policy.get('style-src')).toEqual([
      "'self'",
      SANDBOX_CHECKOUT_STYLE_SOURCE,
      'https://accounts.google.com/gsi/style',
    ]);
    expect(policy.get('style-src-attr')).toEqual(["'none'"]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    // Inline style elements (a UI library's run-time scroll lock) are the one exception.
    expect(policy.get('style-src-elem')).toEqual([
      "'self'",
      "'unsafe-inline'",
      'https://accounts.google.com/gsi/style',
    ]);
    const others = [...policy].filter(([name]) => name !== 'style-src-elem').flatMap(([, sources]) => sources);
    expect(others).not.toContain("'unsafe-inline'");
  });
});

describe('JSON answers', () => {
  it('carry a policy that allows nothing and the headers that protect a non-document, without a page’s document-only ones', async () => {
    const t = await createTestApp();
    try {
      const json = await t.app.inject({ method: 'GET', url: '/api/health/live' });
      const error = await t.app.inject({ method: 'GET', url: '/api/app/no-such-call' });
      const page = await t.app.inject({ method: 'GET', url: '/en/' });
      for (const answer of [json, error]) {
        expect(answer.headers['content-security-policy']).toBe(API_CONTENT_SECURITY_POLICY);
        expect(answer.headers).toMatchObject({
          'x-content-type-options': 'nosniff',
          'cross-origin-resource-policy': 'same-origin',
          'referrer-policy': page.headers['referrer-policy'],
        });
        expect(answer.headers['x-frame-options']).toBeUndefined();
        expect(answer.headers['cross-origin-opener-policy']).toBeUndefined();
      }
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    } finally {
      await t.close();
    }
  });
});
