import type { GuideCard } from '@marco/contract/search';
import { BadgeCheck, Languages, MapPin, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { LocalizedLink } from '@/i18n/localized-link';
import { useLocale } from '@/i18n/use-locale';
import { formatMoney } from '@/lib/currency';
import { listFormat } from '@/lib/formatting';

const MAX_LANGUAGES = 3;

function initialsOf(guide: GuideCard): string {
  return [guide.name, guide.surname]
    .map((part) => part?.trim().charAt(0) ?? '')
    .join('')
    .toLocaleUpperCase();
}

/** A guide search result as a compact card linking to the guide's page (home and destination pages). */
export function GuideSummaryCard({ guide }: { guide: GuideCard }) {
  const { t } = useTranslation('home');
  const locale = useLocale();
  const name = [guide.name, guide.surname].filter(Boolean).join(' ');
  const photo = guide.coverPhotoUrl ?? guide.avatarUrl;
  const place =
    guide.city && guide.country
      ? t('guideCard.place', { city: guide.city.name, country: guide.country.name })
      : (guide.city?.name ?? guide.country?.name ?? '');
  const languages = guide.languages.slice(0, MAX_LANGUAGES).map((language) => language.name);
  const hasRating = guide.rating !== null && guide.reviewCount > 0;

  return (
    <LocalizedLink
      to={`/guides/${encodeURIComponent(guide.id)}`}
      className="group relative flex h-full flex-col overflow-hidden rounded-card border border-neutral-200 bg-surface shadow-card transition-shadow hover:shadow-raised focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
    >
      <div className="relative aspect-[4/3] overflow-hidden bg-brand-100">
        {photo ? (
          <img
            src={photo}
            alt=""
            loading="lazy"
            decoding="async"
            className="size-full object-cover transition-transform duration-500 motion-safe:group-hover:scale-105"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-full items-center justify-center bg-linear-to-br from-brand-200 to-brand-500 text-4xl font-bold text-white"
          >
            {initialsOf(guide)}
          </span>
        )}
        {guide.verified ? (
          <span className="absolute start-3 top-3 inline-flex items-center gap-1 rounded-full bg-surface/95 px-2.5 py-1 text-xs font-semibold text-brand-800 shadow-card">
            <BadgeCheck aria-hidden="true" className="size-3.5" />
            {t('guideCard.verified')}
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col p-4">
        <h3 className="truncate text-lg font-semibold text-neutral-900 group-hover:text-brand-800">{name}</h3>
        {place ? (
          <p className="mt-1 flex items-center gap-1.5 truncate text-sm text-neutral-600">
            <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
            <span className="truncate">{place}</span>
          </p>
        ) : null}
        {languages.length > 0 ? (
          <p className="mt-1 flex items-center gap-1.5 text-sm text-neutral-600">
            <Languages aria-hidden="true" className="size-3.5 shrink-0" />
            <span className="truncate">
              {t('guideCard.languages', {
                languages: listFormat(locale, { type: 'conjunction' }).format(languages),
              })}
            </span>
          </p>
        ) : null}
        <div className="mt-auto flex items-end justify-between gap-3 pt-4">
          {hasRating ? (
            <p className="flex items-center gap-1 text-sm text-neutral-700">
              <Star aria-hidden="true" className="size-4 fill-accent-400 text-accent-500" />
              <span className="font-semibold text-neutral-900">
                <span className="sr-only">{t('guideCard.ratingLabel', { rating: guide.rating?.toFixed(1) })}</span>
                <span aria-hidden="true">{guide.rating?.toFixed(1)}</span>
              </span>
              <span className="whitespace-nowrap text-neutral-500">
                ({t('guideCard.reviews', { count: guide.reviewCount })})
              </span>
            </p>
          ) : (
            <p className="text-sm font-medium text-brand-700">{t('guideCard.new')}</p>
          )}
          <p className="shrink-0 text-end text-sm text-neutral-600">
            {t('guideCard.perHour', { price: formatMoney(guide.priceMinor, guide.currency, locale) })}
          </p>
        </div>
      </div>
    </LocalizedLink>
  );
}

export function GuideSummaryCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-card border border-neutral-200 bg-surface shadow-card">
      <Skeleton className="aspect-[4/3] rounded-none" />
      <div className="p-4">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="mt-3 h-4 w-1/2" />
        <Skeleton className="mt-2 h-4 w-3/4" />
        <Skeleton className="mt-5 h-4 w-full" />
      </div>
    </div>
  );
}
