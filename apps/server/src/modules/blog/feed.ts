import fs from 'node:fs/promises';
import path from 'node:path';
import { ARTICLE_SLUG_PATTERN, parseArticle } from '@marco/contract/blog';
import type { Locale } from '@marco/contract/locales';

/** The web app's articles and catalogs: the feed is built from the same files the pages show. */
const WEB_SOURCE_DIR = path.resolve(import.meta.dirname, '../../../../web/src');
export const BLOG_CONTENT_DIR = path.join(WEB_SOURCE_DIR, 'content/blog');
export const WEB_CATALOG_DIR = path.join(WEB_SOURCE_DIR, 'i18n/locales');
export const WEB_PUBLIC_DIR = path.resolve(WEB_SOURCE_DIR, '../public');

export interface FeedArticle {
  slug: string;
  title: string;
  date: string;
  summary: string;
  cover: string;
  tags: string[];
  /** Size of the cover file in bytes (RSS enclosures carry it); 0 when unknown. */
  coverBytes: number;
}

async function fileSize(file: string): Promise<number> {
  try {
    return (await fs.stat(file)).size;
  } catch {
    return 0;
  }
}

/** A locale's articles, newest first (same order as the blog page). */
export async function readArticles(
  locale: Locale,
  contentDir = BLOG_CONTENT_DIR,
  publicDir = WEB_PUBLIC_DIR,
): Promise<FeedArticle[]> {
  const dir = path.join(contentDir, locale);
  let files: string[];
  try {
    files = await fs.readdir(dir);
  } catch {
    return [];
  }
  const articles = await Promise.all(
    files
      .filter((file) => file.endsWith('.md') && ARTICLE_SLUG_PATTERN.test(file.slice(0, -3)))
      .map(async (file) => {
        const { frontMatter } = parseArticle(await fs.readFile(path.join(dir, file), 'utf8'));
        const coverBytes = await fileSize(path.join(publicDir, path.normalize(frontMatter.cover)));
        return { slug: file.slice(0, -3), ...frontMatter, coverBytes };
      }),
  );
  return articles.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
}

/** The feed's title and description in the locale, from the web's `blog` catalog. */
export async function readFeedTexts(
  locale: Locale,
  catalogDir = WEB_CATALOG_DIR,
): Promise<{ title: string; description: string }> {
  const catalog = JSON.parse(await fs.readFile(path.join(catalogDir, locale, 'blog.json'), 'utf8')) as {
    rss?: { title?: string; description?: string };
  };
  return { title: catalog.rss?.title ?? 'Marco', description: catalog.rss?.description ?? '' };
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(text: string): string {
  // Characters XML 1.0 forbids are dropped; the five special ones are escaped.
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);
}

/** RFC 822 date of a yyyy-mm-dd day at midnight UTC, as RSS 2.0 wants. */
export function rfc822(date: string): string {
  return new Date(`${date}T00:00:00Z`).toUTCString();
}

/** An RSS 2.0 document with absolute links under `publicUrl`. */
export function buildRss(input: {
  publicUrl: string;
  locale: Locale;
  title: string;
  description: string;
  articles: FeedArticle[];
}): string {
  const { publicUrl, locale, articles } = input;
  const blogUrl = `${publicUrl}/${locale}/blog`;
  const items = articles.map((article) => {
    const link = `${blogUrl}/${article.slug}`;
    return [
      '    <item>',
      `      <title>${escapeXml(article.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      <pubDate>${rfc822(article.date)}</pubDate>`,
      `      <description>${escapeXml(article.summary)}</description>`,
      ...article.tags.map((tag) => `      <category>${escapeXml(tag)}</category>`),
      `      <enclosure url="${escapeXml(`${publicUrl}${article.cover}`)}" length="${article.coverBytes}" type="${article.cover.endsWith('.svg') ? 'image/svg+xml' : 'image/png'}"/>`,
      '    </item>',
    ].join('\n');
  });
  const newest = articles[0]?.date;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${escapeXml(input.title)}</title>`,
    `    <link>${escapeXml(blogUrl)}</link>`,
    `    <description>${escapeXml(input.description)}</description>`,
    `    <language>${locale}</language>`,
    `    <atom:link href="${escapeXml(`${blogUrl}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    ...(newest ? [`    <lastBuildDate>${rfc822(newest)}</lastBuildDate>`] : []),
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
