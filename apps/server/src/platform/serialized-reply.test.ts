import zlib from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { KeptBody, sendKept } from './serialized-reply.js';

const page = Buffer.from(
  `<!doctype html><html><body>${'<p>Istanbul with a local guide</p>'.repeat(400)}</body></html>`,
);

async function fetchAs(kept: KeptBody, acceptEncoding: string | undefined) {
  const app = Fastify();
  app.get('/page', (request, reply) => sendKept(request, reply, kept));
  const response = await app.inject({
    method: 'GET',
    url: '/page',
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });
  await app.close();
  return response;
}

describe('a kept page held as brotli only', () => {
  it('sends the same page, with the same ETag, to a browser with brotli, one with gzip only and a client with neither', async () => {
    const full = new KeptBody(page, 'text/html; charset=utf-8');
    const lean = new KeptBody(page, 'text/html; charset=utf-8', { keep: 'brotli' });
    expect(lean.etag).toBe(full.etag);

    const brotli = await fetchAs(lean, 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).equals(page)).toBe(true);

    const gzip = await fetchAs(lean, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).equals(page)).toBe(true);

    const identity = await fetchAs(lean, undefined);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.rawPayload.equals(page)).toBe(true);
    expect(identity.headers.etag).toBe(full.etag);
  });
});
