import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LocalizedNavLink } from '@/i18n/localized-link';
import { cn } from '@/lib/cn';
import { useIsStaff } from '../hooks/use-is-staff';
import { isStaffConsolePath, useStaffPages } from '../hooks/use-staff-pages';

type NavLinkClass = (state: { isActive: boolean }) => string;

/**
 * The staff console in the header: one entry whatever the roles (ten links would not fit
 * beside the traveller's); nothing, and no catalog loaded, for anyone else.
 */
export function StaffNavLink({ className }: { className: NavLinkClass }) {
  return useIsStaff() ? <StaffConsoleLink className={className} /> : null;
}

function StaffConsoleLink({ className }: { className: NavLinkClass }) {
  const { t, ready } = useTranslation('admin');
  const { pathname } = useLocation();
  const [first] = useStaffPages();
  if (!ready || !first) return null;
  const inConsole = isStaffConsolePath(pathname);
  return (
    <LocalizedNavLink to={first.to} className={() => className({ isActive: inConsole })}>
      {t('nav.console')}
    </LocalizedNavLink>
  );
}

const pageLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'shrink-0 rounded-control px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors',
    isActive ? 'bg-brand-50 text-brand-800' : 'text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900',
  );

/** The console's pages the caller's roles reach, above each console page; scrolls sideways on a phone. */
export function StaffPagesNav() {
  const { t, ready } = useTranslation('admin');
  const { pathname } = useLocation();
  const pages = useStaffPages();
  if (!ready || pages.length === 0 || !isStaffConsolePath(pathname)) return null;
  return (
    <nav aria-label={t('nav.console')} className="border-b border-neutral-200 bg-surface">
      <div className="mx-auto flex max-w-page gap-1 overflow-x-auto px-4 py-2 sm:px-6 lg:px-8">
        {pages.map((page) => (
          <LocalizedNavLink key={page.to} to={page.to} className={pageLinkClass}>
            {t(page.label)}
          </LocalizedNavLink>
        ))}
      </div>
    </nav>
  );
}
