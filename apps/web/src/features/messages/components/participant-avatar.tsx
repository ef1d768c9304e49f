import { UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

type ParticipantAvatarProps = {
  name: string | null;
  avatarUrl: string | null;
  /** Shows the online / offline dot. */
  online?: boolean;
  size?: 'md' | 'lg';
  className?: string;
};

/** The other person's picture (or initials) with their online dot at the bottom end corner. */
export function ParticipantAvatar({ name, avatarUrl, online, size = 'md', className }: ParticipantAvatarProps) {
  const { t } = useTranslation('messages');
  const box = size === 'lg' ? 'size-12 text-base' : 'size-10 text-sm';
  const initials = (name ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0))
    .join('')
    .toLocaleUpperCase();
  return (
    <span className={cn('relative inline-flex shrink-0', className)}>
      {avatarUrl ? (
        <img src={avatarUrl} alt="" className={cn(box, 'rounded-full bg-neutral-100 object-cover')} />
      ) : (
        <span
          aria-hidden="true"
          className={cn(
            box,
            'inline-flex items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800',
          )}
        >
          {initials || <UserRound className="size-1/2" />}
        </span>
      )}
      {online === undefined ? null : (
        <span
          role="img"
          aria-label={online ? t('presence.online') : t('presence.offline')}
          data-online={online}
          className={cn(
            'absolute -bottom-0.5 -end-0.5 size-3.5 rounded-full border-2 border-surface',
            online ? 'bg-success-500' : 'bg-neutral-300',
          )}
        />
      )}
    </span>
  );
}
