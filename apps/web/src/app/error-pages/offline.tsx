import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** In-app offline screen: a page that was never opened cannot load without a connection. */
export function OfflinePage() {
  // `pwa` loads just after the first paint; until then there is nothing to say.
  const { t, ready } = useTranslation('pwa');
  useDocumentTitle(ready ? t('offline.title') : undefined);
  if (!ready) return null;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <span className="flex size-16 items-center justify-center rounded-full bg-warning-50 text-warning-700">
        <WifiOff aria-hidden="true" className="size-8" />
      </span>
      <h1 className="mt-6 text-headline font-bold text-neutral-900">{t('offline.title')}</h1>
      <p className="mt-4 text-lg text-neutral-600">{t('offline.text')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button size="lg" onClick={() => window.location.reload()}>
          {t('offline.retry')}
        </Button>
        <ButtonLink to="/" size="lg" variant="outline">
          {t('offline.home')}
        </ButtonLink>
      </div>
    </div>
  );
}
