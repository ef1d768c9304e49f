import type { Locale } from '@marco/contract/locales';
import { WEB_ROUTE_ROOTS } from '@marco/contract/routes';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { prefetchReferenceData } from './features/reference/api/prefetch-reference-data';
import { listenForInstallPrompt } from './hooks/use-install-prompt';
import { initI18n } from './i18n/i18n';
import { applyDocumentLocale, detectPreferredLocale, localeFromPath } from './i18n/locale';
import { registerServiceWorker } from './lib/pwa';
import { createQueryClient } from './lib/query-client';
import './app/styles.css';

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
  prefetchReferenceData(queryClient);

  const locale = initialLocale();
  await initI18n(locale);
  applyDocumentLocale(locale);

  const container = document.getElementById('root');
  if (!container) throw new Error('The #root element is missing from index.html.');

  createRoot(container).render(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );
}

// spec §8: mount errors are logged and re-thrown.
start().catch((error: unknown) => {
  console.error('Marco could not start.', error);
  throw error;
});
