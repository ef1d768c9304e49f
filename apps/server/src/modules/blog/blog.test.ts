import { LOCALES } from '@marco/contract/locales';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { buildRss, escapeXml, readArticles } from './feed.js';

const PUBLIC_URL = 'https://marco.example';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL } });
});
afterAll(() => t.close());

const items = (xml: string) => [...xml.matchAll(/<item>[\s\S]*?<\/item>/g)].map((match) => match[0]);

describe('blog RSS feed', () => {
  it('answers RSS 2.0 with absolute links for a locale', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/tr/blog/rss.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const xml = response.body;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true);
    expect(xml).toContain('<language>tr</language>');
    expect(xml).toContain(`<link>${PUBLIC_URL}/tr/blog</link>`);
    expect(xml).toContain(`<atom:link href="${PUBLIC_URL}/tr/blog/rss.xml" rel="self" type="application/rss+xml"/>`);

    const entries = items(xml);
    expect(entries.length).toBeGreaterThanOrEqual(6);
    for (const entry of entries) {
      expect(entry).toMatch(new RegExp(`<link>${PUBLIC_URL}/tr/blog/[a-z0-9-]+</link>`));
      expect(entry).toMatch(/<pubDate>\w{3}, \d{2} \w{3} \d{4} 00:00:00 GMT<\/pubDate>/);
      expect(entry).toMatch(
        new RegExp(`<enclosure url="${PUBLIC_URL}/blog/covers/[a-z0-9-]+\\.svg" length="[1-9]\\d*"`),
      );
    }
  });

  it('lists the same articles as the repository holds, newest first', async () => {
    const articles = await readArticles('en');
    const xml = (await t.app.inject({ method: 'GET', url: '/en/blog/rss.xml' })).body;
    const titles = [...xml.matchAll(/<item>\s*<title>([^<]*)<\/title>/g)].map((match) => match[1]);
    expect(titles).toEqual(articles.map((article) => escapeXml(article.title)));
    const dates = articles.map((article) => article.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('has a feed in every locale, titled in that language', async () => {
    for (const locale of LOCALES) {
      const response = await t.app.inject({ method: 'GET', url: `/${locale}/blog/rss.xml` });
      expect(response.statusCode, locale).toBe(200);
      expect(items(response.body).length, locale).toBeGreaterThanOrEqual(6);
    }
  });

  it('takes ?locale= on /blog/rss.xml, else the visitor’s language', async () => {
    const byQuery = await t.app.inject({ method: 'GET', url: '/blog/rss.xml?locale=de' });
    expect(byQuery.body).toContain('<language>de</language>');
    const byHeader = await t.app.inject({
      method: 'GET',
      url: '/blog/rss.xml',
      headers: { 'accept-language': 'ar-EG,ar;q=0.9,en;q=0.5' },
    });
    expect(byHeader.body).toContain('<language>ar</language>');
  });

  it('is not found for an unknown locale', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/xx/blog/rss.xml' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });

  it('escapes markup in titles and summaries', () => {
    const xml = buildRss({
      publicUrl: PUBLIC_URL,
      locale: 'en',
      title: 'Tom & Jerry <blog>',
      description: '"quoted"',
      articles: [
        {
          slug: 'a',
          title: '<script>alert(1)</script>',
          date: '2026-11-01',
          summary: 'Fish & chips',
          cover: '/blog/covers/a.svg',
          tags: ['x<y'],
          coverBytes: 10,
        },
      ],
    });
    expect(xml).toContain('<title>Tom &amp; Jerry &lt;blog&gt;</title>');
    expect(xml).toContain('<title>&lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(xml).toContain('<category>x&lt;y</category>');
    expect(xml).not.toContain('<script>');
  });
});
