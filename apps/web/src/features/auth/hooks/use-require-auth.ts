import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useLocalePath } from '@/i18n/use-locale';
import { sessionQueryOptions } from '../api/get-session';
import { loginPath, stripLocale } from '../utils/return-to';
import { useUser } from './use-user';

/**
 * For member actions on public pages (reserve, message, report): runs `action` when the user
 * is signed in; otherwise sends the visitor to log in and come back to `returnTo` (default:
 * the current page). A page shows its buttons before the browser has asked who is signed in
 * (a member's page is rendered without the session), so a click in that moment waits for the
 * answer: a member is never sent to log in for having been quick.
 *
 *   const requireAuth = useRequireAuth();
 *   onClick={() => requireAuth(startReservation)}
 */
export function useRequireAuth(): (action: () => void, returnTo?: string) => void {
  const { isSignedIn, isLoading } = useUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const localize = useLocalePath();

  return useCallback(
    (action: () => void, returnTo?: string) => {
      if (isSignedIn) {
        action();
        return;
      }
      const logIn = () => {
        const back = returnTo ?? `${stripLocale(location.pathname)}${location.search}${location.hash}`;
        void navigate(localize(loginPath(back)));
      };
      if (!isLoading) {
        logIn();
        return;
      }
      // The session call never fails (a failure answers no session), so this always decides.
      void queryClient.fetchQuery(sessionQueryOptions).then((user) => (user ? action() : logIn()));
    },
    [isSignedIn, isLoading, queryClient, navigate, location, localize],
  );
}
