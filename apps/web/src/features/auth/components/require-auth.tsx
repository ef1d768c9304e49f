import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useLocalePath } from '@/i18n/use-locale';
import { isSigningOut } from '../hooks/use-sign-out';
import { useUser } from '../hooks/use-user';
import { loginPath, stripLocale } from '../utils/return-to';

/**
 * Members-only pages: a visitor is sent to log in and brought back afterwards
 * (`/auth/login?returnTo=/settings`). Without children it guards the child routes.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const { isSignedIn, isLoading } = useUser();
  const location = useLocation();
  const localize = useLocalePath();
  // Once its sign-out has begun, this page waits to be left. The sign-out ends when its
  // navigation is under way, and the page can render again before the next one shows (a
  // lazy page still loading): asking to log in then would send the user to the login page.
  const [isLeaving, setLeaving] = useState(false);
  if (!isSignedIn && !isLeaving && isSigningOut()) setLeaving(true);
  if (isSignedIn && isLeaving) setLeaving(false);

  if (isLoading) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center text-brand-700">
        <Spinner label={t('status.loading')} />
      </div>
    );
  }
  if (!isSignedIn) {
    if (isLeaving || isSigningOut()) return null;
    const returnTo = `${stripLocale(location.pathname)}${location.search}${location.hash}`;
    return <Navigate replace to={localize(loginPath(returnTo))} />;
  }
  return children ?? <Outlet />;
}
