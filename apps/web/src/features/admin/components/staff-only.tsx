import type { StaffRole } from '@marco/contract/staff';
import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { ButtonLink } from '@/components/ui/button-link';
import { stripLocale } from '@/features/auth/utils/return-to';
import { ErrorBlock, LoadingBlock } from '@/features/guides/components/states';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLocalePath } from '@/i18n/use-locale';
import { useSecondFactorStatus } from '../api/second-factor';
import { useHasStaffRole, useIsStaff } from '../hooks/use-is-staff';

/**
 * Staff pages: anyone else sees that the area is for staff, staff of another role too, and
 * a session that has not passed the second factor goes to the code prompt (or to setting
 * up an authenticator) first and comes back. The server refuses all of them as well.
 */
export function StaffOnly({ children, staffRole = 'support' }: { children: ReactNode; staffRole?: StaffRole }) {
  const isStaff = useIsStaff();
  const hasRole = useHasStaffRole(staffRole);
  const status = useSecondFactorStatus(isStaff);
  const location = useLocation();
  const localize = useLocalePath();
  if (!isStaff) return <Forbidden />;
  if (status.isPending) return <LoadingBlock rows={4} />;
  if (status.isError) return <ErrorBlock error={status.error} onRetry={() => void status.refetch()} />;
  if (!status.data.verified) {
    const step = status.data.enrolled ? '/staff/verify' : '/staff/enrol';
    const returnTo = stripLocale(location.pathname) + location.search;
    return <Navigate replace to={localize(`${step}?returnTo=${encodeURIComponent(returnTo)}`)} />;
  }
  if (!hasRole) return <Forbidden />;
  return children;
}

export function Forbidden() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('forbidden.title'));
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <span className="flex size-16 items-center justify-center rounded-full bg-error-50 text-error-700">
        <ShieldAlert aria-hidden="true" className="size-8" />
      </span>
      <p className="mt-6 text-sm font-semibold text-error-700">403</p>
      <h1 className="mt-2 text-headline font-bold text-neutral-900">{t('forbidden.title')}</h1>
      <p className="mt-4 text-lg text-neutral-600">{t('forbidden.text')}</p>
      <ButtonLink to="/" size="lg" className="mt-8">
        {t('forbidden.home')}
      </ButtonLink>
    </div>
  );
}
