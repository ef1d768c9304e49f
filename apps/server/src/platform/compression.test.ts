import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createApprovedGuide, createStaff, FILES, upload, videoBytes } from '../../test/guide-factories.js';
import { chooseEncoding } from './serialized-reply.js';

const SEARCH = '/api/app/search-public/search-guides-public';
const PLACES = '/api/app/search-public/search-places';

const decoded = (response: LightMyRequestResponse): string => {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(response.rawPayload).toString('utf8');
  expect(encoding).toBeUndefined();
  return response.body;
};

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip, by the weights the client gives', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0.1, br;q=0')).toBe('gzip');
    expect(chooseEncoding('x-gzip')).toBe('gzip');
  });

  it('sends the bytes as they are when the client takes neither', () => {
    for (const header of [undefined, '', 'identity', 'deflate', 'br;q=0, gzip;q=0', '*;q=0']) {
      expect(chooseEncoding(header), String(header)).toBeNull();
    }
  });
});

describe('compressed answers', () => {
  let t: TestApp;
  let videoUrl = '';
  beforeAll(async () => {
    t = await createTestApp();
    const staff = await createStaff(t.app, t.database.db);
    for (const name of ['Ayla', 'Berk', 'Cem']) {
      const guide = await createApprovedGuide(t.app, t.database.db, { name, surname: 'Test', city: 'istanbul', staff });
      if (videoUrl) continue;
      const video = await upload(t.app, guide.user, `${FILES}/upload-user-guide-video-file`, {
        data: videoBytes({ durationSeconds: 75 }),
        filename: 'intro.mp4',
        contentType: 'video/mp4',
      });
      videoUrl = video.json().url;
    }
    await t.app.deps.searchGeneration.sync();
  });
  afterAll(() => t.close());

  it('compresses a JSON answer of 1 KB or more on the fly, as the client accepts', async () => {
    const identity = await t.app.inject({ url: '/api/docs/json' });
    expect(identity.statusCode).toBe(200);
    expect(identity.rawPayload.length).toBeGreaterThan(1024);
    expect(identity.headers['content-encoding']).toBeUndefined();
    for (const [accepted, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const response = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': accepted } });
      expect(response.headers['content-encoding'], accepted).toBe(encoding);
      expect(response.headers.vary, accepted).toMatch(/accept-encoding/i);
      expect(response.rawPayload.length, accepted).toBeLessThan(identity.rawPayload.length / 3);
      expect(JSON.parse(decoded(response)), accepted).toEqual(identity.json());
    }
  });

  it('leaves an answer under 1 KB as it is', async () => {
    const response = await t.app.inject({ url: '/api/health/live', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('sends a kept guide search answer compressed, the same JSON once decoded, in every encoding', async () => {
    const search = (encoding?: string) =>
      t.app.inject({
        method: 'POST',
        url: SEARCH,
        payload: { sort: 'newest' },
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const identity = await search();
    expect(identity.statusCode).toBe(200);
    expect(identity.json().total).toBe(3);
    expect(identity.rawPayload.length).toBeGreaterThan(1024);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toMatch(/accept-encoding/i);
    for (const [accepted, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      // The second answer of each comes from the kept copy.
      for (const round of [1, 2]) {
        const response = await search(accepted);
        expect(response.headers['content-encoding'], `${accepted} ${round}`).toBe(encoding);
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(decoded(response), `${accepted} ${round}`).toBe(identity.body);
      }
    }
  });

  it('sends a kept place list compressed, with an ETag it answers 304 to', async () => {
    const first = await t.app.inject({ url: PLACES, headers: { 'accept-encoding': 'br' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decoded(first)).data.length).toBeGreaterThan(10);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const again = await t.app.inject({ url: PLACES, headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const plain = await t.app.inject({ url: PLACES, headers: { 'if-none-match': etag } });
    expect(plain.statusCode).toBe(304);
    const other = await t.app.inject({ url: `${PLACES}?query=rome`, headers: { 'if-none-match': etag } });
    expect(other.statusCode).toBe(200);
  });

  it('streams a download as it is, with its length, whatever the client accepts', async () => {
    const response = await t.app.inject({ url: videoUrl, headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-length']).toBe(String(videoBytes({ durationSeconds: 75 }).length));
    expect(response.rawPayload.equals(videoBytes({ durationSeconds: 75 }))).toBe(true);
  });
});
