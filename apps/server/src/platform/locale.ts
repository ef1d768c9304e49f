import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, type Locale } from '@marco/contract/locales';
import type { FastifyRequest } from 'fastify';

/** The best supported locale of an Accept-Language header, by its q-values. */
export function localeFromAcceptLanguage(header: string | undefined): Locale | null {
  if (!header) return null;
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
}

/** Locale of a visitor: cookie `locale`, then Accept-Language, then the default (spec §2). */
export function detectLocale(request: FastifyRequest): Locale {
  const cookie = request.cookies?.[LOCALE_COOKIE];
  if (isLocale(cookie)) return cookie;
  return localeFromAcceptLanguage(request.headers['accept-language']) ?? DEFAULT_LOCALE;
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
