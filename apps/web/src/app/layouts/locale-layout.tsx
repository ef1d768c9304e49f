import { DEFAULT_LOCALE, isLocale } from '@marco/contract/locales';
import { WEB_ROUTE_ROOTS } from '@marco/contract/routes';
import { lazy, Suspense, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, ScrollRestoration, useLocation, useParams } from 'react-router';
import { useIsStaff } from '@/features/admin/hooks/use-is-staff';
import { isStaffConsolePath } from '@/features/admin/hooks/use-staff-pages';
import { useUser } from '@/features/auth/hooks/use-user';
import { useHydrated } from '@/hooks/use-hydrated';
import { DEFERRED_NAMESPACES, importWithNamespaces, loadNamespaces } from '@/i18n/i18n';
import { activateLocale, detectPreferredLocale } from '@/i18n/locale';
import { RenderedConsentBannerContext } from '@/lib/consent';
import { usePushPromptDue } from '@/lib/push-prompt';
import { applyManifestLocale, cacheLocaleForOffline } from '@/lib/pwa';
import { LazyNotFoundPage } from '../error-pages/lazy-error-pages';
import { Header } from './header';
import { OfflineBanner } from './offline-banner';

// Only a member can be signed out by a 401, so only members load the watcher.
const SessionSync = lazy(() =>
  import('@/features/auth/components/session-sync').then((m) => ({ default: m.SessionSync })),
);

// Below the fold of the pages people land on; it loads alongside the page's own chunk.
const Footer = lazy(() =>
  importWithNamespaces(['consent', 'newsletter'], () => import('./footer')).then((m) => ({ default: m.Footer })),
);

// The banner shows after the session has loaded (with a visitor's page the server rendered, at
// once), the settings only when asked for.
const ConsentLayer = lazy(() =>
  importWithNamespaces(['consent'], () => import('@/features/consent/components/consent-layer')).then((m) => ({
    default: m.ConsentLayer,
  })),
);

// Offered after a first reservation request or message (lib/push-prompt.ts): loaded only then.
const PushPrompt = lazy(() =>
  importWithNamespaces(['settings'], () => import('@/features/push/components/push-prompt')).then((m) => ({
    default: m.PushPrompt,
  })),
);

// The staff console's pages list, for staff on its pages only.
const StaffPagesNav = lazy(() =>
  importWithNamespaces(['admin'], () => import('@/features/admin/components/staff-nav-link')).then((m) => ({
    default: m.StaffPagesNav,
  })),
);

/**
 * The pages list's height while its code and catalog load (a border, `py-2` and a link's
 * 2 rem), so the console page below it does not jump down when the list arrives: a click
 * on a row as it moved landed on nothing.
 */
function StaffPagesNavPlaceholder() {
  return (
    <div aria-hidden="true" className="border-b border-neutral-200 bg-surface">
      <div className="mx-auto h-8 max-w-page box-content px-4 py-2 sm:px-6 lg:px-8" />
    </div>
  );
}

/**
 * The default layout of every page under `/:lng/`. A prefix that is not a locale shows the
 * not-found page in English; a known page without a prefix (`/guides`) gets one, as the
 * server does.
 */
export function LocaleLayout() {
  const { t } = useTranslation();
  const { lng } = useParams();
  const location = useLocation();
  const { isSignedIn } = useUser();
  const isStaff = useIsStaff();
  const isHydrated = useHydrated();
  const isConsentBannerRendered = useContext(RenderedConsentBannerContext);
  const isPushPromptDue = usePushPromptDue();
  const isValidLocale = isLocale(lng);
  const needsPrefix = !isValidLocale && typeof lng === 'string' && WEB_ROUTE_ROOTS.has(lng);
  const locale = isValidLocale ? lng : DEFAULT_LOCALE;

  // After the first paint, so these catalogs never compete with the page's own.
  useEffect(() => {
    void loadNamespaces(DEFERRED_NAMESPACES);
  }, []);

  useEffect(() => {
    if (needsPrefix) return;
    void activateLocale(locale, { persist: isValidLocale });
    applyManifestLocale(locale);
    cacheLocaleForOffline(locale);
  }, [locale, isValidLocale, needsPrefix]);

  if (needsPrefix) {
    return (
      <Navigate replace to={`/${detectPreferredLocale()}${location.pathname}${location.search}${location.hash}`} />
    );
  }

  return (
    <div className="flex min-h-dvh flex-col">
      {isSignedIn ? (
        <Suspense fallback={null}>
          <SessionSync />
        </Suspense>
      ) : null}
      <a
        href="#main"
        className="sr-only z-50 rounded-control bg-surface px-4 py-2 font-medium text-brand-800 shadow-raised focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
      >
        {t('skipToContent')}
      </a>
      <Header />
      <OfflineBanner />
      {isStaff && isStaffConsolePath(location.pathname) ? (
        <Suspense fallback={<StaffPagesNavPlaceholder />}>
          <StaffPagesNav />
        </Suspense>
      ) : null}
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {isValidLocale ? <Outlet /> : <LazyNotFoundPage />}
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      {/* The choice lives in a cookie: on a visitor's page the server read it and rendered the banner; else it waits for hydration. */}
      {isHydrated || isConsentBannerRendered ? (
        <Suspense fallback={null}>
          <ConsentLayer />
        </Suspense>
      ) : null}
      {isSignedIn && isPushPromptDue ? (
        <Suspense fallback={null}>
          <PushPrompt />
        </Suspense>
      ) : null}
      <ScrollRestoration />
    </div>
  );
}
