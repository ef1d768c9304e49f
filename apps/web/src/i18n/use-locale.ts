import { DEFAULT_LOCALE, isLocale, type Locale } from '@marco/contract/locales';
import { useCallback } from 'react';
import { useParams } from 'react-router';

/** The locale of the current URL; English when the prefix is not a locale (the not-found page). */
export function useLocale(): Locale {
  const { lng } = useParams();
  return isLocale(lng) ? lng : DEFAULT_LOCALE;
}

/** `/guides?x=1` → `/tr/guides?x=1`; `/` → `/tr/`. */
export function localizePath(locale: Locale, path: string): string {
  if (path === '' || path === '/') return `/${locale}/`;
  if (path.startsWith('?') || path.startsWith('#')) return `/${locale}/${path}`;
  return `/${locale}${path.startsWith('/') ? '' : '/'}${path}`;
}

export function useLocalePath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => localizePath(locale, path), [locale]);
}
