import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createApprovedGuide } from '../../../test/guide-factories.js';
import { users } from '../../db/schema/index.js';
import { cacheControlOf, decidePage, localizeHtml } from './routes.js';

describe('decidePage', () => {
  it('serves a locale-prefixed route, and 404 for a path no route matches', () => {
    expect(decidePage('/ar/', 'en')).toEqual({ kind: 'page', locale: 'ar', status: 200, segments: [] });
    expect(decidePage('/ar/guides?x=1', 'en')).toEqual({
      kind: 'page',
      locale: 'ar',
      status: 200,
      segments: ['guides'],
    });
    expect(decidePage('/de/nowhere', 'en')).toEqual({ kind: 'page', locale: 'de', status: 404, segments: ['nowhere'] });
  });

  it('shows the not-found page when a required id is blank', () => {
    expect(decidePage('/en/messages/%20', 'en')).toMatchObject({ status: 404 });
    expect(decidePage('/en/messages/abc', 'en')).toMatchObject({ status: 200 });
  });

  it('redirects / and unprefixed app paths to the visitor locale, keeping the query', () => {
    expect(decidePage('/', 'tr')).toEqual({ kind: 'redirect', location: '/tr/' });
    expect(decidePage('/guides?language=de', 'fr')).toEqual({ kind: 'redirect', location: '/fr/guides?language=de' });
  });

  it('shows an unknown locale prefix as the not-found page in the default locale', () => {
    expect(decidePage('/xx/about', 'ar')).toMatchObject({ kind: 'page', locale: 'en', status: 404 });
  });
});

describe('localizeHtml', () => {
  it('writes lang and dir into the html tag, rtl only for Arabic', () => {
    const html = '<!doctype html><html lang="en" dir="ltr"><head></head></html>';
    expect(localizeHtml(html, 'ar')).toContain('<html lang="ar" dir="rtl">');
    expect(localizeHtml(html, 'ru')).toContain('<html lang="ru" dir="ltr">');
  });
});

const BIG_SCRIPT = Buffer.from(
  Array.from({ length: 200 }, (_, index) => `console.log('line ${index}');`).join('\n'),
  'utf8',
);

describe('serving the web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'marco-dist-'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="en" dir="ltr"><head><title>Marco</title></head><body>app</body></html>',
    );
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    // As the build leaves them: a text file of 1 KB or more beside its brotli and gzip copies.
    for (const file of ['assets/big-def456.js', 'sw.js']) {
      fs.writeFileSync(path.join(dist, file), BIG_SCRIPT);
      fs.writeFileSync(path.join(dist, `${file}.br`), zlib.brotliCompressSync(BIG_SCRIPT));
      fs.writeFileSync(path.join(dist, `${file}.gz`), zlib.gzipSync(BIG_SCRIPT, { level: 9 }));
    }
    t = await createTestApp({ webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('detects the locale from the cookie first, then Accept-Language', async () => {
    const byHeader = await t.app.inject({ url: '/', headers: { 'accept-language': 'de-AT,de;q=0.9' } });
    expect(byHeader.statusCode).toBe(302);
    expect(byHeader.headers.location).toBe('/de/');
    const byCookie = await t.app.inject({ url: '/', headers: { 'accept-language': 'de', cookie: 'locale=ar' } });
    expect(byCookie.headers.location).toBe('/ar/');
    const fallback = await t.app.inject({ url: '/about', headers: { 'accept-language': 'ja' } });
    expect(fallback.headers.location).toBe('/en/about');
  });

  it('answers every page with the right lang and dir in its html', async () => {
    const arabic = await t.app.inject({ url: '/ar/' });
    expect(arabic.statusCode).toBe(200);
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    const missing = await t.app.inject({ url: '/tr/no-such-page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<html lang="tr" dir="ltr">');
  });

  it('serves hashed assets with long-lived caching', async () => {
    const asset = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('sends the brotli copy, else the gzip copy, else the file, each with Content-Encoding and Vary', async () => {
    const url = '/assets/big-def456.js';
    const asset = (encoding?: string) =>
      t.app.inject({ url, headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });
    const copyOf = (suffix: string) => fs.readFileSync(path.join(dist, `assets/big-def456.js${suffix}`));

    const brotli = await asset('gzip, deflate, br, zstd');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.rawPayload.equals(copyOf('.br'))).toBe(true);

    const gzip = await asset('gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gzip.rawPayload.equals(copyOf('.gz'))).toBe(true);

    for (const encoding of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const identity = await asset(encoding);
      expect(identity.headers['content-encoding'], encoding).toBeUndefined();
      expect(identity.rawPayload.equals(BIG_SCRIPT), encoding).toBe(true);
      expect(identity.headers.vary, encoding).toMatch(/accept-encoding/i);
    }
  });

  it('has the service worker revalidated every time: no-cache, an ETag, 304 when it has not changed', async () => {
    const first = await t.app.inject({ url: '/sw.js', headers: { 'accept-encoding': 'br' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-encoding']).toBe('br');
    const etag = String(first.headers.etag);
    expect(etag).not.toBe('undefined');
    const again = await t.app.inject({ url: '/sw.js', headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('keeps hashed assets a year, pages, the service worker and manifests never without asking', () => {
    const at = (file: string) => path.join(dist, file);
    expect(cacheControlOf(at('assets/index-abc.js'))).toBe('public, max-age=31536000, immutable');
    expect(cacheControlOf(at('assets/locales/en/common-123.js'))).toBe('public, max-age=31536000, immutable');
    for (const file of ['sw.js', 'sw-precache.js', 'index.html', 'offline/de.html', 'manifests/de.webmanifest']) {
      expect(cacheControlOf(at(file)), file).toBe('no-cache');
    }
    expect(cacheControlOf(at('icons/icon-192.png'))).toBe('public, max-age=3600');
  });

  it('sends a page compressed as the browser accepts, no-cache with an ETag, and 304 when unchanged', async () => {
    const identity = await t.app.inject({ url: '/en/' });
    expect(identity.statusCode).toBe(200);
    expect(identity.headers['cache-control']).toBe('no-cache');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toMatch(/accept-encoding/i);
    expect(identity.rawPayload.length).toBeGreaterThanOrEqual(1024);
    const etag = String(identity.headers.etag);
    expect(etag).toMatch(/^W\/"/);

    const brotli = await t.app.inject({ url: '/en/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.etag).toBe(etag);
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(identity.body);
    const gzip = await t.app.inject({ url: '/en/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString('utf8')).toBe(identity.body);

    const unchanged = await t.app.inject({ url: '/en/', headers: { 'if-none-match': etag, 'accept-encoding': 'br' } });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(etag);
    const other = await t.app.inject({ url: '/de/', headers: { 'if-none-match': etag } });
    expect(other.statusCode).toBe(200);
    expect(other.headers['content-language']).toBe('de');
    const missing = await t.app.inject({ url: '/en/no-such-page', headers: { 'if-none-match': etag } });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps no request id in a kept page', async () => {
    const [first, second] = await Promise.all([t.app.inject({ url: '/fr/' }), t.app.inject({ url: '/fr/' })]);
    expect(second.body).toBe(first.body);
    for (const response of [first, second]) {
      const id = response.headers['x-request-id'];
      if (id !== undefined) expect(response.body).not.toContain(String(id));
    }
  });

  it("shows a guide's new name on their page once it is edited", async () => {
    const guide = await createApprovedGuide(t.app, t.database.db, { name: 'Selin', surname: 'Kaya', city: 'istanbul' });
    const title = async () => {
      await t.app.deps.searchGeneration.sync();
      return (await t.app.inject({ url: `/en/guides/${guide.guideId}` })).body.match(/<title>([^<]*)<\/title>/)?.[1];
    };
    expect(await title()).toContain('Selin Kaya');
    expect(await title()).toContain('Selin Kaya');
    await t.database.db.update(users).set({ name: 'Sena' }).where(eq(users.id, guide.user.userId));
    expect(await title()).toContain('Sena Kaya');
  });
});
