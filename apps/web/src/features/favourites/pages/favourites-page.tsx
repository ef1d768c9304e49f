import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageIntro, PageShell } from '@/components/layouts/page-intro';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Skeleton } from '@/components/ui/skeleton';
import { useLocale } from '@/i18n/use-locale';
import { useCurrency } from '@/lib/currency';
import { useFavourites } from '../api/get-favourites';
import { FavouriteGuideCard } from '../components/favourite-guide-card';

const GRID = 'grid gap-5 sm:grid-cols-2 lg:grid-cols-3';

function FavouritesSkeleton() {
  const { t } = useTranslation('favourites');
  return (
    <div aria-busy="true" className={GRID}>
      <span className="sr-only" role="status">
        {t('page.loading')}
      </span>
      {[0, 1, 2].map((key) => (
        <div key={key} className="flex flex-col gap-3 rounded-card border border-neutral-200 p-0">
          <Skeleton className="aspect-[4/3] w-full rounded-b-none" />
          <div className="flex flex-col gap-2 p-4">
            <Skeleton className="h-6 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-4 w-1/3" />
          </div>
        </div>
      ))}
    </div>
  );
}

function EmptyFavourites() {
  const { t } = useTranslation('favourites');
  return (
    <div className="flex flex-col items-center rounded-card border border-dashed border-neutral-300 px-6 py-14 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Heart aria-hidden="true" className="size-7" />
      </span>
      <h2 className="mt-5 text-xl font-bold text-neutral-900">{t('page.emptyTitle')}</h2>
      <p className="mt-2 max-w-md text-neutral-600">{t('page.emptyText')}</p>
      <ButtonLink to="/guides" className="mt-6">
        {t('page.emptyAction')}
      </ButtonLink>
    </div>
  );
}

/** /favourites: the guides a traveller kept, priced in their currency today, with the next free day. */
export function FavouritesPage() {
  const { t } = useTranslation('favourites');
  const locale = useLocale();
  const [currency] = useCurrency();
  const query = useFavourites(currency, locale);
  const guides = query.data?.pages.flatMap((page) => page.data) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;

  return (
    <PageShell>
      <PageIntro title={t('page.title')} intro={t('page.intro')} />
      <div className="mt-10">
        {query.isPending ? (
          <FavouritesSkeleton />
        ) : query.isError ? (
          <ErrorNotice
            title={t('page.loadFailed')}
            description={query.error.message}
            retryLabel={t('page.retry')}
            onRetry={() => void query.refetch()}
          />
        ) : guides.length === 0 ? (
          <EmptyFavourites />
        ) : (
          <section aria-labelledby="favourites-count">
            <h2 id="favourites-count" className="mb-4 text-sm font-semibold text-neutral-600">
              {t('page.count', { count: total })}
            </h2>
            <ul className={GRID}>
              {guides.map((guide) => (
                <li key={guide.guideId} className="flex">
                  <div className="w-full">
                    <FavouriteGuideCard guide={guide} />
                  </div>
                </li>
              ))}
            </ul>
            {query.hasNextPage ? (
              <div className="mt-8 flex justify-center">
                <Button variant="outline" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
                  {t('page.more')}
                </Button>
              </div>
            ) : null}
          </section>
        )}
      </div>
    </PageShell>
  );
}
