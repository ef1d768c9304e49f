import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { GuideCardRail } from '@/components/guides/guide-card-rail';
import { ButtonLink } from '@/components/ui/button-link';
import { renderFavouriteHeart } from '@/features/favourites/components/favourite-button';
import { LocalizedLink } from '@/i18n/localized-link';
import { useLocale } from '@/i18n/use-locale';
import { useCurrency } from '@/lib/currency';
import { PREFERRED_GUIDES_SORT, usePreferredGuides } from '../api/get-preferred-guides';

/** spec §2: the most preferred guides (top rated) with a link to the whole list in that order. */
export function PreferredGuidesSection() {
  const { t } = useTranslation('home');
  const locale = useLocale();
  const [currency] = useCurrency();
  const query = usePreferredGuides(currency, locale);
  const guides = query.data?.data ?? [];
  const viewAllPath = `/guides?sort=${PREFERRED_GUIDES_SORT}`;

  return (
    <section aria-labelledby="preferred-guides-title" className="py-section">
      <div className="mx-auto max-w-page px-4 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="max-w-2xl">
            <h2 id="preferred-guides-title" className="text-headline font-bold text-neutral-900">
              {t('preferredGuides.title')}
            </h2>
            <p className="mt-3 text-lg text-neutral-600">{t('preferredGuides.subtitle')}</p>
          </div>
          {guides.length > 0 ? (
            <LocalizedLink
              to={viewAllPath}
              className="inline-flex items-center gap-1.5 rounded-control px-2 py-2 text-sm font-semibold text-brand-700 hover:text-brand-900"
            >
              {t('preferredGuides.viewAll')}
              <ArrowRight aria-hidden="true" className="size-4 rtl:rotate-180" />
            </LocalizedLink>
          ) : null}
        </div>

        <GuideCardRail
          query={query}
          guides={guides}
          renderAction={renderFavouriteHeart}
          columns={4}
          errorText={t('preferredGuides.error')}
          retryLabel={t('preferredGuides.retry')}
          empty={
            <div className="flex flex-col items-center gap-4">
              <p className="text-neutral-700">{t('preferredGuides.empty')}</p>
              <ButtonLink to="/beguide" variant="outline">
                {t('becomeGuide.cta')}
              </ButtonLink>
            </div>
          }
        />
      </div>
    </section>
  );
}
