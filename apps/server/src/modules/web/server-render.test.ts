import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONSENT_COOKIE, LEGAL_VERSIONS } from '@marco/contract/legal';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createApprovedGuide } from '../../../test/guide-factories.js';
import { withRenderedPage } from './server-render.js';

/**
 * A build's server renderer as the server sees it (the real one is apps/web/src/entry-server.tsx,
 * exercised in a browser by e2e/server-rendering.spec.ts): it renders what it is asked for,
 * calls the API through the transport it is given, and counts its renders.
 */
const RENDERER = `
globalThis.__marcoRenders = [];
export function isClientRenderedPath(segments) { return segments[0] === 'settings'; }
async function render(request, mode) {
  globalThis.__marcoRenders.push({ url: request.url, mode, currency: request.currency, sharedVersion: request.sharedVersion, consentBanner: request.consentBanner });
  if (request.url.includes('boom')) throw new Error('render failed');
  if (request.url.includes('moved')) return { status: 302, html: Buffer.alloc(0), payload: '', redirect: '/en/blog' };
  if (request.url.includes('results')) {
    const body = request.url.includes('bad') ? '{"pageSize":0}' : '{"pageSize":1,"sort":"rating"}';
    const found = await request.callApi('/api/app/search-public/search-guides-public', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const routed = found.headers.has('x-request-id') ? 'routed' : 'in process';
    return { status: 200, html: Buffer.from('<pre>' + found.status + ' ' + routed + ' ' + (await found.text()) + '</pre>'), payload: '{}' };
  }
  const answer = await request.callApi('/api/app/search-public/languages', { method: 'GET', headers: { accept: 'application/json' } });
  const api = answer.status + ' ' + (await answer.text()).slice(0, 1);
  const status = request.url.includes('missing') ? 404 : 200;
  return {
    status,
    html: Buffer.from('<h1>' + mode + ' ' + request.locale + ' ' + request.currency + ' api ' + api + '</h1>'),
    payload: JSON.stringify({ mode }).replace(/</g, '\\\\u003c'),
  };
}
export const renderPage = (request) => render(request, 'hydrate');
export const renderShell = (request) => render(request, 'shell');
`;

declare global {
  var __marcoRenders: Array<{
    url: string;
    mode: string;
    currency: string;
    sharedVersion: string;
    consentBanner: boolean;
  }>;
}

describe('withRenderedPage', () => {
  it('puts the markup into #root and the data beside it, with the manifest of the page’s language', () => {
    const html = withRenderedPage(
      '<head><link rel="manifest" href="/manifest.webmanifest" /></head><body><div id="root"></div></body>',
      { status: 200, html: Buffer.from('<h1>$&</h1>'), payload: '{"a":1}' },
      'tr',
    );
    expect(html.toString('utf8')).toBe(
      '<head><link rel="manifest" href="/manifests/tr.webmanifest" /></head><body><div id="root"><h1>$&</h1></div><script type="application/json" id="marco-ssr">{"a":1}</script></body>',
    );
  });

  it('keeps every character of a page whose names are not Latin', () => {
    const markup = '<h1>مرشد في إسطنبول · Ayşe Yılmaz · Гид</h1>';
    const html = withRenderedPage(
      '<html><body><div id="root"></div></body></html>',
      { status: 200, html: Buffer.from(markup), payload: '{"name":"Ayşe"}' },
      'ar',
    );
    expect(html.toString('utf8')).toBe(
      `<html><body><div id="root">${markup}</div><script type="application/json" id="marco-ssr">{"name":"Ayşe"}</script></body></html>`,
    );
  });
});

describe('pages rendered on the server', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'marco-ssr-dist-'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="en" dir="ltr"><head><title>Marco</title></head><body><div id="root"></div></body></html>',
    );
    fs.mkdirSync(path.join(dist, 'ssr'));
    fs.writeFileSync(path.join(dist, 'ssr', 'entry-server.js'), RENDERER);
    t = await createTestApp({ webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });
  beforeEach(() => {
    globalThis.__marcoRenders.length = 0;
  });

  it('sends a visitor the page rendered in its language, with its data, calling the API in process', async () => {
    const page = await t.app.inject({ url: '/ar/guides?language=de' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-language']).toBe('ar');
    expect(page.body).toContain('<html lang="ar" dir="rtl">');
    // The languages list answered 200 with its JSON, through the server's own route.
    expect(page.body).toMatch(/<div id="root"><h1>hydrate ar USD api 200 [[{]<\/h1><\/div>/);
    expect(page.body).toContain('<script type="application/json" id="marco-ssr">{"mode":"hydrate"}</script>');
  });

  it('keeps a visitor’s page by path, query and currency, and renders again for another', async () => {
    await t.app.inject({ url: '/en/guides?page=2' });
    const again = await t.app.inject({ url: '/en/guides?page=2', headers: { 'accept-encoding': 'br' } });
    expect(again.headers['content-encoding']).toBe('br');
    expect(globalThis.__marcoRenders).toHaveLength(1);
    const euro = await t.app.inject({ url: '/en/guides?page=2', headers: { cookie: 'currency=EUR' } });
    expect(euro.body).toContain('hydrate en EUR');
    await t.app.inject({ url: '/en/guides?page=3' });
    expect(globalThis.__marcoRenders.map((render) => `${render.url} ${render.currency}`)).toEqual([
      '/en/guides?page=2 USD',
      '/en/guides?page=2 EUR',
      '/en/guides?page=3 USD',
    ]);
  });

  it('asks for the cookie banner until the visitor has chosen under the current policy, and keeps both pages', async () => {
    const choice = (version: string) =>
      `${CONSENT_COOKIE}=${encodeURIComponent(
        JSON.stringify({
          choices: { personalisation: false, marketing: true, profiling: false },
          version,
          time: '2026-12-01T10:00:00.000Z',
        }),
      )}`;
    await t.app.inject({ url: '/en/guides?consent=1' });
    await t.app.inject({ url: '/en/guides?consent=1', headers: { cookie: choice(LEGAL_VERSIONS.cookies) } });
    // Kept, each: no render for a second visitor of either kind; a choice under an older policy is none.
    await t.app.inject({ url: '/en/guides?consent=1' });
    await t.app.inject({ url: '/en/guides?consent=1', headers: { cookie: choice('2020-01-01') } });
    await t.app.inject({ url: '/en/guides?consent=1', headers: { cookie: choice(LEGAL_VERSIONS.cookies) } });
    expect(globalThis.__marcoRenders.map((render) => render.consentBanner)).toEqual([true, false]);
  });

  it('tells the renderer when the lists every page reads alike may have changed', async () => {
    const { referenceGeneration } = t.app.deps;
    await t.app.inject({ url: '/en/guides?shared=1' });
    await t.app.inject({ url: '/en/guides?shared=2' });
    await t.database.db.execute(sql`update languages set code = code`);
    await referenceGeneration.sync();
    await t.app.inject({ url: '/en/guides?shared=3' });
    const [first, second, afterEdit] = globalThis.__marcoRenders.map((render) => render.sharedVersion);
    expect(second).toBe(first);
    expect(afterEdit).not.toBe(first);
  });

  it('answers a page’s search in process, as the route answers it', async () => {
    await createApprovedGuide(t.app, t.database.db, { rate: { minor: 5000, currency: 'USD' } });
    const body = { pageSize: 1, sort: 'rating' };
    const routed = await t.app.inject({
      method: 'POST',
      url: '/api/app/search-public/search-guides-public',
      payload: body,
    });
    const page = await t.app.inject({ url: '/en/guides?results=1' });
    expect(page.body).toContain(`<pre>200 in process ${routed.body}</pre>`);
    expect(JSON.parse(routed.body).data).toHaveLength(1);
    // A body the contract refuses is the route's to answer, with its error.
    expect((await t.app.inject({ url: '/en/guides?results=bad' })).body).toMatch(
      /<pre>400 routed \{"error":\{"code":"VALIDATION_FAILED"/,
    );
  });

  it('renders a member’s page for them each time, never kept or shared', async () => {
    const headers = { cookie: 'marco_session=not-a-real-session' };
    for (let round = 0; round < 2; round += 1) {
      const page = await t.app.inject({ url: '/en/about', headers });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('private, no-cache');
    }
    expect(globalThis.__marcoRenders).toHaveLength(2);
  });

  it('sends a members’ page as the shell, the router’s 404 as 404 and a loader’s redirect as 302', async () => {
    expect((await t.app.inject({ url: '/en/settings' })).body).toContain('<h1>shell en USD');
    expect((await t.app.inject({ url: '/en/blog/missing' })).statusCode).toBe(404);
    const moved = await t.app.inject({ url: '/en/blog/moved' });
    expect(moved.statusCode).toBe(302);
    expect(moved.headers.location).toBe('/en/blog');
  });

  it('falls back to the page the client renders when rendering fails', async () => {
    const page = await t.app.inject({ url: '/en/about?view=boom' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
  });

  it('does not serve the server’s renderer as a file', async () => {
    const file = await t.app.inject({ url: '/ssr/entry-server.js' });
    expect(file.statusCode).toBe(404);
    expect(file.body).not.toContain('isClientRenderedPath');
  });
});
