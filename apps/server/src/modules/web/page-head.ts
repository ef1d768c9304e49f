import { isPolicySlug } from '@marco/contract/legal';
import { LOCALES, type Locale } from '@marco/contract/locales';
import type { CurrencyCode } from '@marco/contract/reference';
import type { Db } from '../../db/client.js';
import { isUuid } from '../../platform/uuid.js';
import { readArticles } from '../blog/feed.js';
import { getPublicGuideDetail } from '../guides/guide-detail.js';
import { listCities, listCountries } from '../reference/service.js';
import { fillText, SEO_TEXTS } from './seo-texts.js';

/** What the server writes into a page's <head> (the app keeps it up to date after it starts). */
export interface PageHead {
  title: string;
  description: string;
  /** The page's path without the locale prefix: '' for home, '/explore/paris'. */
  path: string;
  /** An absolute URL or a site path. */
  image: string;
  type: 'website' | 'profile' | 'article';
  /** false: ask search engines not to index the page (not-found pages). */
  indexable: boolean;
}

const OG_LOCALES: Record<Locale, string> = {
  en: 'en_US',
  tr: 'tr_TR',
  ar: 'ar_AR',
  de: 'de_DE',
  es: 'es_ES',
  fr: 'fr_FR',
  it: 'it_IT',
  ru: 'ru_RU',
};

const DEFAULT_IMAGE = '/icons/icon-512.png';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** `/{locale}{path}` on the public address; the home page keeps its trailing slash. */
export function localizedUrl(publicUrl: string, locale: Locale, path: string): string {
  return `${publicUrl}/${locale}${path || '/'}`;
}

/** The unprefixed address, which sends each visitor to their own locale (hreflang x-default). */
export function defaultUrl(publicUrl: string, path: string): string {
  return `${publicUrl}${path || '/'}`;
}

/** `<link rel="alternate" hreflang>` targets of a page: every locale plus x-default. */
export function alternatesOf(publicUrl: string, path: string): Array<{ hreflang: string; href: string }> {
  return [
    ...LOCALES.map((locale) => ({ hreflang: locale, href: localizedUrl(publicUrl, locale, path) })),
    { hreflang: 'x-default', href: defaultUrl(publicUrl, path) },
  ];
}

/** The tags of `head`, every value escaped (titles and names come from users). */
export function renderHead(head: PageHead, locale: Locale, publicUrl: string): string {
  const canonical = localizedUrl(publicUrl, locale, head.path);
  const image = /^https?:\/\//.test(head.image) ? head.image : `${publicUrl}${head.image}`;
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    // A missing page has no canonical address and no translations.
    ...(head.indexable
      ? [
          `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
          ...alternatesOf(publicUrl, head.path).map(
            (alternate) =>
              `<link rel="alternate" hreflang="${alternate.hreflang}" href="${escapeHtml(alternate.href)}" />`,
          ),
        ]
      : [meta('name', 'robots', 'noindex')]),
    meta('property', 'og:site_name', SEO_TEXTS[locale].siteName),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', canonical),
    meta('property', 'og:image', image),
    meta('property', 'og:locale', OG_LOCALES[locale]),
    ...LOCALES.filter((other) => other !== locale).map((other) =>
      meta('property', 'og:locale:alternate', OG_LOCALES[other]),
    ),
    meta('name', 'twitter:card', 'summary'),
  ];
  return tags.join('\n    ');
}

/** Replaces the build's own title and description with `headHtml`. */
export function injectHead(html: string, headHtml: string): string {
  const stripped = html.replace(/<title>[\s\S]*?<\/title>\s*/i, '').replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  return stripped.replace(/<\/head>/i, `  ${headHtml}\n  </head>`);
}

/** "$45.00", "1.234,00 TL": how the app shows an hourly rate. */
export function formatPrice(amountMinor: number, currency: CurrencyCode, locale: Locale): string {
  const amount = amountMinor / 100;
  if (currency === 'TRY') {
    return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)} TL`;
  }
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
}

const decodeSegment = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/**
 * Whether resolvePageHead reads the database for this page: a city's or a guide's, whose
 * names and prices move the search generation when they change.
 */
export function pageHeadReadsDatabase(segments: string[]): boolean {
  const [first, second] = segments;
  return segments.length === 2 && second !== undefined && (first === 'explore' || first === 'guides');
}

/**
 * The head of a public page (`segments`: the path after the locale), or null when the page's
 * subject does not exist (an unknown city or guide is a 404).
 */
export async function resolvePageHead(db: Db, segments: string[], locale: Locale): Promise<PageHead | null> {
  const texts = SEO_TEXTS[locale];
  const path = segments.length ? `/${segments.join('/')}` : '';
  const base = { path, image: DEFAULT_IMAGE, type: 'website' as const, indexable: true };
  const [first, second] = segments;
  const defaults = { title: texts.defaultTitle, description: texts.defaultDescription };

  if (segments.length === 0) return { ...base, title: texts.homeTitle, description: texts.homeDescription };
  if (first === 'explore' && segments.length === 1) {
    return { ...base, title: texts.exploreTitle, description: texts.exploreDescription };
  }
  if (first === 'explore' && second !== undefined && segments.length === 2) {
    const key = decodeSegment(second);
    const [cities, countries] = await Promise.all([listCities(db, locale, {}), listCountries(db, locale)]);
    const city = cities.find((entry) => entry.key === key);
    if (!city) return null;
    const country = countries.find((entry) => entry.id === city.countryId)?.name ?? '';
    const values = { city: city.name, country };
    return { ...base, title: fillText(texts.cityTitle, values), description: fillText(texts.cityDescription, values) };
  }
  if (first === 'guides' && second !== undefined && segments.length === 2) {
    const id = decodeSegment(second);
    if (!isUuid(id)) return null;
    const guide = await getPublicGuideDetail(db, id, locale);
    if (!guide) return null;
    const name = [guide.name, guide.surname].filter(Boolean).join(' ') || texts.siteName;
    const price =
      guide.currency && guide.hourlyRateMinor ? formatPrice(guide.hourlyRateMinor, guide.currency, locale) : '';
    const city = guide.city?.name;
    const values = { name, city: city ?? '', price };
    const description = city ? texts.guideDescription : texts.guideDescriptionNoCity;
    return {
      ...base,
      // The page answers to the guide id and the user id alike; the guide id is its address.
      path: `/guides/${guide.id}`,
      type: 'profile',
      image: guide.coverPhotoUrl ?? guide.avatarUrl ?? DEFAULT_IMAGE,
      title: city ? fillText(texts.guideTitle, values) : `${name} · ${texts.siteName}`,
      description: fillText(description, values),
    };
  }
  if (first === 'policy') return isPolicySlug(second) ? { ...base, ...defaults } : null;
  if (first === 'blog' && second !== undefined && segments.length === 2) {
    const slug = decodeSegment(second);
    const article = (await readArticles(locale)).find((entry) => entry.slug === slug);
    if (!article) return null;
    return {
      ...base,
      type: 'article',
      // Social networks do not show SVG share images: the build keeps a PNG copy of each cover.
      image: article.cover.replace(/\.svg$/, '.png'),
      title: `${article.title} · ${texts.siteName}`,
      description: article.summary,
    };
  }
  return { ...base, ...defaults };
}

/** The head of a not-found page: not indexed. */
export function notFoundHead(segments: string[], locale: Locale): PageHead {
  const texts = SEO_TEXTS[locale];
  return {
    path: segments.length ? `/${segments.join('/')}` : '',
    image: DEFAULT_IMAGE,
    type: 'website',
    indexable: false,
    title: texts.defaultTitle,
    description: texts.defaultDescription,
  };
}
