import { useTranslation } from 'react-i18next';
import { LocalizedNavLink } from '@/i18n/localized-link';

const GUIDE_NAV_ITEMS = [
  { to: '/guide-mode', labelKey: 'mode.nav.dashboard' },
  { to: '/guide-settings', labelKey: 'mode.nav.settings' },
] as const;

type NavLinkClass = (state: { isActive: boolean }) => string;

/** The navigation of guide mode: the guide's dashboard and settings. */
export function GuideNavLinks({ className }: { className: NavLinkClass }) {
  const { t, ready } = useTranslation('guides');
  if (!ready) return null;
  return GUIDE_NAV_ITEMS.map((item) => (
    <LocalizedNavLink key={item.to} to={item.to} end className={className}>
      {t(item.labelKey)}
    </LocalizedNavLink>
  ));
}
