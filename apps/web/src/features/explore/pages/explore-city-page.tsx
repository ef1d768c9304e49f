import { ArrowLeft, MapPin, Search, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CityArtwork } from '@/components/destinations/city-artwork';
import { PageIntro, PageShell } from '@/components/layouts/page-intro';
import { ButtonLink } from '@/components/ui/button-link';
import { Skeleton } from '@/components/ui/skeleton';
import { usePlacesStatus } from '@/features/reference/api/get-places';
import { pickCountryName, pickLocalizedName } from '@/features/reference/utils/pick-localized-name';
import { LocalizedLink } from '@/i18n/localized-link';
import { useLocale } from '@/i18n/use-locale';

function BackToDestinations() {
  const { t } = useTranslation('pages');
  return (
    <LocalizedLink
      to="/explore"
      className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:text-brand-900"
    >
      <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
      {t('exploreCity.allDestinations')}
    </LocalizedLink>
  );
}

export function ExploreCityPage() {
  const { t } = useTranslation('pages');
  const locale = useLocale();
  const { city: cityKey = '' } = useParams();
  const { places, isLoading } = usePlacesStatus();
  const city = places.find((place) => place.type === 'city' && place.key === cityKey);

  if (isLoading) {
    return (
      <PageShell>
        <Skeleton className="h-56 rounded-panel sm:h-72" />
        <Skeleton className="mt-10 h-10 w-1/2" />
        <Skeleton className="mt-4 h-5 w-3/4" />
      </PageShell>
    );
  }

  if (!city) {
    return (
      <PageShell>
        <BackToDestinations />
        <PageIntro
          className="mt-8"
          title={t('exploreCity.notFoundTitle')}
          intro={t('exploreCity.notFoundText')}
          actions={<ButtonLink to="/explore">{t('exploreCity.allDestinations')}</ButtonLink>}
        />
      </PageShell>
    );
  }

  const name = pickLocalizedName(city, locale);
  const country = pickCountryName(city, places, locale);

  return (
    <PageShell>
      <BackToDestinations />
      <div className="relative mt-6 h-56 overflow-hidden rounded-panel shadow-raised sm:h-80">
        <CityArtwork cityKey={city.key} />
        <div className="absolute inset-0 bg-linear-to-t from-black/50 to-transparent" />
        <p className="absolute bottom-5 start-5 flex items-center gap-1.5 rounded-full bg-black/35 px-3 py-1 text-sm font-medium text-white backdrop-blur">
          <MapPin aria-hidden="true" className="size-4" />
          {country}
        </p>
      </div>
      <PageIntro
        className="mt-10"
        eyebrow={t('exploreCity.eyebrow')}
        title={name}
        intro={t('exploreCity.intro', { city: name })}
        actions={
          <>
            <ButtonLink to={`/guides?location=${encodeURIComponent(city.key)}`} size="lg">
              <Search aria-hidden="true" />
              {t('exploreCity.findGuides', { city: name })}
            </ButtonLink>
            {city.guideCount ? (
              <span className="inline-flex items-center gap-2 text-neutral-600">
                <Users aria-hidden="true" className="size-4" />
                {t('exploreCity.guideCount', { count: city.guideCount })}
              </span>
            ) : null}
          </>
        }
      />
    </PageShell>
  );
}
