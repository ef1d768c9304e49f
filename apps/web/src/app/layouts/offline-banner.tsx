import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useOnlineStatus } from '@/hooks/use-online-status';

/** Tells the visitor they are offline and what still works (pages already opened). */
export function OfflineBanner() {
  // `pwa` loads just after the first paint; until then there is nothing to say.
  const { t, ready } = useTranslation('pwa');
  const isOnline = useOnlineStatus();
  if (isOnline || !ready) return null;
  return (
    <div role="status" className="border-b border-warning-200 bg-warning-50 text-warning-800">
      <p className="mx-auto flex max-w-page items-center gap-2 px-4 py-2 text-sm sm:px-6 lg:px-8">
        <WifiOff aria-hidden="true" className="size-4 shrink-0" />
        {t('offline.banner')}
      </p>
    </div>
  );
}
