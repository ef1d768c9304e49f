import {
  DEFAULT_LOCALE,
  directionOf,
  isLocale,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_S,
  LOCALES,
  type Locale,
} from '@marco/contract/locales';
import { readCookie, writeCookie } from '@/lib/cookies';
import { i18n } from './i18n';

/** Each interface language in its own script; the same in every locale, so not translated. */
export const LOCALE_NATIVE_NAMES: Record<Locale, string> = {
  en: 'English',
  tr: 'Türkçe',
  ar: 'العربية',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  it: 'Italiano',
  ru: 'Русский',
};

/** The locale prefix of an app path (`/tr/guides` → `tr`), or null. */
export function localeFromPath(pathname: string): Locale | null {
  const prefix = pathname.split('/')[1];
  return isLocale(prefix) ? prefix : null;
}

/** Same order as the server: the `locale` cookie, then the browser's languages, then English. */
export function detectPreferredLocale(): Locale {
  const cookie = readCookie(LOCALE_COOKIE);
  if (isLocale(cookie)) return cookie;
  const languages = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const language of languages) {
    const base = language?.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return DEFAULT_LOCALE;
}

/** `/tr/guides?x=1` with `de` → `/de/guides?x=1`; a path without a valid prefix gets one. */
export function swapLocalePrefix(pathname: string, locale: Locale): string {
  const segments = pathname.split('/');
  if (isLocale(segments[1])) {
    segments[1] = locale;
    return segments.join('/') || `/${locale}/`;
  }
  return `/${locale}${pathname.startsWith('/') ? '' : '/'}${pathname}`;
}

export function applyDocumentLocale(locale: Locale): void {
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
}

/** The locale of the latest activateLocale call: an earlier one still loading gives way to it. */
let requestedLocale: Locale | null = null;

/**
 * Switches the interface language: loads the catalogs, then sets `<html lang dir>`, and
 * (unless `persist` is false) remembers the choice in the `locale` cookie for 365 days. When
 * the language changes again while the catalogs load (the page's own locale still loading as
 * the visitor picks another), only the latest choice is applied and remembered.
 */
export async function activateLocale(locale: Locale, { persist = true }: { persist?: boolean } = {}): Promise<void> {
  requestedLocale = locale;
  if (i18n.resolvedLanguage !== locale) await i18n.changeLanguage(locale);
  if (requestedLocale !== locale) return;
  applyDocumentLocale(locale);
  if (persist) writeCookie(LOCALE_COOKIE, locale, LOCALE_COOKIE_MAX_AGE_S);
}

export { LOCALES };
