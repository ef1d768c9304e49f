import { CURRENCY_CHOICE_PATH, LOCALES, type Locale } from '@marco/contract/locales';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { guides, users } from '../../db/schema/index.js';
import { readArticles } from '../blog/feed.js';
import { listCities } from '../reference/service.js';
import { alternatesOf, localizedUrl } from './page-head.js';

/*
 * sitemaps.org protocol with hreflang alternates (xhtml:link). Every page is listed once per
 * locale, each entry naming all its translations. A file may hold 50,000 entries and 50 MB:
 * with eight locales and nine links per entry, guides go 1,000 to a file.
 */

export const GUIDES_PER_SITEMAP = 1000;

/** Public pages that are the same for everyone (spec §2), without the locale prefix. */
const STATIC_PATHS = [
  '',
  '/explore',
  '/guides',
  '/blog',
  '/about',
  '/agreements',
  '/agreements/kvkk',
  '/policy/cancellation',
  '/policy/cookies',
  '/policy/community',
  '/policy/payments',
];

/** Members-only and account pages: nothing for a search engine. */
export const PRIVATE_ROUTE_ROOTS = [
  'auth',
  'settings',
  'messages',
  'reservations',
  'disputes',
  'favourites',
  'requests',
  'guide-mode',
  'guide-settings',
  'beguide',
  'admin',
  'payment',
];

/** A page and the locales it exists in. */
export interface SitemapPage {
  path: string;
  locales: readonly Locale[];
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function buildUrlset(pages: SitemapPage[], publicUrl: string): string {
  const entries = pages.flatMap((page) => {
    const links = alternatesOf(publicUrl, page.path)
      .filter((alternate) => alternate.hreflang === 'x-default' || page.locales.includes(alternate.hreflang as Locale))
      .map(
        (alternate) =>
          `<xhtml:link rel="alternate" hreflang="${alternate.hreflang}" href="${escapeXml(alternate.href)}"/>`,
      )
      .join('');
    return page.locales.map(
      (locale) => `<url><loc>${escapeXml(localizedUrl(publicUrl, locale, page.path))}</loc>${links}</url>`,
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

export function buildSitemapIndex(urls: string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map((url) => `<sitemap><loc>${escapeXml(url)}</loc></sitemap>`),
    '</sitemapindex>',
    '',
  ].join('\n');
}

/** Home, destinations, each destination city, the guide list, blog articles and static pages. */
export async function listSitemapPages(db: Db): Promise<SitemapPage[]> {
  const [cities, articlesByLocale] = await Promise.all([
    listCities(db, 'en', {}),
    Promise.all(LOCALES.map(async (locale) => ({ locale, articles: await readArticles(locale) }))),
  ]);
  const articleLocales = new Map<string, Locale[]>();
  for (const { locale, articles } of articlesByLocale) {
    for (const article of articles)
      articleLocales.set(article.slug, [...(articleLocales.get(article.slug) ?? []), locale]);
  }
  const cityPaths = cities.map((city) => `/explore/${encodeURIComponent(city.key)}`).sort();
  return [
    ...[...STATIC_PATHS, ...cityPaths].map((path) => ({ path, locales: LOCALES })),
    ...[...articleLocales].map(([slug, locales]) => ({ path: `/blog/${encodeURIComponent(slug)}`, locales })),
  ];
}

// The guides table is read here directly: a sitemap needs only the ids of public guides, in
// a stable order, which no guides-module function gives without loading whole profiles.
const publicGuide = and(eq(guides.status, 'approved'), eq(guides.isActive, true), isNull(users.deletedAt));

export async function countPublicGuides(db: Db): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(guides)
    .innerJoin(users, eq(users.id, guides.userId))
    .where(publicGuide);
  return Number(row?.total ?? 0);
}

/** Guide pages of one sitemap file (1-based), in id order. */
export async function listGuidePages(db: Db, page: number, perFile = GUIDES_PER_SITEMAP): Promise<SitemapPage[]> {
  const rows = await db
    .select({ id: guides.id })
    .from(guides)
    .innerJoin(users, eq(users.id, guides.userId))
    .where(publicGuide)
    .orderBy(asc(guides.id))
    .limit(perFile)
    .offset((page - 1) * perFile);
  return rows.map((row) => ({ path: `/guides/${row.id}`, locales: LOCALES }));
}

export function buildRobotsTxt(publicUrl: string): string {
  const disallowed = LOCALES.flatMap((locale) => PRIVATE_ROUTE_ROOTS.map((root) => `Disallow: /${locale}/${root}`));
  return [
    'User-agent: *',
    'Allow: /',
    // Guide photos are the pages' og:image: link previews may fetch them.
    'Allow: /api/app/file-management-public/user-public-photo-file',
    'Disallow: /api/',
    'Disallow: /connect/',
    // The currency switcher's links: each page links to three, and they only set a cookie.
    `Disallow: ${CURRENCY_CHOICE_PATH}/`,
    ...disallowed,
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
