import { isLocale } from '@marco/contract/locales';

/**
 * A safe place to go back to after signing in: an app path without the locale prefix
 * (`/settings?x=1`). Anything else (other sites, `//host`, schemes) gives null.
 */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  const segments = value.split('/');
  // A path that still carries a locale prefix: drop it, the current locale is added back.
  if (isLocale(segments[1])) {
    const rest = `/${segments.slice(2).join('/')}`;
    return rest === '/' ? null : rest;
  }
  return value;
}

/** `/en/settings?tab=x` → `/settings?tab=x`. */
export function stripLocale(pathname: string): string {
  const segments = pathname.split('/');
  return isLocale(segments[1]) ? `/${segments.slice(2).join('/')}` : pathname;
}

/** The login page that brings the visitor back to `returnTo` afterwards. */
export function loginPath(returnTo?: string | null): string {
  const target = safeReturnTo(returnTo);
  return target ? `/auth/login?returnTo=${encodeURIComponent(target)}` : '/auth/login';
}

/** Keeps `returnTo` when moving between the auth pages (login ↔ register). */
export function withReturnTo(path: string, returnTo: string | null): string {
  if (!returnTo) return path;
  return `${path}${path.includes('?') ? '&' : '?'}returnTo=${encodeURIComponent(returnTo)}`;
}
