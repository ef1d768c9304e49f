import { RotateCw, ServerCrash } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** spec §2: 500 page; `requestId` (the failed call's X-Request-Id) is shown for the user to quote to support. */
export function ServerErrorPage({ requestId }: { requestId?: string | null }) {
  // `errors` loads just after the first paint; until then the page stays blank.
  const { t, ready } = useTranslation('errors');
  useDocumentTitle(ready ? t('serverError.title') : undefined);
  if (!ready) return null;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <span className="flex size-16 items-center justify-center rounded-full bg-error-50 text-error-600">
        <ServerCrash aria-hidden="true" className="size-8" />
      </span>
      <p className="mt-6 text-sm font-semibold text-error-700">500</p>
      <h1 className="mt-2 text-headline font-bold text-neutral-900">{t('serverError.title')}</h1>
      <p className="mt-4 text-lg text-neutral-600">{t('serverError.text')}</p>
      {requestId ? (
        <p className="mt-4 text-sm text-neutral-500 select-all">{t('serverError.reference', { id: requestId })}</p>
      ) : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button size="lg" variant="outline" onClick={() => window.location.reload()}>
          <RotateCw aria-hidden="true" />
          {t('serverError.retry')}
        </Button>
        <ButtonLink to="/" size="lg">
          {t('serverError.button')}
        </ButtonLink>
      </div>
    </div>
  );
}
