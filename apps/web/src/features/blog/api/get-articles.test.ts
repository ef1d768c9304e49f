import fs from 'node:fs';
import path from 'node:path';
import { LOCALES } from '@marco/contract/locales';
import { describe, expect, it } from 'vitest';
import { BLOG_PAGE_SIZE, getArticleSlugs, getArticles, paginate, parsePageParam, sortArticles } from './get-articles';

const publicDir = path.resolve(import.meta.dirname, '../../../../public');

describe('blog articles in the repository', () => {
  it('has at least six articles, the same ones in every locale', () => {
    const english = getArticleSlugs('en').sort();
    expect(english.length).toBeGreaterThanOrEqual(6);
    for (const locale of LOCALES) expect(getArticleSlugs(locale).sort(), locale).toEqual(english);
  });

  it.each(LOCALES)('parses every %s article, with a cover shipped in public/ (SVG and PNG)', async (locale) => {
    const articles = await getArticles(locale);
    for (const article of articles) {
      expect(article.title.length, article.slug).toBeGreaterThan(10);
      expect(article.summary.length, article.slug).toBeGreaterThan(40);
      expect(article.tags.length, article.slug).toBeGreaterThan(0);
      expect(fs.existsSync(path.join(publicDir, article.cover)), article.cover).toBe(true);
      expect(fs.existsSync(path.join(publicDir, article.cover.replace(/\.svg$/, '.png'))), article.cover).toBe(true);
    }
  });

  it('dates an article the same in every locale', async () => {
    const english = await getArticles('en');
    for (const locale of LOCALES) {
      const articles = await getArticles(locale);
      expect(articles.map((a) => [a.slug, a.date, a.cover])).toEqual(english.map((a) => [a.slug, a.date, a.cover]));
    }
  });
});

describe('paging', () => {
  const items = Array.from({ length: 14 }, (_, index) => index + 1);

  it('shows six per page and clamps the page number', () => {
    expect(BLOG_PAGE_SIZE).toBe(6);
    expect(paginate(items, 1)).toEqual({ items: [1, 2, 3, 4, 5, 6], page: 1, pageCount: 3 });
    expect(paginate(items, 3)).toEqual({ items: [13, 14], page: 3, pageCount: 3 });
    expect(paginate(items, 9).page).toBe(3);
    expect(paginate([], 1)).toEqual({ items: [], page: 1, pageCount: 1 });
  });

  it('reads ?page= strictly', () => {
    expect(parsePageParam(null)).toBe(1);
    expect(parsePageParam('2')).toBe(2);
    for (const bad of ['0', '-1', '1.5', 'two', '02']) expect(parsePageParam(bad), bad).toBeNull();
  });

  it('sorts newest first, then by slug', () => {
    const sorted = sortArticles([
      { slug: 'b', date: '2026-01-01' },
      { slug: 'a', date: '2026-01-01' },
      { slug: 'c', date: '2026-03-01' },
    ]);
    expect(sorted.map((article) => article.slug)).toEqual(['c', 'a', 'b']);
  });
});
