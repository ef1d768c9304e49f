import type { FavouriteGuide } from '@marco/contract/favourites';
import { CalendarDays, MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { GuidePicture } from '@/features/discovery/components/guide-avatar';
import { RatingSummary } from '@/features/discovery/components/star-rating';
import { LocalizedLink } from '@/i18n/localized-link';
import { useLocale } from '@/i18n/use-locale';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/currency';
import { FavouriteButton } from './favourite-button';

/** A calendar date (YYYY-MM-DD, the guide's own day) in the reader's language, without moving it across zones. */
function formatDay(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** One kept guide on the favourites page: today's price in the user's currency and the next free day. */
export function FavouriteGuideCard({ guide }: { guide: FavouriteGuide }) {
  const { t } = useTranslation('favourites');
  const { t: tCard } = useTranslation('discovery');
  const locale = useLocale();
  const fullName = [guide.name, guide.surname].filter(Boolean).join(' ') || tCard('card.unnamed');
  const place = [guide.city?.name, guide.country?.name].filter(Boolean).join(locale === 'ar' ? '، ' : ', ');

  return (
    <article
      data-testid="favourite-card"
      className={cn(
        'group relative flex flex-col overflow-hidden rounded-card border border-neutral-200 bg-surface shadow-card transition-shadow focus-within:ring-2 focus-within:ring-brand-500 hover:shadow-raised',
        !guide.isAvailable && 'opacity-80',
      )}
    >
      <div className="relative aspect-[4/3] bg-neutral-100">
        <GuidePicture
          src={guide.coverPhotoUrl ?? guide.avatarUrl}
          name={guide.name}
          surname={guide.surname}
          className="absolute inset-0 size-full"
        />
        <FavouriteButton
          guideId={guide.guideId}
          guideName={fullName}
          variant="overlay"
          className="absolute end-3 top-3"
        />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="truncate text-lg font-semibold text-neutral-900">
          <LocalizedLink
            to={`/guides/${guide.guideId}`}
            className="outline-none after:absolute after:inset-0 after:content-['']"
          >
            {fullName}
          </LocalizedLink>
        </h2>
        {place ? (
          <p className="flex items-center gap-1.5 text-sm text-neutral-600">
            <MapPin aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
            <span className="truncate">{place}</span>
          </p>
        ) : null}
        {guide.isAvailable ? (
          <p className="flex items-center gap-1.5 text-sm text-neutral-700" data-testid="favourite-next-free">
            <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
            {guide.nextFreeDate
              ? t('page.nextFree', { date: formatDay(guide.nextFreeDate, locale) })
              : t('page.noFreeDate')}
          </p>
        ) : (
          <p className="w-fit rounded-full bg-neutral-100 px-2.5 py-0.5 text-sm font-medium text-neutral-700">
            {t('page.unavailable')}
          </p>
        )}
        <div className="mt-auto flex flex-wrap items-end justify-between gap-x-2 gap-y-1 pt-2">
          <RatingSummary rating={guide.rating} reviewCount={guide.reviewCount} />
          {guide.priceMinor !== null ? (
            <p className="text-end">
              <span data-testid="favourite-price" className="text-lg font-bold text-neutral-900">
                <bdi>{formatMoney(guide.priceMinor, guide.currency, locale, { trimWholeCents: true })}</bdi>
              </span>
              <span className="text-sm text-neutral-600"> {t('page.perHour')}</span>
            </p>
          ) : null}
        </div>
      </div>
    </article>
  );
}
