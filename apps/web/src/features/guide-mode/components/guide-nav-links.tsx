import { useTranslation } from 'react-i18next';
import { LocalizedNavLink } from '@/i18n/localized-link';

type NavLinkClass = (state: { isActive: boolean }) => string;

/** The navigation of guide mode: the guide's dashboard, the requests travellers sent, and settings. */
export function GuideNavLinks({ className }: { className: NavLinkClass }) {
  const { t, ready } = useTranslation(['guides', 'reservations']);
  if (!ready) return null;
  return (
    <>
      <LocalizedNavLink to="/guide-mode" end className={className}>
        {t('mode.nav.dashboard')}
      </LocalizedNavLink>
      {/* Not `end`: the request tabs and details keep the link current. */}
      <LocalizedNavLink to="/requests" className={className}>
        {t('nav', { ns: 'reservations' })}
      </LocalizedNavLink>
      <LocalizedNavLink to="/guide-settings" end className={className}>
        {t('mode.nav.settings')}
      </LocalizedNavLink>
    </>
  );
}
