import { WEB_ROUTES, type WebRoute } from '@marco/contract/routes';
import type { ComponentType } from 'react';
import { data, type LoaderFunction, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { sessionQueryOptions } from '@/features/auth/api/get-session';
import { guideDetailPageHandle } from '@/features/discovery/api/prefetch-guide-profile';
import { guidesPageHandle } from '@/features/discovery/api/prefetch-guides-search';
import { preloadGuideProfileParts } from '@/features/discovery/components/guide-profile-parts';
import { preloadGuideResultList } from '@/features/discovery/components/guide-result-list-loader';
import { exploreCityHandle, exploreCityLoader, explorePageHandle } from '@/features/explore/api/prefetch-explore';
import { loadNamespaces, type Namespace } from '@/i18n/i18n';
import { detectPreferredLocale } from '@/i18n/locale';
import type { PrefetchHandle } from '@/ssr/prefetch';
import { LazyNotFoundPage } from './error-pages/lazy-error-pages';
import { RouteErrorBoundary } from './error-pages/route-error-boundary';
import { AppFallback } from './layouts/app-fallback';
import { LocaleLayout } from './layouts/locale-layout';
import { type NavigationPrefetch, prefetchOnNavigation } from './navigation-prefetch';

/**
 * A page module: its component, a loader when the page decides more than the route can, and
 * the queries the server fetches before it renders the page (ssr/prefetch.ts).
 */
type PageModule = { Component: ComponentType; loader?: LoaderFunction; handle?: PrefetchHandle };
type PageLoader = () => Promise<ComponentType | PageModule>;

/** Loads a page together with the catalogs only it uses, so no key flashes untranslated. */
function withNamespaces(namespaces: readonly Namespace[], load: PageLoader): PageLoader {
  return async () => {
    const [page] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return page;
  };
}

/**
 * One lazily loaded page per route of the contract (spec §2). Typed by `WebRoute`, so a
 * route added to the contract fails to compile until it has a page.
 */
const PAGES: Record<WebRoute, PageLoader> = {
  '': withNamespaces(['home'], () =>
    import('@/features/home/pages/home-page').then((m) => ({ Component: m.HomePage, handle: m.homePageHandle })),
  ),
  about: withNamespaces(['content'], () => import('@/features/content/pages/about-page').then((m) => m.AboutPage)),
  agreements: withNamespaces(['content'], () =>
    import('@/features/content/pages/agreements-page').then((m) => m.AgreementsPage),
  ),
  'agreements/kvkk': withNamespaces(['content'], () =>
    import('@/features/content/pages/kvkk-page').then((m) => m.KvkkPage),
  ),
  'policy/:slug': withNamespaces(['content'], () =>
    import('@/features/content/pages/policy-page').then((m) => ({
      Component: m.PolicyPage,
      loader: m.policyPageLoader,
    })),
  ),
  'auth/login': withNamespaces(['auth', 'pages'], () =>
    import('@/features/auth/pages/login-page').then((m) => m.LoginPage),
  ),
  'auth/register': withNamespaces(['auth', 'pages'], () =>
    import('@/features/auth/pages/register-page').then((m) => m.RegisterPage),
  ),
  'auth/forgot-password': withNamespaces(['auth', 'pages'], () =>
    import('@/features/auth/pages/forgot-password-page').then((m) => m.ForgotPasswordPage),
  ),
  'auth/reset-password': withNamespaces(['auth', 'pages'], () =>
    import('@/features/auth/pages/reset-password-page').then((m) => m.ResetPasswordPage),
  ),
  'auth/phone': withNamespaces(['auth', 'pages'], () =>
    import('@/features/auth/pages/phone-page').then((m) => m.PhonePage),
  ),
  'auth/phone/verify': withNamespaces(['auth', 'pages'], () =>
    import('@/features/auth/pages/phone-verify-page').then((m) => m.PhoneVerifyPage),
  ),
  'auth/phone/password': withNamespaces(['auth', 'pages'], () =>
    import('@/features/auth/pages/phone-password-page').then((m) => m.PhonePasswordPage),
  ),
  'auth/phone/onboard': withNamespaces(['auth', 'pages'], () =>
    import('@/features/auth/pages/phone-onboard-page').then((m) => m.PhoneOnboardPage),
  ),
  'average-rate': withNamespaces(['reservations'], () =>
    import('@/features/reviews/pages/average-rate-page').then((m) => m.AverageRatePage),
  ),
  beguide: withNamespaces(['guides'], () =>
    import('@/features/guides/pages/become-guide-page').then((m) => m.BecomeGuidePage),
  ),
  blog: withNamespaces(['blog'], () =>
    import('@/features/blog/pages/blog-page').then((m) => ({
      Component: m.BlogPage,
      loader: m.blogPageLoader,
      handle: m.blogPageHandle,
    })),
  ),
  'blog/:slug': withNamespaces(['blog'], () =>
    import('@/features/blog/pages/article-page').then((m) => ({
      Component: m.ArticlePage,
      loader: m.articlePageLoader,
      handle: m.articlePageHandle,
    })),
  ),
  explore: withNamespaces(['explore'], () =>
    import('@/features/explore/pages/explore-page').then((m) => m.ExplorePage),
  ),
  // The city's guides are shown with the home page's guide cards.
  'explore/:city': withNamespaces(['explore', 'home'], () =>
    import('@/features/explore/pages/explore-city-page').then((m) => m.ExploreCityPage),
  ),
  guides: withNamespaces(['discovery'], () => {
    void preloadGuideResultList();
    return import('@/features/guides/pages/guides-page').then((m) => m.GuidesPage);
  }),
  favourites: withNamespaces(['favourites', 'discovery'], () =>
    import('@/features/favourites/pages/favourites-page').then((m) => m.FavouritesPage),
  ),
  'guides/:guider': withNamespaces(['discovery', 'profile'], () =>
    import('@/features/guides/pages/guide-detail-page').then((m) => m.GuideDetailPage),
  ),
  'guide-mode': withNamespaces(['guides', 'reservations', 'payouts'], () =>
    import('@/features/guide-mode/pages/guide-mode-page').then((m) => m.GuideModePage),
  ),
  'guide-mode/:id': withNamespaces(['reservations'], () =>
    import('@/features/guide-mode/pages/guide-mode-detail-page').then((m) => m.GuideModeDetailPage),
  ),
  'guide-settings': withNamespaces(['guides'], () =>
    import('@/features/guides/pages/guide-settings-page').then((m) => m.GuideSettingsPage),
  ),
  messages: withNamespaces(['messages'], () =>
    import('@/features/messages/pages/messages-page').then((m) => m.MessagesPage),
  ),
  'messages/:id': withNamespaces(['messages'], () =>
    import('@/features/messages/pages/conversation-page').then((m) => m.ConversationPage),
  ),
  'payment/success': withNamespaces(['reservations'], () =>
    import('@/features/payments/pages/payment-success-page').then((m) => m.PaymentSuccessPage),
  ),
  'payment/failed': withNamespaces(['reservations'], () =>
    import('@/features/payments/pages/payment-failed-page').then((m) => m.PaymentFailedPage),
  ),
  requests: withNamespaces(['reservations'], () =>
    import('@/features/reservations/pages/requests-page').then((m) => m.RequestsPage),
  ),
  'requests/active': withNamespaces(['reservations'], () =>
    import('@/features/reservations/pages/requests-page').then((m) => m.ActiveRequestsPage),
  ),
  'requests/active/:id': withNamespaces(['reservations', 'disputes'], () =>
    import('@/features/reservations/pages/request-detail-page').then((m) => m.RequestDetailPage),
  ),
  'requests/await': withNamespaces(['reservations'], () =>
    import('@/features/reservations/pages/requests-page').then((m) => m.AwaitingRequestsPage),
  ),
  'requests/await/:id': withNamespaces(['reservations', 'disputes'], () =>
    import('@/features/reservations/pages/request-detail-page').then((m) => m.RequestDetailPage),
  ),
  'requests/history': withNamespaces(['reservations'], () =>
    import('@/features/reservations/pages/requests-page').then((m) => m.RequestHistoryPage),
  ),
  'requests/history/:id': withNamespaces(['reservations', 'disputes'], () =>
    import('@/features/reservations/pages/request-detail-page').then((m) => m.RequestDetailPage),
  ),
  reservations: withNamespaces(['reservations'], () =>
    import('@/features/reservations/pages/reservations-page').then((m) => m.ReservationsPage),
  ),
  'reservations/:id': withNamespaces(['reservations', 'disputes'], () =>
    import('@/features/reservations/pages/reservation-detail-page').then((m) => m.ReservationDetailPage),
  ),
  'disputes/:id': withNamespaces(['disputes'], () =>
    import('@/features/disputes/pages/dispute-page').then((m) => m.DisputePage),
  ),
  settings: withNamespaces(['settings', 'auth', 'pages'], () =>
    import('@/features/settings/pages/settings-page').then((m) => m.SettingsPage),
  ),
  'settings/profile': withNamespaces(['settings', 'auth', 'pages'], () =>
    import('@/features/settings/pages/settings-profile-page').then((m) => m.SettingsProfilePage),
  ),
  'settings/change-phone': withNamespaces(['settings', 'auth', 'pages'], () =>
    import('@/features/settings/pages/change-phone-page').then((m) => m.ChangePhonePage),
  ),
  'admin/guides': withNamespaces(['admin', 'guides'], () =>
    import('@/features/admin/pages/admin-guides-page').then((m) => m.AdminGuidesPage),
  ),
  'admin/guides/:id': withNamespaces(['admin', 'guides'], () =>
    import('@/features/admin/pages/admin-guide-detail-page').then((m) => m.AdminGuideDetailPage),
  ),
  staff: withNamespaces(['admin'], () => import('@/features/admin/pages/staff-home-page').then((m) => m.StaffHomePage)),
  'staff/enrol': withNamespaces(['admin', 'guides'], () =>
    import('@/features/admin/pages/staff-enrol-page').then((m) => m.StaffEnrolPage),
  ),
  'staff/verify': withNamespaces(['admin', 'guides'], () =>
    import('@/features/admin/pages/staff-verify-page').then((m) => m.StaffVerifyPage),
  ),
  'staff/audit': withNamespaces(['admin', 'guides'], () =>
    import('@/features/admin/pages/staff-audit-page').then((m) => m.StaffAuditPage),
  ),
  'staff/overview': withNamespaces(['admin', 'guides', 'overview'], () =>
    import('@/features/overview/pages/staff-overview-page').then((m) => m.StaffOverviewPage),
  ),
  'staff/desk': withNamespaces(['admin', 'guides', 'desk'], () =>
    import('@/features/desk/pages/staff-desk-page').then((m) => m.StaffDeskPage),
  ),
  'staff/desk/:id': withNamespaces(['admin', 'guides', 'desk'], () =>
    import('@/features/desk/pages/staff-desk-reservation-page').then((m) => m.StaffDeskReservationPage),
  ),
  'staff/disputes': withNamespaces(['admin', 'guides', 'disputes', 'moderation'], () =>
    import('@/features/disputes/pages/staff-disputes-page').then((m) => m.StaffDisputesPage),
  ),
  'staff/disputes/:id': withNamespaces(['admin', 'guides', 'disputes'], () =>
    import('@/features/disputes/pages/staff-dispute-page').then((m) => m.StaffDisputePage),
  ),
  'staff/members': withNamespaces(['admin', 'guides'], () =>
    import('@/features/admin/pages/staff-members-page').then((m) => m.StaffMembersPage),
  ),
  'staff/rates': withNamespaces(['admin', 'staff'], () =>
    import('@/features/admin/pages/staff-rates-page').then((m) => m.StaffRatesPage),
  ),
  'staff/moderation': withNamespaces(['admin', 'guides', 'moderation'], () =>
    import('@/features/moderation/pages/staff-moderation-page').then((m) => m.StaffModerationPage),
  ),
  'staff/users': withNamespaces(['admin', 'guides', 'moderation'], () =>
    import('@/features/moderation/pages/staff-users-page').then((m) => m.StaffUsersPage),
  ),
  'staff/users/:id': withNamespaces(['admin', 'guides', 'moderation', 'reservations'], () =>
    import('@/features/moderation/pages/staff-user-page').then((m) => m.StaffUserPage),
  ),
  'staff/payouts': withNamespaces(['admin', 'payouts'], () =>
    import('@/features/payouts/pages/staff-payouts-page').then((m) => m.StaffPayoutsPage),
  ),
  'staff/recovery-codes': withNamespaces(['admin', 'staff'], () =>
    import('@/features/admin/pages/staff-recovery-codes-page').then((m) => m.StaffRecoveryCodesPage),
  ),
  'staff/jobs': withNamespaces(['admin', 'guides', 'jobs'], () =>
    import('@/features/jobs/pages/staff-jobs-page').then((m) => m.StaffJobsPage),
  ),
};

/** Members-only pages (spec §1: visitors are asked to log in when acting), by first segment. */
const MEMBER_ROUTE_ROOTS = new Set([
  'settings',
  'messages',
  'reservations',
  'disputes',
  'favourites',
  'requests',
  'guide-mode',
  'guide-settings',
  'beguide',
  'admin',
  'staff',
]);
const isMemberRoute = (route: WebRoute) => MEMBER_ROUTE_ROOTS.has(route.split('/')[0] ?? '');

/** Whether a path under the locale (`['settings', 'profile']`) is a members' page, which the server does not render. */
export function isMemberPath(segments: readonly string[]): boolean {
  return MEMBER_ROUTE_ROOTS.has(segments[0] ?? '');
}

const notFound = () => data(null, { status: 404 });

/** spec §2/§5: a route whose id is blank (e.g. `/messages/%20`) is not found. */
function requireRouteParams({ params }: LoaderFunctionArgs) {
  for (const [name, value] of Object.entries(params)) {
    if (name === 'lng') continue;
    if (!value || value.trim() === '') throw notFound();
  }
  return null;
}

/**
 * Pages whose queries start with the navigation to them, not once their code has come: the
 * handle is the route's own (the server's prefetch reads it there), so the page returns none.
 */
const PREFETCHED_ON_NAVIGATION: Partial<Record<WebRoute, NavigationPrefetch>> = {
  guides: { handle: guidesPageHandle },
  explore: { handle: explorePageHandle },
  'explore/:city': { handle: exploreCityHandle, check: exploreCityLoader },
  'guides/:guider': { handle: guideDetailPageHandle, preload: preloadGuideProfileParts },
};

function isPageModule(page: ComponentType | PageModule): page is PageModule {
  return typeof page === 'object' && page !== null && 'Component' in page;
}

function toRouteObject(route: WebRoute): RouteObject {
  // One download of the page however many ask (its route, a loader waiting for it); a failed one may be asked again.
  let loading: ReturnType<PageLoader> | undefined;
  const loadPage = () => {
    loading ??= PAGES[route]().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const lazy = async () => {
    const page = await loadPage();
    return isPageModule(page) ? page : { Component: page };
  };
  if (route === '') return { index: true, lazy };
  const prefetch = PREFETCHED_ON_NAVIGATION[route];
  if (prefetch) {
    const check = prefetch.check ?? requireRouteParams;
    const loader = (args: LoaderFunctionArgs) => {
      check(args);
      prefetchOnNavigation(prefetch, args, loadPage());
      return null;
    };
    return { path: route, lazy, loader, handle: prefetch.handle };
  }
  // The article and policy pages bring their own loaders (unknown and blank keys are not found).
  if (route === 'blog/:slug' || route === 'policy/:slug') return { path: route, lazy };
  return { path: route, lazy, ...(route.includes(':') ? { loader: requireRouteParams } : {}) };
}

/** Every page's header asks who is signed in. */
const layoutHandle: PrefetchHandle = { prefetch: ({ queryClient }) => queryClient.prefetchQuery(sessionQueryOptions) };

/** The app's route tree: `/` goes to the preferred locale, everything else lives under `/:lng/`. */
export function createAppRoutes(): RouteObject[] {
  return [
    {
      path: '/',
      loader: ({ request }) => redirect(`/${detectPreferredLocale()}/${new URL(request.url).search}`),
      Component: AppFallback,
      HydrateFallback: AppFallback,
    },
    {
      path: ':lng',
      Component: LocaleLayout,
      handle: layoutHandle,
      ErrorBoundary: RouteErrorBoundary,
      HydrateFallback: AppFallback,
      children: [
        {
          // Errors of a page render inside the layout, so header and footer stay.
          ErrorBoundary: RouteErrorBoundary,
          children: [
            ...WEB_ROUTES.filter((route) => !isMemberRoute(route)).map(toRouteObject),
            // Visitors are sent to log in and brought back afterwards.
            {
              // Loaded with the first members-only page, so visitors' pages do without it.
              lazy: () => import('@/features/auth/components/require-auth').then((m) => ({ Component: m.RequireAuth })),
              children: WEB_ROUTES.filter(isMemberRoute).map(toRouteObject),
            },
            { path: '*', Component: LazyNotFoundPage },
          ],
        },
      ],
    },
  ];
}
