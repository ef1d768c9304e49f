import { Menu, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';
import { HeaderAccount } from '@/features/auth/components/header-account';
import { useUser } from '@/features/auth/hooks/use-user';
import { LocalizedNavLink } from '@/i18n/localized-link';
import { cn } from '@/lib/cn';
import { CurrencySwitcher } from './currency-switcher';
import { LazyLanguageSwitcher } from './lazy-language-switcher';
import { Logo } from './logo';
import { NAV_ITEMS } from './nav-items';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-control px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'bg-brand-50 text-brand-800' : 'text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900',
  );

// The chat socket and the messages link are for members only, so visitors never load them.
const MessagesRealtime = lazy(() =>
  import('@/features/messages/components/messages-realtime').then((m) => ({ default: m.MessagesRealtime })),
);
const UnreadMessagesLink = lazy(() =>
  import('@/features/messages/components/unread-messages-link').then((m) => ({ default: m.UnreadMessagesLink })),
);
// Guide mode and the staff area are for members too; until they load, a member sees the
// traveller's links, as while their guide status loads.
const MemberNavLinks = lazy(() => import('./member-nav-links').then((m) => ({ default: m.MemberNavLinks })));
const ModeSwitch = lazy(() =>
  import('@/features/guide-mode/components/mode-switch').then((m) => ({ default: m.ModeSwitch })),
);

type NavLinkClass = (state: { isActive: boolean }) => string;

function NavLinks({ className }: { className: NavLinkClass }) {
  const { t } = useTranslation();
  const { isSignedIn } = useUser();
  const travellerLinks = NAV_ITEMS.map((item) => (
    <LocalizedNavLink key={item.to} to={item.to} className={className}>
      {t(item.labelKey)}
    </LocalizedNavLink>
  ));
  if (!isSignedIn) return travellerLinks;
  return (
    <Suspense fallback={travellerLinks}>
      <MemberNavLinks className={className}>{travellerLinks}</MemberNavLinks>
    </Suspense>
  );
}

export function Header() {
  const { t } = useTranslation();
  const [isMenuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuRef = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const { isSignedIn } = useUser();
  const phoneLinkClass = (state: { isActive: boolean }) => cn(navLinkClass(state), 'px-3 py-3 text-base');

  // The phone menu closes whenever the page changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only.
  useEffect(() => {
    setMenuOpen(false);
  }, [location.pathname, location.search]);

  // A visitor may open the menu before the scripts arrive: the app takes it over open. (After
  // the effect above, which would close it.)
  useEffect(() => {
    if (menuRef.current?.open) setMenuOpen(true);
  }, []);

  useEffect(() => {
    if (!isMenuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isMenuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-neutral-200/80 bg-surface/90 backdrop-blur supports-[backdrop-filter]:bg-surface/75">
      {isSignedIn ? (
        <Suspense fallback={null}>
          <MessagesRealtime />
        </Suspense>
      ) : null}
      <div className="mx-auto flex h-16 max-w-page items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Logo />
        <nav aria-label={t('nav.label')} className="ms-4 hidden items-center gap-1 lg:flex">
          <NavLinks className={navLinkClass} />
        </nav>
        <div className="ms-auto hidden items-center gap-2 lg:flex">
          {isSignedIn ? (
            <Suspense fallback={null}>
              <ModeSwitch />
            </Suspense>
          ) : null}
          <LazyLanguageSwitcher className="w-36" />
          <CurrencySwitcher className="w-24" />
          {isSignedIn ? (
            <Suspense fallback={null}>
              <UnreadMessagesLink />
            </Suspense>
          ) : null}
          <HeaderAccount variant="desktop" />
        </div>
        <div className="ms-auto flex items-center gap-2 lg:hidden">
          {isSignedIn ? (
            <Suspense fallback={null}>
              <UnreadMessagesLink />
            </Suspense>
          ) : null}
          <HeaderAccount variant="compact" />
          {/* A native disclosure, so the menu opens without JavaScript too (issue 16). The app
              drives its `open` and follows its toggles; browsers tell assistive technology whether
              it is expanded, as aria-expanded did on a button. A visitor may open it before hydration. */}
          <details
            ref={menuRef}
            open={isMenuOpen}
            suppressHydrationWarning
            onToggle={(event) => setMenuOpen(event.currentTarget.open)}
            className="group/menu"
          >
            <summary
              aria-controls={menuId}
              aria-label={isMenuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
              className={buttonVariants({
                variant: 'ghost',
                size: 'icon',
                className: 'list-none [&::-webkit-details-marker]:hidden',
              })}
            >
              <Menu aria-hidden="true" className="size-5! group-open/menu:hidden" />
              <X aria-hidden="true" className="hidden size-5! group-open/menu:block" />
            </summary>
            <div
              id={menuId}
              className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-y border-neutral-200 bg-surface motion-safe:animate-fade-in"
            >
              <nav aria-label={t('nav.label')} className="mx-auto flex max-w-page flex-col gap-1 px-4 py-4 sm:px-6">
                <NavLinks className={phoneLinkClass} />
              </nav>
              <div className="mx-auto flex max-w-page flex-col gap-4 border-t border-neutral-100 px-4 py-4 sm:px-6">
                {isSignedIn ? (
                  <Suspense fallback={null}>
                    <ModeSwitch className="w-full" />
                  </Suspense>
                ) : null}
                <div className="grid grid-cols-[1fr_auto] items-start gap-3">
                  <LazyLanguageSwitcher />
                  <CurrencySwitcher className="w-28" />
                </div>
                <HeaderAccount variant="panel" />
              </div>
            </div>
          </details>
        </div>
      </div>
    </header>
  );
}
