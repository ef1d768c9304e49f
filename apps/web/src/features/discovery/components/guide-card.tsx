import type { GuideCard as GuideCardData } from '@marco/contract/search';
import { Languages, MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FavouriteButton } from '@/features/favourites/components/favourite-button';
import { LocalizedLink } from '@/i18n/localized-link';
import { useLocale } from '@/i18n/use-locale';
import { formatMoney } from '@/lib/currency';
import { listFormat } from '@/lib/formatting';
import { GuidePicture } from './guide-avatar';
import { GuideBadges } from './guide-badges';
import { ResponseSummary } from './response-summary';
import { RatingSummary } from './star-rating';

const MAX_LANGUAGES = 3;

/** One search result: the whole card links to the guide's page. */
export function GuideCard({ guide }: { guide: GuideCardData }) {
  const { t } = useTranslation('discovery');
  const locale = useLocale();
  const fullName = [guide.name, guide.surname].filter(Boolean).join(' ') || t('card.unnamed');
  const place = [guide.city?.name, guide.country?.name].filter(Boolean).join(locale === 'ar' ? '، ' : ', ');
  const shownLanguages = guide.languages.slice(0, MAX_LANGUAGES).map((language) => language.name);
  const moreLanguages = guide.languages.length - shownLanguages.length;

  return (
    <article
      data-testid="guide-card"
      className="group relative flex w-full overflow-hidden rounded-card border border-neutral-200 bg-surface shadow-card transition-shadow focus-within:ring-2 focus-within:ring-brand-500 hover:shadow-raised sm:flex-col"
    >
      {/* A phone lists cards as rows (picture beside the text); wider screens as a grid of tiles. */}
      <div className="relative w-28 shrink-0 bg-neutral-100 sm:aspect-[4/3] sm:w-full">
        <GuidePicture
          src={guide.coverPhotoUrl ?? guide.avatarUrl}
          name={guide.name}
          surname={guide.surname}
          className="absolute inset-0 size-full"
        />
        <FavouriteButton
          guideId={guide.id}
          guideName={fullName}
          variant="overlay"
          className="absolute end-2 top-2 sm:end-3 sm:top-3"
        />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5 p-3 sm:gap-2 sm:p-4">
        {/* Beside the text on a phone; over the top of the picture (the card's top) from there up. */}
        <div className="sm:absolute sm:inset-x-3 sm:top-3">
          <GuideBadges verified={guide.verified} certificated={guide.certificated} />
        </div>
        <h3 className="truncate text-base font-semibold text-neutral-900 sm:text-lg">
          {/* The stretched link makes the whole card clickable with one link for assistive technology. */}
          <LocalizedLink
            to={`/guides/${guide.id}`}
            className="outline-none after:absolute after:inset-0 after:content-['']"
          >
            {fullName}
          </LocalizedLink>
        </h3>
        {place ? (
          <p className="flex items-center gap-1.5 text-sm text-neutral-600">
            <MapPin aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
            <span className="truncate">{place}</span>
          </p>
        ) : null}
        {shownLanguages.length ? (
          <p className="flex items-center gap-1.5 text-sm text-neutral-600">
            <Languages aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
            <span className="sr-only">{t('card.languages')}</span>
            <span className="truncate">
              {listFormat(locale, { type: 'unit', style: 'short' }).format(shownLanguages)}
              {moreLanguages > 0 ? ` ${t('card.moreLanguages', { more: moreLanguages })}` : ''}
            </span>
          </p>
        ) : null}
        <ResponseSummary response={guide.response} variant="card" />
        <div className="mt-auto flex flex-wrap items-end justify-between gap-x-2 gap-y-1 pt-1 sm:pt-2">
          <RatingSummary rating={guide.rating} reviewCount={guide.reviewCount} />
          <p className="text-end">
            <span data-testid="guide-card-price" className="text-lg font-bold text-neutral-900">
              <bdi>{formatMoney(guide.priceMinor, guide.currency, locale, { trimWholeCents: true })}</bdi>
            </span>
            <span className="text-sm text-neutral-600"> {t('card.perHour')}</span>
          </p>
        </div>
      </div>
    </article>
  );
}
