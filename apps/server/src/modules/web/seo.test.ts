import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOCALES } from '@marco/contract/locales';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createApprovedGuide, createSubmittedGuide, type TestGuide } from '../../../test/guide-factories.js';
import { users } from '../../db/schema/index.js';
import { buildSitemapIndex, buildUrlset } from './sitemap.js';

const PUBLIC_URL = 'https://marco.example';

/** The content of `<meta {attribute}="{key}" content="…">`, or undefined. */
function metaContent(html: string, attribute: 'name' | 'property', key: string): string | undefined {
  return html.match(new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`))?.[1];
}

const hreflangs = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1], m[2]]),
  );

describe('server-rendered page meta, sitemap and robots.txt', () => {
  let t: TestApp;
  let dist: string;
  let guide: TestGuide;
  let hidden: TestGuide;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'marco-seo-dist-'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="en" dir="ltr"><head><meta charset="UTF-8" />' +
        '<meta name="description" content="build description" /><title>Marco</title></head><body>app</body></html>',
    );
    t = await createTestApp({ webDistDir: dist, env: { PUBLIC_URL } });
    guide = await createApprovedGuide(t.app, t.database.db, {
      city: 'rome',
      rate: { minor: 4500, currency: 'EUR' },
      name: 'Giulia',
      surname: 'Conti',
    });
    hidden = await createSubmittedGuide(t.app, { city: 'rome', name: 'Pending' });
  }, 60_000);

  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('writes the title, description, canonical and Open Graph tags of the home page, localized', async () => {
    const response = await t.app.inject({ url: '/de/' });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<title>Marco: lokale Reiseführer, die Ihre Sprache sprechen</title>');
    expect(html).not.toContain('build description');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/de/" />`);
    expect(metaContent(html, 'property', 'og:url')).toBe(`${PUBLIC_URL}/de/`);
    expect(metaContent(html, 'property', 'og:locale')).toBe('de_DE');
    expect(metaContent(html, 'property', 'og:image')).toBe(`${PUBLIC_URL}/icons/icon-512.png`);
    expect(metaContent(html, 'property', 'og:title')).toBe('Marco: lokale Reiseführer, die Ihre Sprache sprechen');
    expect(metaContent(html, 'name', 'description')).toMatch(/Guide/);
  });

  it('answers 404 for a policy that does not exist, as the app shows the not-found page', async () => {
    expect((await t.app.inject({ url: '/en/policy/cancellation' })).statusCode).toBe(200);
    const unknown = await t.app.inject({ url: '/en/policy/not-a-policy' });
    expect(unknown.statusCode).toBe(404);
    expect(metaContent(unknown.body, 'name', 'robots')).toBe('noindex');
  });

  it('titles a blog article with its own title and cover, and answers 404 for an unknown one', async () => {
    const article = await t.app.inject({ url: '/tr/blog/choosing-a-guide-in-istanbul' });
    expect(article.statusCode).toBe(200);
    expect(metaContent(article.body, 'property', 'og:type')).toBe('article');
    expect(metaContent(article.body, 'property', 'og:image')).toMatch(/\/blog\/covers\/.+\.png$/);
    expect(article.body).not.toContain('build description');
    expect((await t.app.inject({ url: '/tr/blog/no-such-article' })).statusCode).toBe(404);
  });

  it('lists hreflang alternates for all eight locales and x-default', async () => {
    const html = (await t.app.inject({ url: '/ar/explore' })).body;
    const links = hreflangs(html);
    expect(Object.keys(links).sort()).toEqual([...LOCALES, 'x-default'].sort());
    for (const locale of LOCALES) expect(links[locale]).toBe(`${PUBLIC_URL}/${locale}/explore`);
    expect(links['x-default']).toBe(`${PUBLIC_URL}/explore`);
    expect(metaContent(html, 'property', 'og:title')).toBe('الوجهات: اكتشف المدن مع مرشد محلي · Marco');
  });

  it('names the city and its country on a destination page, and answers 404 for an unknown city', async () => {
    const city = await t.app.inject({ url: '/fr/explore/venice' });
    expect(city.statusCode).toBe(200);
    expect(city.body).toContain('<title>Venise, Italie : sites à voir et guides locaux · Marco</title>');
    expect(city.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/fr/explore/venice" />`);

    const unknown = await t.app.inject({ url: '/fr/explore/atlantis' });
    expect(unknown.statusCode).toBe(404);
    expect(metaContent(unknown.body, 'name', 'robots')).toBe('noindex');
    expect(unknown.body).not.toContain('rel="canonical"');
  });

  it('describes a guide with name, city and price, and answers 404 for unknown or unapproved guides', async () => {
    const response = await t.app.inject({ url: `/en/guides/${guide.guideId}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Giulia Conti, local guide in Rome · Marco</title>');
    expect(metaContent(response.body, 'name', 'description')).toContain('from €45.00 per hour');
    expect(metaContent(response.body, 'property', 'og:type')).toBe('profile');
    expect(metaContent(response.body, 'property', 'og:image')).toMatch(
      new RegExp(`^${PUBLIC_URL}/api/app/file-management-public/user-public-photo-file\\?id=`),
    );
    expect(hreflangs(response.body).tr).toBe(`${PUBLIC_URL}/tr/guides/${guide.guideId}`);

    const byUserId = await t.app.inject({ url: `/en/guides/${guide.user.userId}` });
    expect(byUserId.statusCode).toBe(200);
    expect(byUserId.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/en/guides/${guide.guideId}" />`);

    const turkish = await t.app.inject({ url: `/tr/guides/${guide.guideId}` });
    expect(turkish.body).toContain('<title>Giulia Conti, Roma yerel rehberi · Marco</title>');

    for (const id of [crypto.randomUUID(), 'not-a-uuid', hidden.guideId]) {
      const missing = await t.app.inject({ url: `/en/guides/${id}` });
      expect(missing.statusCode, id).toBe(404);
      expect(metaContent(missing.body, 'name', 'robots')).toBe('noindex');
    }
  });

  it('escapes a guide name so it cannot inject markup into the page', async () => {
    const evil = await createApprovedGuide(t.app, t.database.db, { city: 'paris' });
    await t.database.db
      .update(users)
      .set({ name: '<script>alert("x")</script>', surname: '"><img src=x onerror=alert(1)>' })
      .where(eq(users.id, evil.user.userId));
    const html = (await t.app.inject({ url: `/en/guides/${evil.guideId}` })).body;
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;');
    expect(html.match(/<script/g) ?? []).toHaveLength(0);
  });

  it('publishes a sitemap with every public page, in every locale, with its alternates', async () => {
    const response = await t.app.inject({ url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    const xml = response.body;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset')).toBe(true);
    expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const expected of [
      `${PUBLIC_URL}/en/`,
      `${PUBLIC_URL}/ar/explore`,
      `${PUBLIC_URL}/ru/explore/istanbul`,
      `${PUBLIC_URL}/it/guides`,
      `${PUBLIC_URL}/es/about`,
      `${PUBLIC_URL}/tr/policy/cancellation`,
      `${PUBLIC_URL}/de/blog/a-weekend-in-rome-with-a-local`,
      `${PUBLIC_URL}/en/guides/${guide.guideId}`,
      `${PUBLIC_URL}/fr/guides/${guide.guideId}`,
    ]) {
      expect(locs).toContain(expected);
    }
    expect(locs.filter((loc) => loc?.includes('/explore/'))).toHaveLength(12 * LOCALES.length);
    expect(xml).not.toContain(hidden.guideId);
    expect(new Set(locs).size).toBe(locs.length);
    // Each entry names its eight translations and x-default.
    const entry = xml.match(/<url><loc>[^<]+\/en\/explore\/rome<\/loc>(.*?)<\/url>/)?.[1] ?? '';
    expect(entry.match(/<xhtml:link /g)).toHaveLength(9);
    expect(entry).toContain(`hreflang="x-default" href="${PUBLIC_URL}/explore/rome"`);
    // Well-formed: every element that opens is closed.
    expect(xml.match(/<url>/g)?.length).toBe(xml.match(/<\/url>/g)?.length);
  });

  it('splits into a sitemap index, a pages file and guide files (escaped URLs)', async () => {
    const index = buildSitemapIndex([
      `${PUBLIC_URL}/sitemaps/pages.xml`,
      `${PUBLIC_URL}/sitemaps/guides.xml?page=2&x=1`,
    ]);
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(index).toContain(`<loc>${PUBLIC_URL}/sitemaps/guides.xml?page=2&#38;x=1</loc>`);
    expect(buildUrlset([{ path: '/a&b', locales: ['en'] }], PUBLIC_URL)).toContain('/en/a&#38;b</loc>');

    const pages = await t.app.inject({ url: '/sitemaps/pages.xml' });
    expect(pages.statusCode).toBe(200);
    expect(pages.body).toContain(`<loc>${PUBLIC_URL}/en/explore/paris</loc>`);
    expect(pages.body).not.toContain('/guides/');
    const guides = await t.app.inject({ url: '/sitemaps/guides.xml?page=1' });
    expect(guides.body).toContain(`<loc>${PUBLIC_URL}/ar/guides/${guide.guideId}</loc>`);
    expect((await t.app.inject({ url: '/sitemaps/guides.xml?page=99' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/sitemaps/guides.xml?page=0' })).statusCode).toBe(400);
  });

  it('allows public pages in robots.txt, keeps out member pages and the API, and names the sitemap', async () => {
    const response = await t.app.inject({ url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const lines = response.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain('Disallow: /currency/');
    for (const locale of LOCALES) {
      expect(lines).toContain(`Disallow: /${locale}/settings`);
      expect(lines).toContain(`Disallow: /${locale}/messages`);
      expect(lines).toContain(`Disallow: /${locale}/reservations`);
    }
    expect(lines.some((line) => /Disallow: \/\w\w\/(guides|explore|blog)/.test(line))).toBe(false);
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});
