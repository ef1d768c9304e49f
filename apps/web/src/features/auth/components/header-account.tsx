import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button-link';
import { importWithNamespaces } from '@/i18n/i18n';
import { cn } from '@/lib/cn';
import { useUser } from '../hooks/use-user';

// Visitors, the most first paints, never need the member's menu.
const MemberAccount = lazy(() =>
  importWithNamespaces(['auth'], () => import('./member-account')).then((m) => ({ default: m.MemberAccount })),
);

type HeaderAccountProps = {
  /** desktop: menu or log in + sign up; compact: the phone bar; panel: inside the phone menu. */
  variant: 'desktop' | 'compact' | 'panel';
};

/** Holds the corner's place while the session, then the member's menu, loads. */
function AccountPlaceholder({ variant }: HeaderAccountProps) {
  if (variant === 'panel') return null;
  return (
    <div
      aria-hidden="true"
      className={cn(
        'h-10 animate-pulse rounded-control bg-neutral-100',
        variant === 'desktop' ? 'w-44' : 'hidden w-24 sm:block',
      )}
    />
  );
}

/** The header's account corner: Log in / Sign up for visitors, the account menu for members. */
export function HeaderAccount({ variant }: HeaderAccountProps) {
  const { t } = useTranslation();
  const { user, isLoading } = useUser();

  if (isLoading) return <AccountPlaceholder variant={variant} />;

  if (!user) {
    if (variant === 'compact') {
      return (
        <ButtonLink to="/auth/register" size="sm" className="hidden h-10 sm:inline-flex">
          {t('auth.signup')}
        </ButtonLink>
      );
    }
    if (variant === 'panel') {
      return (
        <div className="grid grid-cols-2 gap-3">
          <ButtonLink to="/auth/login" variant="outline">
            {t('auth.login')}
          </ButtonLink>
          <ButtonLink to="/auth/register">{t('auth.signup')}</ButtonLink>
        </div>
      );
    }
    return (
      <>
        <ButtonLink to="/auth/login" variant="ghost" size="sm" className="h-10">
          {t('auth.login')}
        </ButtonLink>
        <ButtonLink to="/auth/register" size="sm" className="h-10">
          {t('auth.signup')}
        </ButtonLink>
      </>
    );
  }

  return (
    <Suspense fallback={<AccountPlaceholder variant={variant} />}>
      <MemberAccount user={user} variant={variant} />
    </Suspense>
  );
}
