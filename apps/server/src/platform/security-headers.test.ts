import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers.js';

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

  it('sends HSTS when asked, and lets a route set a policy of its own', async () => {
    const { page, own } = await headersOf({ hsts: true });
    expect(page['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(own['content-security-policy']).toBe("default-src 'none'");
  });
});
