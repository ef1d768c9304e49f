import { useTranslation } from 'react-i18next';
import { LocalizedNavLink } from '@/i18n/localized-link';
import { useHasStaffRole, useIsStaff } from '../hooks/use-is-staff';

type NavLinkClass = (state: { isActive: boolean }) => string;

/** The staff area in the header navigation; nothing (and no catalog loaded) for anyone else. */
export function StaffNavLink({ className }: { className: NavLinkClass }) {
  return useIsStaff() ? <StaffLinks className={className} /> : null;
}

function StaffLinks({ className }: { className: NavLinkClass }) {
  const { t, ready } = useTranslation('admin');
  const reviews = useHasStaffRole('support');
  const audit = useHasStaffRole('admin');
  const finance = useHasStaffRole('finance');
  if (!ready) return null;
  return (
    <>
      {reviews ? (
        <LocalizedNavLink to="/admin/guides" className={className}>
          {t('nav.review')}
        </LocalizedNavLink>
      ) : null}
      {reviews || finance ? (
        <LocalizedNavLink to="/staff/desk" className={className}>
          {t('nav.desk')}
        </LocalizedNavLink>
      ) : null}
      {reviews ? (
        <>
          <LocalizedNavLink to="/staff/moderation" className={className}>
            {t('nav.moderation')}
          </LocalizedNavLink>
          <LocalizedNavLink to="/staff/users" className={className}>
            {t('nav.users')}
          </LocalizedNavLink>
        </>
      ) : null}
      {finance ? (
        <>
          <LocalizedNavLink to="/staff/rates" className={className}>
            {t('nav.rates')}
          </LocalizedNavLink>
          <LocalizedNavLink to="/staff/payouts" className={className}>
            {t('nav.payouts')}
          </LocalizedNavLink>
        </>
      ) : null}
      <LocalizedNavLink to="/staff/recovery-codes" className={className}>
        {t('nav.recoveryCodes')}
      </LocalizedNavLink>
      {audit ? (
        <>
          <LocalizedNavLink to="/staff/members" className={className}>
            {t('nav.members')}
          </LocalizedNavLink>
          <LocalizedNavLink to="/staff/audit" className={className}>
            {t('nav.audit')}
          </LocalizedNavLink>
        </>
      ) : null}
    </>
  );
}
