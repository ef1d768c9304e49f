import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { decidePage, localizeHtml } from './routes.js';

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

describe('serving the web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'marco-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="en" dir="ltr"><body>app</body></html>');
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
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
});
