import { ArrowRight, ChevronLeft, ChevronRight } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DestinationCard } from '@/components/destinations/destination-card';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useDestinationCities, usePlaces } from '@/features/reference/api/get-places';
import { pickCountryName, pickLocalizedName } from '@/features/reference/utils/pick-localized-name';
import { LocalizedLink } from '@/i18n/localized-link';
import { useLocale } from '@/i18n/use-locale';

const slideClass = 'w-[72%] shrink-0 snap-start sm:w-[42%] md:w-[31%] lg:w-[calc((100%-4.5rem)/4)]';

export function DestinationsCarousel() {
  const { t } = useTranslation('home');
  const locale = useLocale();
  const { cities, isLoading } = useDestinationCities();
  const places = usePlaces();
  const trackRef = useRef<HTMLUListElement>(null);

  const scroll = (towardsEnd: boolean) => {
    const track = trackRef.current;
    if (!track) return;
    // Inline direction: in right-to-left pages "towards the end" means a negative scrollLeft.
    const sign = getComputedStyle(track).direction === 'rtl' ? -1 : 1;
    track.scrollBy?.({ left: (towardsEnd ? 1 : -1) * sign * track.clientWidth * 0.85, behavior: 'smooth' });
  };

  return (
    <section aria-labelledby="destinations-title" className="py-section">
      <div className="mx-auto max-w-page px-4 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="max-w-2xl">
            <h2 id="destinations-title" className="text-headline font-bold text-neutral-900">
              {t('destinations.title')}
            </h2>
            <p className="mt-3 text-lg text-neutral-600">{t('destinations.subtitle')}</p>
          </div>
          <div className="flex items-center gap-2">
            <LocalizedLink
              to="/explore"
              className="inline-flex items-center gap-1.5 rounded-control px-2 py-2 text-sm font-semibold text-brand-700 hover:text-brand-900"
            >
              {t('destinations.viewAll')}
              <ArrowRight aria-hidden="true" className="size-4 rtl:rotate-180" />
            </LocalizedLink>
            {cities.length > 0 ? (
              <div className="hidden gap-2 sm:flex">
                <Button
                  variant="outline"
                  size="icon"
                  aria-label={t('destinations.previous')}
                  onClick={() => scroll(false)}
                >
                  <ChevronLeft aria-hidden="true" className="rtl:rotate-180" />
                </Button>
                <Button variant="outline" size="icon" aria-label={t('destinations.next')} onClick={() => scroll(true)}>
                  <ChevronRight aria-hidden="true" className="rtl:rotate-180" />
                </Button>
              </div>
            ) : null}
          </div>
        </div>

        {isLoading ? (
          <ul className="mt-10 flex gap-6 overflow-hidden" aria-busy="true">
            {[0, 1, 2, 3].map((index) => (
              <li key={index} className={slideClass}>
                <Skeleton className="aspect-[4/5] rounded-card" />
              </li>
            ))}
          </ul>
        ) : cities.length === 0 ? (
          <p className="mt-10 rounded-card border border-dashed border-neutral-300 bg-surface p-8 text-center text-neutral-600">
            {t('destinations.empty')}
          </p>
        ) : (
          <ul
            ref={trackRef}
            className="scrollbar-none -mx-4 mt-10 flex snap-x snap-mandatory scroll-px-4 gap-6 overflow-x-auto px-4 pb-2 sm:-mx-6 sm:scroll-px-6 sm:px-6 lg:mx-0 lg:scroll-px-0 lg:px-0"
          >
            {cities.map((city) => (
              <li key={city.id} className={slideClass}>
                <DestinationCard
                  cityKey={city.key}
                  name={pickLocalizedName(city, locale)}
                  country={pickCountryName(city, places, locale)}
                  to={`/explore/${encodeURIComponent(city.key)}`}
                  detail={city.guideCount ? t('search.guideCount', { count: city.guideCount }) : undefined}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
