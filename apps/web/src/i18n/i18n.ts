import { DEFAULT_LOCALE, LOCALES, type Locale } from '@marco/contract/locales';
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const NAMESPACES = [
  'common',
  'errors',
  'home',
  'pages',
  'consent',
  'pwa',
  'content',
  'blog',
  'auth',
  'settings',
  'messages',
  'guides',
  'admin',
  'discovery',
  'explore',
  'reservations',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/**
 * Loaded before the first paint: what the shell, the cookie banner and the offline notice
 * need. The others (`content`, `blog`, `settings`) load with the pages that use them (see routes.tsx).
 */
export const INITIAL_NAMESPACES = [
  'common',
  'errors',
  'home',
  'pages',
  'consent',
  'pwa',
  // The header's account menu and the sign-out toast can appear on any page.
  'auth',
] as const satisfies readonly Namespace[];

// Lazy: each catalog becomes its own chunk, so a page loads only its locale's files.
const catalogs = import.meta.glob<ResourceKey>('./locales/*/*.json', { import: 'default' });

export function catalogPath(locale: string, namespace: string): string {
  return `./locales/${locale}/${namespace}.json`;
}

const catalogBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    const load = catalogs[catalogPath(language, namespace)];
    if (!load) {
      callback(new Error(`No catalog for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (data) => callback(null, data),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const i18n = i18next.createInstance();

let initialised: Promise<unknown> | null = null;

/** Initialises i18next with one locale's catalogs loaded; safe to call more than once. */
export function initI18n(locale: Locale = DEFAULT_LOCALE): Promise<unknown> {
  initialised ??= i18n
    .use(catalogBackend)
    .use(initReactI18next)
    .init({
      lng: locale,
      // Every catalog has every key (catalogs.test.ts), so no fallback locale is shipped.
      fallbackLng: false,
      supportedLngs: [...LOCALES],
      load: 'currentOnly',
      ns: [...INITIAL_NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  return initialised;
}

/** Loads namespaces of the current language (and keeps them loaded across language switches). */
export function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  return i18n.loadNamespaces([...namespaces]);
}
