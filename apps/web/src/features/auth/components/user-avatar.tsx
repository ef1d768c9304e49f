import type { CurrentUser } from '@marco/contract/auth';
import { UserRound } from 'lucide-react';
import { cn } from '@/lib/cn';

const sizes = { sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-24 text-2xl' } as const;

type UserAvatarProps = {
  user: Pick<CurrentUser, 'name' | 'surname' | 'profilePictureUrl'>;
  size?: keyof typeof sizes;
  /** A picture to show instead (the preview of a new upload). */
  src?: string | null;
  className?: string;
};

/** The user's picture, else their initials, else a silhouette. Decorative: the name is always next to it. */
export function UserAvatar({ user, size = 'md', src, className }: UserAvatarProps) {
  const picture = src ?? user.profilePictureUrl;
  const box = cn(
    'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full',
    sizes[size],
    className,
  );
  if (picture) return <img src={picture} alt="" className={cn(box, 'bg-neutral-100 object-cover')} />;
  const initials = [user.name, user.surname]
    .map((part) => part?.trim().charAt(0) ?? '')
    .join('')
    .toLocaleUpperCase();
  return (
    <span aria-hidden="true" className={cn(box, 'bg-brand-100 font-semibold text-brand-800')}>
      {initials || <UserRound className="size-1/2" />}
    </span>
  );
}
