import { MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useUser } from '@/features/auth/hooks/use-user';
import { LocalizedLink } from '@/i18n/localized-link';
import { cn } from '@/lib/cn';
import { useUnreadCount } from '../api/get-unread-count';

/** The header's messages link with the unread count; shown to signed-in users only. */
export function UnreadMessagesLink({ className }: { className?: string }) {
  const { t } = useTranslation('messages');
  const { isSignedIn } = useUser();
  const { data } = useUnreadCount(isSignedIn);
  if (!isSignedIn) return null;
  const count = data?.unreadMessages ?? 0;
  return (
    <LocalizedLink
      to="/messages"
      aria-label={count > 0 ? t('header.unread', { count }) : t('header.link')}
      data-testid="header-messages"
      className={cn(
        'relative inline-flex size-10 items-center justify-center rounded-full text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
        className,
      )}
    >
      <MessageCircle aria-hidden="true" className="size-5 rtl:-scale-x-100" />
      {count > 0 ? (
        <span
          aria-hidden="true"
          data-testid="header-unread-count"
          className="absolute -top-0.5 -end-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-accent-500 px-1 text-[0.6875rem] font-bold leading-5 text-white"
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </LocalizedLink>
  );
}
