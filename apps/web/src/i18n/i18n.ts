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
  'newsletter',
  'content',
  'blog',
  'auth',
  'settings',
  'messages',
  'guides',
  'admin',
  'discovery',
  'profile',
  'explore',
  'reservations',
  'favourites',
  'calendars',
  'sharing',
  'staff',
  'desk',
  'disputes',
  'payouts',
  'moderation',
  'overview',
  'jobs',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export function isNamespace(value: string): value is Namespace {
  return (NAMESPACES as readonly string[]).includes(value);
}

/**
 * Loaded before the first paint: what the shell needs. The others load with the pages and
 * lazy parts that use them (see routes.tsx), or right after the first paint.
 */
export const INITIAL_NAMESPACES = ['common'] as const satisfies readonly Namespace[];

/**
 * Loaded right after the first paint (locale-layout.tsx) without holding it back: error
 * pages and messages, the cookie banner, the offline notice, the member's menu and the
 * sign-out toast can appear on any page. The lazy parts that show them also wait for them
 * (`importWithNamespaces`), and the error and offline pages render once theirs has loaded,
 * so none shows a key.
 */
export const DEFERRED_NAMESPACES = ['errors', 'consent', 'pwa', 'auth'] as const satisfies readonly Namespace[];

export function catalogPath(locale: string, namespace: string): string {
  return `./locales/${locale}/${namespace}.json`;
}

/** Set by the build (dev/catalog-chunks-plugin.ts): one hash of every catalog. */
declare const __MARCO_CATALOGS__: string;

export type CatalogLoader = (locale: string, namespace: string) => Promise<ResourceKey> | undefined;

// Lazy: each catalog is its own chunk, so a page loads only its locale's files. Built, the
// chunk's address is derived (catalog-chunks-plugin.ts) instead of looked up in a map of
// every locale's hashed names; the dev server and the tests import the sources.
let loadCatalog: CatalogLoader = import.meta.env.PROD
  ? (locale, namespace) =>
      import(/* @vite-ignore */ `/assets/locales/${locale}/${namespace}-${__MARCO_CATALOGS__}.js`).then(
        (module: { default: ResourceKey }) => module.default,
      )
  : (() => {
      const catalogs = import.meta.glob<ResourceKey>('./locales/*/*.json', { import: 'default' });
      return (locale, namespace) => catalogs[catalogPath(locale, namespace)]?.();
    })();

/**
 * Where catalogs come from instead: the server's renderer holds them all in its own bundle
 * (entry-server.tsx). Kept out of this module, which the browser's first paint loads.
 */
export function setCatalogLoader(loader: CatalogLoader): void {
  loadCatalog = loader;
}

const catalogBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    const loading = loadCatalog(language, namespace);
    if (!loading) {
      callback(new Error(`No catalog for ${language}/${namespace}`), false);
      return;
    }
    loading.then(
      (data) => callback(null, data),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const i18n = i18next.createInstance();

let initialised: Promise<unknown> | null = null;
let markInitialised: () => void = () => {};
// The router starts loading the first page (and its catalogs) as soon as it is created, which
// can be before main.tsx initialises i18next; until then there is no language to load for.
const whenInitialised = new Promise<void>((resolve) => {
  markInitialised = resolve;
});

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
  void initialised.then(markInitialised, markInitialised);
  return initialised;
}

/** Loads namespaces of the current language (and keeps them loaded across language switches). */
export async function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  await whenInitialised;
  return i18n.loadNamespaces([...namespaces]);
}

/** Loads a lazily imported module together with the catalogs it uses. */
export async function importWithNamespaces<T>(namespaces: readonly Namespace[], load: () => Promise<T>): Promise<T> {
  const [module] = await Promise.all([load(), loadNamespaces(namespaces)]);
  return module;
}
