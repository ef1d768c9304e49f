import type { Locale } from '@marco/contract/locales';
import { WEB_ROUTE_ROOTS } from '@marco/contract/routes';
import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { prefetchOnNavigationWith } from './app/navigation-prefetch';
import { AppProvider } from './app/provider';
import { AppRouter, createAppRouter } from './app/router';
import { prefetchReferenceData } from './features/reference/api/prefetch-reference-data';
import { listenForInstallPrompt } from './hooks/use-install-prompt';
import { initI18n, isNamespace, loadNamespaces } from './i18n/i18n';
import { applyDocumentLocale, detectPreferredLocale, localeFromPath } from './i18n/locale';
import { registerServiceWorker } from './lib/pwa';
import { createQueryClient } from './lib/query-client';
import { errorsFromWire, readSsrPayload, type SsrPayload } from './ssr/payload';
import './app/styles.css';

declare global {
  interface Window {
    /** Read by React Router's createBrowserRouter as its hydration data. */
    __staticRouterHydrationData?: SsrPayload['router'];
  }
}

/** The locale of the first paint: the URL's prefix; for `/` or an unprefixed page the preferred one. */
function initialLocale(): Locale {
  const { pathname } = window.location;
  const fromPath = localeFromPath(pathname);
  if (fromPath) return fromPath;
  const first = pathname.split('/')[1] ?? '';
  return first === '' || WEB_ROUTE_ROOTS.has(first) ? detectPreferredLocale() : 'en';
}

async function start() {
  listenForInstallPrompt();
  registerServiceWorker();
  const queryClient = createQueryClient();
  const payload = readSsrPayload();
  const isHydrating = payload?.mode === 'hydrate';
  if (isHydrating) {
    // A kept page may have been rendered minutes ago from data that is still current (it is kept
    // by search generation): it counts as fetched now, so nothing is asked for again at once.
    const now = Date.now();
    for (const query of payload.queries.queries) query.state.dataUpdatedAt = now;
    hydrate(queryClient, errorsFromWire(payload.queries));
    window.__staticRouterHydrationData = payload.router;
  }
  prefetchReferenceData(queryClient);
  prefetchOnNavigationWith(queryClient);

  const locale = payload?.locale ?? initialLocale();
  await initI18n(locale);
  if (isHydrating) await loadNamespaces(payload.namespaces.filter(isNamespace));
  applyDocumentLocale(locale);
  const router = await createAppRouter();

  const container = document.getElementById('root');
  if (!container) throw new Error('The #root element is missing from index.html.');

  const app = (
    <StrictMode>
      <AppProvider
        queryClient={queryClient}
        renderedCurrency={payload?.currency}
        renderedConsentBanner={isHydrating && payload.consentBanner}
      >
        <AppRouter router={router} />
      </AppProvider>
    </StrictMode>
  );
  // A members' page arrives as header and skeleton: the client's page replaces them.
  if (isHydrating) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

// spec §8: mount errors are logged and re-thrown.
start().catch((error: unknown) => {
  console.error('Marco could not start.', error);
  throw error;
});
