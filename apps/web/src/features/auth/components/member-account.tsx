import type { CurrentUser } from '@marco/contract/auth';
import { CalendarCheck, ChevronDown, Heart, LogOut, MessageCircle, Settings } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { LocalizedLink } from '@/i18n/localized-link';
import { cn } from '@/lib/cn';
import { useSignOut } from '../hooks/use-sign-out';
import { displayNameOf, useUser } from '../hooks/use-user';
import { displayPhoneNumber } from '../utils/phone-number';
import { UserAvatar } from './user-avatar';

const ACCOUNT_LINKS = [
  { to: '/settings', icon: Settings, labelKey: 'menu.settings' },
  { to: '/reservations', icon: CalendarCheck, labelKey: 'menu.reservations' },
  { to: '/favourites', icon: Heart, labelKey: 'menu.favourites' },
  { to: '/messages', icon: MessageCircle, labelKey: 'menu.messages' },
] as const;

const itemClass =
  'flex w-full items-center gap-3 rounded-control px-3 py-2.5 text-start text-sm font-medium text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900';

function AccountMenu() {
  const { t } = useTranslation('auth');
  const { user } = useUser();
  const signOut = useSignOut();
  const location = useLocation();
  const [isOpen, setOpen] = useState(false);
  const menuId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on navigation only.
  useEffect(() => {
    setOpen(false);
  }, [location.pathname]);

  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [isOpen]);

  if (!user) return null;
  const name = displayNameOf(user);
  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={isOpen}
        aria-controls={menuId}
        onClick={() => setOpen((open) => !open)}
        className="flex h-10 items-center gap-2 rounded-full border border-neutral-200 bg-surface ps-1 pe-3 hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        <UserAvatar user={user} size="sm" />
        {/* The name comes from the content, not aria-label: the visible first name must be part of it (WCAG 2.5.3). */}
        <span aria-hidden="true" className="max-w-32 truncate text-sm font-medium text-neutral-800">
          {user.name || name}
        </span>
        <span className="sr-only">{t('menu.openFor', { name })}</span>
        <ChevronDown
          aria-hidden="true"
          className={cn('size-4 text-neutral-500 transition-transform', isOpen && 'rotate-180')}
        />
      </button>
      <div
        id={menuId}
        hidden={!isOpen}
        className="absolute end-0 top-full z-50 mt-2 w-64 rounded-card border border-neutral-200 bg-surface p-2 shadow-raised motion-safe:animate-fade-in"
      >
        <div className="mb-1 border-b border-neutral-100 px-3 pt-1 pb-3">
          <p className="truncate text-sm font-semibold text-neutral-900">{name}</p>
          {user.phoneNumber ? (
            <p dir="ltr" className="truncate text-xs text-neutral-500 rtl:text-end">
              {displayPhoneNumber(user.phoneNumber)}
            </p>
          ) : null}
        </div>
        <nav aria-label={t('menu.account')}>
          <ul>
            {ACCOUNT_LINKS.map(({ to, icon: Icon, labelKey }) => (
              <li key={to}>
                <LocalizedLink to={to} className={itemClass}>
                  <Icon aria-hidden="true" className="size-4 text-neutral-500" />
                  {t(labelKey)}
                </LocalizedLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-1 border-t border-neutral-100 pt-1">
          <button type="button" className={itemClass} onClick={() => void signOut()}>
            <LogOut aria-hidden="true" className="size-4 text-neutral-500 rtl:-scale-x-100" />
            {t('menu.signOut')}
          </button>
        </div>
      </div>
    </div>
  );
}

/** The header's account corner of a signed-in member (see HeaderAccount for the variants). */
export function MemberAccount({ user, variant }: { user: CurrentUser; variant: 'desktop' | 'compact' | 'panel' }) {
  const { t: tAuth } = useTranslation('auth');
  const signOut = useSignOut();

  if (variant === 'desktop') return <AccountMenu />;
  if (variant === 'compact') {
    return (
      <LocalizedLink
        to="/settings"
        aria-label={tAuth('menu.settings')}
        className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        <UserAvatar user={user} size="md" />
      </LocalizedLink>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-3 px-3 pb-2">
        <UserAvatar user={user} />
        <p className="min-w-0 truncate font-semibold text-neutral-900">{displayNameOf(user)}</p>
      </div>
      <nav aria-label={tAuth('menu.account')}>
        <ul>
          {ACCOUNT_LINKS.map(({ to, icon: Icon, labelKey }) => (
            <li key={to}>
              <LocalizedLink to={to} className={cn(itemClass, 'py-3 text-base')}>
                <Icon aria-hidden="true" className="size-5 text-neutral-500" />
                {tAuth(labelKey)}
              </LocalizedLink>
            </li>
          ))}
        </ul>
      </nav>
      <Button variant="outline" className="mt-2" onClick={() => void signOut()}>
        <LogOut aria-hidden="true" className="rtl:-scale-x-100" />
        {tAuth('menu.signOut')}
      </Button>
    </div>
  );
}
