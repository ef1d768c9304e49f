import type { Locale } from '@marco/contract/locales';
import { useEffect } from 'react';
import { useDocumentTitle } from './use-document-title';

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

export interface PageMeta {
  title: string;
  description: string;
  locale: Locale;
  type?: 'website' | 'article';
  /** A site path (`/blog/covers/x.png`) or absolute URL of the share image. */
  image?: string;
  /** ISO date of an article. */
  publishedTime?: string;
  tags?: string[];
  /** A feed of this page, announced with <link rel="alternate">. */
  feed?: { href: string; title: string };
}

type HeadEntry = { tag: 'meta' | 'link'; key: Record<string, string>; attributes: Record<string, string> };

function selectorOf({ tag, key }: HeadEntry): string {
  return `${tag}${Object.entries(key)
    .map(([name, value]) => `[${name}="${value}"]`)
    .join('')}`;
}

/** Sets (or adds) head tags and returns how to put back what was there before. */
function applyHeadEntries(entries: HeadEntry[]): () => void {
  const restores = entries.map((entry) => {
    let element = document.head.querySelector<HTMLElement>(selectorOf(entry));
    const created = !element;
    const previous = new Map<string, string | null>();
    if (!element) {
      element = document.createElement(entry.tag);
      for (const [name, value] of Object.entries(entry.key)) element.setAttribute(name, value);
      document.head.append(element);
    }
    for (const [name, value] of Object.entries(entry.attributes)) {
      previous.set(name, element.getAttribute(name));
      element.setAttribute(name, value);
    }
    const target = element;
    return () => {
      if (created) {
        target.remove();
        return;
      }
      for (const [name, value] of previous) {
        if (value === null) target.removeAttribute(name);
        else target.setAttribute(name, value);
      }
    };
  });
  return () => {
    for (const restore of restores.reverse()) restore();
  };
}

const absolute = (pathOrUrl: string) => new URL(pathOrUrl, window.location.origin).toString();

/**
 * The document title, description and Open Graph tags of a page, set on the client (the
 * server sends one index.html for every page). Everything is put back on unmount.
 */
export function usePageMeta(meta: PageMeta): void {
  useDocumentTitle(meta.title);
  const { title, description, locale, type = 'website', image, publishedTime } = meta;
  const feedHref = meta.feed?.href;
  const feedTitle = meta.feed?.title;
  const tags = meta.tags?.join('\u0000') ?? '';

  useEffect(() => {
    const url = `${window.location.origin}${window.location.pathname}`;
    const property = (name: string, content: string): HeadEntry => ({
      tag: 'meta',
      key: { property: name },
      attributes: { content },
    });
    const entries: HeadEntry[] = [
      { tag: 'meta', key: { name: 'description' }, attributes: { content: description } },
      property('og:site_name', 'Marco'),
      property('og:title', title),
      property('og:description', description),
      property('og:type', type),
      property('og:url', url),
      property('og:locale', OG_LOCALES[locale]),
      { tag: 'link', key: { rel: 'canonical' }, attributes: { href: url } },
      {
        tag: 'meta',
        key: { name: 'twitter:card' },
        attributes: { content: image ? 'summary_large_image' : 'summary' },
      },
    ];
    if (image) entries.push(property('og:image', absolute(image)));
    if (publishedTime) entries.push(property('article:published_time', publishedTime));
    for (const [index, tag] of (tags ? tags.split('\u0000') : []).entries()) {
      entries.push({
        tag: 'meta',
        key: { property: 'article:tag', 'data-index': String(index) },
        attributes: { content: tag },
      });
    }
    if (feedHref) {
      entries.push({
        tag: 'link',
        key: { rel: 'alternate', type: 'application/rss+xml' },
        attributes: { href: feedHref, title: feedTitle ?? title },
      });
    }
    return applyHeadEntries(entries);
  }, [title, description, locale, type, image, publishedTime, tags, feedHref, feedTitle]);
}
