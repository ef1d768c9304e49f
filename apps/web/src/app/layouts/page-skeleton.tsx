import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * The body of a members' page as the server sends it: a heading and a few blocks in the page's
 * place, under the real header, until the client knows who is signed in and renders the page.
 */
export function PageSkeleton() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" className="mx-auto flex max-w-page flex-col gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <span className="sr-only">{t('status.loading')}</span>
      <Skeleton className="h-9 w-2/3 max-w-md" />
      <Skeleton className="h-5 w-full max-w-xl" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
      <Skeleton className="h-24" />
    </div>
  );
}
