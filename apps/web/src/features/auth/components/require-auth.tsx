import type { ReactNode } from 'react';
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

  if (isLoading) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center text-brand-700">
        <Spinner label={t('status.loading')} />
      </div>
    );
  }
  if (!isSignedIn) {
    // Signing out leaves for the home page by itself.
    if (isSigningOut()) return null;
    const returnTo = `${stripLocale(location.pathname)}${location.search}${location.hash}`;
    return <Navigate replace to={localize(loginPath(returnTo))} />;
  }
  return children ?? <Outlet />;
}
