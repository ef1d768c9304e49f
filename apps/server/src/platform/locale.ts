import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, type Locale } from '@marco/contract/locales';
import type { FastifyRequest } from 'fastify';
import { memoizeHeader } from './header-memo.js';

const bestLocaleOf = memoizeHeader((header: string): Locale | null => {
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      return { base: tag.toLowerCase().split('-')[0] ?? '', q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((entry) => entry.base && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  return ranked.map((entry) => entry.base).find(isLocale) ?? null;
});

/** The best supported locale of an Accept-Language header, by its q-values. */
export function localeFromAcceptLanguage(header: string | undefined): Locale | null {
  return header ? bestLocaleOf(header) : null;
}

/** The language a visitor asks for: cookie `locale`, then Accept-Language; null when neither names one of ours. */
function preferredLocale(request: Pick<FastifyRequest, 'cookies' | 'headers'>): Locale | null {
  const cookie = request.cookies?.[LOCALE_COOKIE];
  if (isLocale(cookie)) return cookie;
  return localeFromAcceptLanguage(request.headers['accept-language']);
}

/** Locale of a visitor: cookie `locale`, then Accept-Language, then the default (spec §2). */
export function detectLocale(request: FastifyRequest): Locale {
  return preferredLocale(request) ?? DEFAULT_LOCALE;
}

/** The query parameter of a shared link (issue 19) that names the sharer's language. */
export const SHARER_LOCALE_PARAM = 'lng';

/** A query string without the sharer's language, which has done its work once the locale is chosen. */
export function withoutSharerLocale(search: string | undefined): string | undefined {
  const kept = search
    ?.split('&')
    .filter((part) => part.split('=')[0] !== SHARER_LOCALE_PARAM)
    .join('&');
  return kept || undefined;
}

/**
 * The locale an unprefixed page link opens in: the visitor's own preference when they have
 * one, else the language of whoever shared the link (`?lng=`), else the default.
 */
export function linkLocale(request: Pick<FastifyRequest, 'cookies' | 'headers' | 'url'>): Locale {
  const sharer = new URLSearchParams(request.url.split('?')[1] ?? '').get(SHARER_LOCALE_PARAM);
  return preferredLocale(request) ?? (isLocale(sharer) ? sharer : DEFAULT_LOCALE);
}

/** Locale for API answers with localised names: `?locale=`, then as for a page. */
export function apiLocale(request: FastifyRequest, queryLocale: Locale | undefined): Locale {
  return queryLocale ?? detectLocale(request);
}

/**
 * The language a user writes a review, reply, bio or message in, stored beside the text so
 * readers can mark it with `lang` (WCAG 3.1.2). Marco does not guess languages from text:
 * the writer's interface language at the time (cookie `locale`, then Accept-Language) is
 * what they most likely write in; null when the request says neither.
 */
export function writtenLanguage(request: FastifyRequest): Locale | null {
  const cookie = request.cookies?.[LOCALE_COOKIE];
  if (isLocale(cookie)) return cookie;
  return localeFromAcceptLanguage(request.headers['accept-language']);
}
