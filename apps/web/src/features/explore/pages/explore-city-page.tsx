import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, MapPin, RotateCw, Search, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CityScene } from '@/components/destinations/city-scene';
import { PageShell } from '@/components/layouts/page-intro';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { Skeleton } from '@/components/ui/skeleton';
import { placesQueryOptions, usePlacesStatus } from '@/features/reference/api/get-places';
import { pickCountryName, pickLocalizedName } from '@/features/reference/utils/pick-localized-name';
import { usePageMeta } from '@/hooks/use-page-meta';
import { LocalizedLink } from '@/i18n/localized-link';
import { useLocale } from '@/i18n/use-locale';
import { cn } from '@/lib/cn';
import { type CityContent, useCityCatalog } from '../api/get-city-content';
import { destinationCity } from '../api/prefetch-explore';
import { AttractionsList } from '../components/attractions-list';
import { CityGallery } from '../components/city-gallery';
import { CityGuidesSection } from '../components/city-guides-section';
import { type DestinationKey, isDestinationKey } from '../destinations';

function BackToDestinations({ className }: { className?: string }) {
  const { t } = useTranslation('explore');
  return (
    <LocalizedLink to="/explore" className={cn('inline-flex items-center gap-1.5 text-sm font-semibold', className)}>
      <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
      {t('city.allDestinations')}
    </LocalizedLink>
  );
}

function CityPageSkeleton() {
  return (
    <div aria-busy="true">
      <Skeleton className="h-80 rounded-none sm:h-[26rem]" />
      <PageShell>
        <Skeleton className="h-8 w-1/3" />
        <Skeleton className="mt-6 h-4 w-full max-w-3xl" />
        <Skeleton className="mt-3 h-4 w-5/6 max-w-3xl" />
        <Skeleton className="mt-3 h-4 w-2/3 max-w-3xl" />
      </PageShell>
    </div>
  );
}

function CityPageError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('explore');
  return (
    <PageShell>
      <BackToDestinations className="text-brand-700 hover:text-brand-900" />
      <div
        role="alert"
        className="mt-8 flex flex-col items-center gap-4 rounded-card border border-dashed border-neutral-300 bg-surface p-10 text-center"
      >
        <p className="text-neutral-700">{t('city.contentError')}</p>
        <Button variant="outline" onClick={onRetry}>
          <RotateCw aria-hidden="true" />
          {t('retry')}
        </Button>
      </div>
    </PageShell>
  );
}

type CityViewProps = {
  cityKey: DestinationKey;
  cityId: string;
  name: string;
  country: string;
  guideCount: number;
  content: CityContent;
};

function CityView({ cityKey, cityId, name, country, guideCount, content }: CityViewProps) {
  const { t } = useTranslation('explore');
  const locale = useLocale();
  usePageMeta({ title: name, description: content.tagline, locale });
  const guidesPath = `/guides?location=${encodeURIComponent(cityKey)}`;

  return (
    <article>
      <header className="relative isolate overflow-hidden bg-neutral-900 text-white">
        {/* Phones show the landmark centred; wider screens a panorama with the landmark beside the text. */}
        <CityScene cityKey={cityKey} className="absolute inset-0 -z-20 md:hidden" />
        <CityScene cityKey={cityKey} wide className="absolute inset-0 -z-20 hidden md:block rtl:-scale-x-100" />
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-linear-to-t from-black/75 via-black/35 to-black/10 md:bg-linear-to-r md:from-black/70 md:via-black/30 md:to-transparent rtl:md:bg-linear-to-l"
        />
        <div className="mx-auto flex min-h-80 max-w-page flex-col px-4 pt-6 pb-10 sm:min-h-[26rem] sm:px-6 sm:pb-14 lg:px-8">
          <BackToDestinations className="self-start rounded-full bg-black/30 px-3 py-1.5 text-white backdrop-blur hover:bg-black/45" />
          <div className="mt-auto max-w-3xl pt-16">
            <p className="flex items-center gap-1.5 text-sm font-medium text-white/90">
              <MapPin aria-hidden="true" className="size-4" />
              {country}
            </p>
            <h1 className="mt-2 text-display font-extrabold text-balance">{name}</h1>
            <p className="mt-3 text-lg text-white/90 sm:text-xl">{content.tagline}</p>
            <div className="mt-6 flex flex-wrap items-center gap-x-5 gap-y-3">
              <ButtonLink to={guidesPath} size="lg">
                <Search aria-hidden="true" />
                {t('city.findGuide', { city: name })}
              </ButtonLink>
              {guideCount > 0 ? (
                <span className="inline-flex items-center gap-2 text-white/90">
                  <Users aria-hidden="true" className="size-4" />
                  {t('list.guideCount', { count: guideCount })}
                </span>
              ) : null}
            </div>
          </div>
        </div>
      </header>

      <PageShell className="flex flex-col gap-16 sm:gap-20">
        <section aria-labelledby="about-title" className="max-w-3xl">
          <h2 id="about-title" className="text-3xl font-bold text-neutral-900">
            {t('city.aboutTitle', { city: name })}
          </h2>
          {content.about.map((paragraph) => (
            <p key={paragraph} className="mt-4 text-lg leading-relaxed text-neutral-700">
              {paragraph}
            </p>
          ))}
        </section>
        <AttractionsList attractions={content.attractions} cityName={name} />
        <CityGallery cityKey={cityKey} cityName={name} />
        <CityGuidesSection cityId={cityId} cityKey={cityKey} cityName={name} />
      </PageShell>
    </article>
  );
}

export function ExploreCityPage() {
  const locale = useLocale();
  const queryClient = useQueryClient();
  const { city: cityParam } = useParams();
  const { places, isLoading } = usePlacesStatus();
  const catalog = useCityCatalog(locale);
  const cityKey = isDestinationKey(cityParam) ? cityParam : null;
  const city = destinationCity(places, cityKey);

  if (isLoading || catalog.isPending) return <CityPageSkeleton />;
  // The loader lets only destination keys in; the places list is empty only when it failed to load.
  if (!cityKey || !city || catalog.isError) {
    return (
      <CityPageError
        onRetry={() => {
          void catalog.refetch();
          void queryClient.refetchQueries({ queryKey: placesQueryOptions.queryKey });
        }}
      />
    );
  }

  return (
    <CityView
      cityKey={cityKey}
      cityId={city.id}
      name={pickLocalizedName(city, locale)}
      country={pickCountryName(city, places, locale)}
      guideCount={city.guideCount ?? 0}
      content={catalog.data[cityKey]}
    />
  );
}
