import { useTranslation } from 'react-i18next';
import { DestinationCard } from '@/components/destinations/destination-card';
import { ContentPage } from '@/components/layouts/page-intro';
import { Skeleton } from '@/components/ui/skeleton';
import { useDestinationCities, usePlaces } from '@/features/reference/api/get-places';
import { pickCountryName, pickLocalizedName } from '@/features/reference/utils/pick-localized-name';
import { useLocale } from '@/i18n/use-locale';

export function ExplorePage() {
  const { t } = useTranslation('pages');
  const { t: tHome } = useTranslation('home');
  const locale = useLocale();
  const { cities, isLoading } = useDestinationCities();
  const places = usePlaces();

  return (
    <ContentPage title={t('explore.title')} intro={t('explore.intro')}>
      {isLoading ? (
        <ul className="grid grid-cols-2 gap-4 sm:gap-6 md:grid-cols-3 lg:grid-cols-4" aria-busy="true">
          {[0, 1, 2, 3, 4, 5, 6, 7].map((index) => (
            <li key={index}>
              <Skeleton className="aspect-[4/5] rounded-card" />
            </li>
          ))}
        </ul>
      ) : cities.length === 0 ? (
        <p className="rounded-card border border-dashed border-neutral-300 bg-surface p-8 text-center text-neutral-600">
          {t('explore.empty')}
        </p>
      ) : (
        <ul className="grid grid-cols-2 gap-4 sm:gap-6 md:grid-cols-3 lg:grid-cols-4">
          {cities.map((city) => (
            <li key={city.id}>
              <DestinationCard
                cityKey={city.key}
                name={pickLocalizedName(city, locale)}
                country={pickCountryName(city, places, locale)}
                to={`/explore/${encodeURIComponent(city.key)}`}
                detail={city.guideCount ? tHome('search.guideCount', { count: city.guideCount }) : undefined}
              />
            </li>
          ))}
        </ul>
      )}
    </ContentPage>
  );
}
