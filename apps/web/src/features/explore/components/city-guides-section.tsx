import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { GuideCardRail } from '@/components/guides/guide-card-rail';
import { ButtonLink } from '@/components/ui/button-link';
import { renderFavouriteHeart } from '@/features/favourites/components/favourite-button';
import { useLocale } from '@/i18n/use-locale';
import { useCurrency } from '@/lib/currency';
import { useCityGuides } from '../api/get-city-guides';

type CityGuidesSectionProps = { cityId: string; cityKey: string; cityName: string };

/** spec §2 "find guide": the city's top-rated guides, and the way to all of them. */
export function CityGuidesSection({ cityId, cityKey, cityName }: CityGuidesSectionProps) {
  const { t } = useTranslation('explore');
  const locale = useLocale();
  const [currency] = useCurrency();
  const query = useCityGuides(cityId, currency, locale);
  const guides = query.data?.data ?? [];
  const total = query.data?.total ?? 0;
  const listPath = `/guides?location=${encodeURIComponent(cityKey)}`;

  return (
    <section id="guides" aria-labelledby="city-guides-title" className="scroll-mt-24">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="city-guides-title" className="text-3xl font-bold text-neutral-900">
            {t('city.guidesTitle', { city: cityName })}
          </h2>
          <p className="mt-2 text-neutral-600">{t('city.guidesSubtitle', { city: cityName })}</p>
        </div>
        {guides.length > 0 ? (
          <ButtonLink to={listPath} variant="outline">
            {t('city.allGuides', { count: total, city: cityName })}
            <ArrowRight aria-hidden="true" className="rtl:rotate-180" />
          </ButtonLink>
        ) : null}
      </div>
      <GuideCardRail
        query={query}
        guides={guides}
        renderAction={renderFavouriteHeart}
        columns={3}
        errorText={t('city.guidesError')}
        retryLabel={t('retry')}
        empty={
          <>
            <h3 className="text-lg font-semibold text-neutral-900">{t('city.noGuidesTitle', { city: cityName })}</h3>
            <p className="mx-auto mt-2 max-w-xl text-neutral-600">{t('city.noGuidesText')}</p>
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              <ButtonLink to="/guides">{t('city.browseGuides')}</ButtonLink>
              <ButtonLink to="/beguide" variant="outline">
                {t('city.becomeGuide')}
              </ButtonLink>
            </div>
          </>
        }
      />
    </section>
  );
}
