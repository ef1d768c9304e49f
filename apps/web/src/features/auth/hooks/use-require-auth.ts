import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useLocalePath } from '@/i18n/use-locale';
import { loginPath, stripLocale } from '../utils/return-to';
import { useUser } from './use-user';

/**
 * For member actions on public pages (reserve, message): answers true when the user is
 * signed in; otherwise sends the visitor to log in and come back to `returnTo` (default:
 * the current page) and answers false.
 *
 *   const requireAuth = useRequireAuth();
 *   onClick={() => { if (requireAuth()) startReservation(); }}
 */
export function useRequireAuth(): (returnTo?: string) => boolean {
  const { isSignedIn } = useUser();
  const navigate = useNavigate();
  const location = useLocation();
  const localize = useLocalePath();

  return useCallback(
    (returnTo?: string) => {
      if (isSignedIn) return true;
      const back = returnTo ?? `${stripLocale(location.pathname)}${location.search}${location.hash}`;
      void navigate(localize(loginPath(back)));
      return false;
    },
    [isSignedIn, navigate, location, localize],
  );
}
