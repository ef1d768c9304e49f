import type { Locale } from '@marco/contract/locales';

/** Messages the page sends to public/sw.js. */
export type ServiceWorkerMessage = { type: 'cache-locale'; locale: Locale };

/**
 * Registers the hand-written service worker (public/sw.js). Production builds only: in
 * development Vite serves modules the worker must not cache. `updateViaCache: 'none'` makes
 * the browser fetch sw.js and the precache list it imports fresh, so a new build is
 * picked up on the next visit.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' }).catch((error: unknown) => {
      // The app works without it; only offline support is lost.
      console.warn('The service worker could not be registered.', error);
    });
  };
  // After the page has loaded, so the worker's downloads never compete with the first paint.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** Asks the service worker to keep `locale`'s catalogs for offline use. */
export function cacheLocaleForOffline(locale: Locale): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const message: ServiceWorkerMessage = { type: 'cache-locale', locale };
  navigator.serviceWorker.ready.then(
    (registration) => registration.active?.postMessage(message),
    () => {},
  );
}

/**
 * Points `<link rel="manifest">` at the locale's manifest (translated name, start URL
 * `/<locale>/`), so an installed Marco opens in the language it was installed in.
 */
export function applyManifestLocale(locale: Locale): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  const href = `/manifests/${locale}.webmanifest`;
  if (link && link.getAttribute('href') !== href) link.setAttribute('href', href);
}
