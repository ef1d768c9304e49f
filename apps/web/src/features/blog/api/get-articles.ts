import { type ArticleFrontMatter, parseArticle, readingMinutes } from '@marco/contract/blog';
import type { Locale } from '@marco/contract/locales';
import { queryOptions, useQuery } from '@tanstack/react-query';

/**
 * Articles are Markdown files in the repository (src/content/blog/<locale>/<slug>.md),
 * each its own lazily loaded chunk: neither the list nor the texts are in the first-paint
 * bundle. The server's RSS feed reads the same files.
 */
const sources = import.meta.glob<string>('/src/content/blog/*/*.md', { query: '?raw', import: 'default' });
const SOURCE_PATH = /^\/src\/content\/blog\/([a-z]{2})\/([a-z0-9-]+)\.md$/;

export const BLOG_PAGE_SIZE = 6;

export interface ArticleSummary extends ArticleFrontMatter {
  slug: string;
  readingMinutes: number;
}

export interface Article extends ArticleSummary {
  /** Markdown after the front matter. */
  body: string;
}

/** Slugs of a locale's articles (from the file names; nothing is loaded). */
export function getArticleSlugs(locale: Locale): string[] {
  return Object.keys(sources).flatMap((path) => {
    const match = SOURCE_PATH.exec(path);
    return match && match[1] === locale && match[2] ? [match[2]] : [];
  });
}

export function hasArticle(locale: Locale, slug: string): boolean {
  return `/src/content/blog/${locale}/${slug}.md` in sources;
}

/** Parses one article's file; `slug` is its file name. */
export function toArticle(slug: string, source: string): Article {
  const { frontMatter, body } = parseArticle(source);
  return { ...frontMatter, slug, body, readingMinutes: readingMinutes(body) };
}

export async function getArticle(locale: Locale, slug: string): Promise<Article | null> {
  const load = sources[`/src/content/blog/${locale}/${slug}.md`];
  if (!load) return null;
  return toArticle(slug, await load());
}

/** Newest first; articles of the same day by slug, so the order is stable. */
export function sortArticles<T extends Pick<ArticleSummary, 'date' | 'slug'>>(articles: T[]): T[] {
  return [...articles].sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
}

/** Every article of a locale without its body, newest first. */
export async function getArticles(locale: Locale): Promise<ArticleSummary[]> {
  const articles = await Promise.all(getArticleSlugs(locale).map((slug) => getArticle(locale, slug)));
  return sortArticles(
    articles.filter((article): article is Article => article !== null).map(({ body: _body, ...summary }) => summary),
  );
}

export const articlesQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['blog', locale, 'list'],
    queryFn: () => getArticles(locale),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const articleQueryOptions = (locale: Locale, slug: string) =>
  queryOptions({
    queryKey: ['blog', locale, 'article', slug],
    queryFn: () => getArticle(locale, slug),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useArticles(locale: Locale) {
  return useQuery(articlesQueryOptions(locale));
}

export function useArticle(locale: Locale, slug: string) {
  return useQuery(articleQueryOptions(locale, slug));
}

export interface Paged<T> {
  items: T[];
  page: number;
  pageCount: number;
}

/** One page (1-based) of `items`; there is always at least one page. */
export function paginate<T>(items: readonly T[], page: number, size = BLOG_PAGE_SIZE): Paged<T> {
  const pageCount = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, Math.trunc(page)), pageCount);
  return { items: items.slice((current - 1) * size, current * size), page: current, pageCount };
}

/** `?page=` as a page number: absent → 1; anything but a whole number from 1 → null. */
export function parsePageParam(value: string | null): number | null {
  if (value === null || value === '') return 1;
  if (!/^[1-9]\d{0,5}$/.test(value)) return null;
  return Number(value);
}

export function pageCountOf(locale: Locale, size = BLOG_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(getArticleSlugs(locale).length / size));
}
