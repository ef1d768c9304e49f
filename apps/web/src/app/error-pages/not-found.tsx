import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button-link';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** spec §2: 404 page with a button back to the home page. */
export function NotFoundPage() {
  // `errors` loads just after the first paint; until then the page stays blank.
  const { t, ready } = useTranslation('errors');
  useDocumentTitle(ready ? t('notFound.title') : undefined);
  if (!ready) return null;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <span className="flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Compass aria-hidden="true" className="size-8" />
      </span>
      <p className="mt-6 text-sm font-semibold text-brand-700">404</p>
      <h1 className="mt-2 text-headline font-bold text-neutral-900">{t('notFound.title')}</h1>
      <p className="mt-4 text-lg text-neutral-600">{t('notFound.text')}</p>
      <ButtonLink to="/" size="lg" className="mt-8">
        {t('notFound.button')}
      </ButtonLink>
    </div>
  );
}
