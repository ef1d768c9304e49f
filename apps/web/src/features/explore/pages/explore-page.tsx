import { useTranslation } from 'react-i18next';
import { PageShell } from '@/components/layouts/page-intro';
import { Skeleton } from '@/components/ui/skeleton';
import { useDestinationCities, usePlaces } from '@/features/reference/api/get-places';
import { pickCountryName, pickLocalizedName } from '@/features/reference/utils/pick-localized-name';
import { usePageMeta } from '@/hooks/use-page-meta';
import { useLocale } from '@/i18n/use-locale';
import { useCityCatalog } from '../api/get-city-content';
import { DestinationTile } from '../components/destination-tile';
import { isDestinationKey } from '../destinations';

export function ExplorePage() {
  const { t } = useTranslation('explore');
  const locale = useLocale();
  const { cities, isLoading } = useDestinationCities();
  const places = usePlaces();
  const catalog = useCityCatalog(locale);
  const destinations = cities.filter((city) => isDestinationKey(city.key));
  usePageMeta({ title: t('list.title'), description: t('list.intro'), locale });

  return (
    <PageShell>
      <header className="max-w-3xl">
        <p className="mb-3 text-sm font-semibold uppercase tracking-wide text-brand-700">{t('list.eyebrow')}</p>
        <h1 className="text-headline font-bold text-neutral-900">{t('list.title')}</h1>
        <p className="mt-4 text-lg leading-relaxed text-neutral-600">{t('list.intro')}</p>
      </header>
      <div className="mt-12">
        {isLoading ? (
          <ul aria-busy="true" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {[0, 1, 2, 3, 4, 5].map((index) => (
              <li key={index}>
                <Skeleton className="aspect-[16/10] rounded-card" />
                <Skeleton className="mt-4 h-5 w-1/2" />
                <Skeleton className="mt-2 h-4 w-4/5" />
              </li>
            ))}
          </ul>
        ) : destinations.length === 0 ? (
          <p className="rounded-card border border-dashed border-neutral-300 bg-surface p-8 text-center text-neutral-600">
            {t('list.empty')}
          </p>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {destinations.map((city) => (
              <li key={city.id}>
                <DestinationTile
                  cityKey={city.key}
                  name={pickLocalizedName(city, locale)}
                  country={pickCountryName(city, places, locale)}
                  tagline={
                    catalog.isError ? null : isDestinationKey(city.key) ? catalog.data?.[city.key].tagline : undefined
                  }
                  guideCount={city.guideCount ?? 0}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </PageShell>
  );
}
