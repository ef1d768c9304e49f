/**
 * The web app's routes (spec §2), without the locale prefix. Shared by the web router and
 * the server, which answers 404 for HTML paths that match none of them.
 * `:param` segments must be non-empty.
 */
export const WEB_ROUTES = [
  '',
  'about',
  'agreements',
  'agreements/kvkk',
  'policy/:slug',
  'auth/login',
  'auth/register',
  'auth/forgot-password',
  'auth/reset-password',
  'auth/phone',
  'auth/phone/verify',
  'auth/phone/password',
  'auth/phone/onboard',
  'average-rate',
  'beguide',
  'blog',
  'blog/:slug',
  'explore',
  'explore/:city',
  // The guides a traveller keeps (issue 19).
  'favourites',
  'guides',
  'guides/:guider',
  'guide-mode',
  'guide-mode/:id',
  'guide-settings',
  'messages',
  'messages/:id',
  'payment/success',
  'payment/failed',
  'requests',
  'requests/active',
  'requests/active/:id',
  'requests/await',
  'requests/await/:id',
  'requests/history',
  'requests/history/:id',
  'reservations',
  'reservations/:id',
  // A problem report's case, for the reservation's traveller and guide (issue 18 item 3).
  'disputes/:id',
  'settings',
  'settings/profile',
  'settings/change-phone',
  // Staff area (issue 4): review of guide applications.
  'admin/guides',
  'admin/guides/:id',
  // Staff sign-in steps and console (issue 18); `staff` leads on to the first page the roles reach.
  'staff',
  'staff/enrol',
  'staff/verify',
  'staff/audit',
  'staff/overview',
  'staff/desk',
  'staff/desk/:id',
  'staff/disputes',
  'staff/disputes/:id',
  'staff/members',
  'staff/rates',
  'staff/moderation',
  'staff/users',
  'staff/users/:id',
  'staff/payouts',
  'staff/recovery-codes',
  'staff/jobs',
] as const;
export type WebRoute = (typeof WEB_ROUTES)[number];

const splitPath = (path: string) => path.split('/').filter((segment) => segment !== '');

/** The route a locale-less path matches, or null. Params match one non-blank segment. */
export function matchWebRoute(path: string): WebRoute | null {
  const segments = splitPath(path);
  for (const route of WEB_ROUTES) {
    const parts = splitPath(route);
    if (parts.length !== segments.length) continue;
    const matches = parts.every((part, index) => {
      const segment = segments[index] ?? '';
      return part.startsWith(':') ? decodeURIComponent(segment).trim() !== '' : part === segment;
    });
    if (matches) return route;
  }
  return null;
}

/** First path segments of the app's routes: an unprefixed path starting with one is redirected to a locale. */
export const WEB_ROUTE_ROOTS: ReadonlySet<string> = new Set(
  WEB_ROUTES.map((route) => splitPath(route)[0]).filter((root): root is string => Boolean(root)),
);
