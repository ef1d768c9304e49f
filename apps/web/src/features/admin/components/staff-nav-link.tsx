import { useTranslation } from 'react-i18next';
import { LocalizedNavLink } from '@/i18n/localized-link';
import { useIsStaff } from '../hooks/use-is-staff';

type NavLinkClass = (state: { isActive: boolean }) => string;

/** The staff area in the header navigation; nothing (and no catalog loaded) for anyone else. */
export function StaffNavLink({ className }: { className: NavLinkClass }) {
  return useIsStaff() ? <StaffLink className={className} /> : null;
}

function StaffLink({ className }: { className: NavLinkClass }) {
  const { t, ready } = useTranslation('admin');
  if (!ready) return null;
  return (
    <LocalizedNavLink to="/admin/guides" className={className}>
      {t('nav.review')}
    </LocalizedNavLink>
  );
}
