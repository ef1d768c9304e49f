import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '@/hooks/use-hydrated';
import { useOwnFavouriteCount } from '../api/get-own-favourite-count';

/** On a guide's own profile: how many travellers keep them, a figure no one else sees. */
export function OwnFavouriteCount() {
  const { t, ready } = useTranslation('favourites');
  const isHydrated = useHydrated();
  const count = useOwnFavouriteCount(isHydrated);
  if (!isHydrated || !ready || count.data === undefined) return null;
  return (
    <p className="inline-flex items-center gap-2 rounded-control bg-neutral-50 px-3 py-2 text-sm text-neutral-700">
      <Heart aria-hidden="true" className="size-4 text-error-600" />
      <span>
        {t('own.count', { count: count.data.count })}
        <span className="text-neutral-500"> · {t('own.hint')}</span>
      </span>
    </p>
  );
}
