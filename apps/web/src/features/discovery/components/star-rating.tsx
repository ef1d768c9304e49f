import { Star } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/i18n/use-locale';
import { cn } from '@/lib/cn';
import { numberFormat } from '@/lib/formatting';

/** Lucide's star, 24 units wide; the stars of a rating stand STAR_PITCH apart. */
const STAR_PATH =
  'M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z';
const STAR_PITCH = 27;
const POSITIONS = [0, 1, 2, 3, 4] as const;
const DRAWING_WIDTH = 4 * STAR_PITCH + 24;

/** How far from the start the filled stars reach, in the drawing's units, for a rating of `value` (0–5). */
function filledWidth(value: number): number {
  const rating = Math.max(0, Math.min(5, value));
  const whole = Math.floor(rating);
  return Math.min(DRAWING_WIDTH, Math.round((whole * STAR_PITCH + (rating - whole) * 24) * 100) / 100);
}

/**
 * Five stars filled exactly to `value` (0–5), named for screen readers. One drawing: the star
 * is defined once and placed five times, grey, then again in colour inside a nested viewport as
 * wide as the rating, which clips them; a page of guide cards carried ten icons per rating
 * before, half of its HTML. Attributes, not style: the page's Content-Security-Policy refuses
 * style attributes in its HTML. Mirrored right to left, so the fill starts where the text does.
 */
export function StarRating({ value, className }: { value: number; className?: string }) {
  const { t } = useTranslation('discovery');
  const locale = useLocale();
  const star = useId();
  const label = t('rating.outOfFive', { rating: numberFormat(locale, { maximumFractionDigits: 1 }).format(value) });
  const width = filledWidth(value);
  const stars = POSITIONS.map((position) => <use key={position} href={`#${star}`} x={position * STAR_PITCH} />);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${DRAWING_WIDTH} 24`}
      className={cn('inline-block h-4 w-[5.5rem] shrink-0 rtl:-scale-x-100', className)}
    >
      <defs>
        <path id={star} d={STAR_PATH} />
      </defs>
      <g className="fill-neutral-300">{stars}</g>
      {width > 0 ? (
        <svg aria-hidden="true" width={width} height="24" className="fill-accent-400">
          {stars}
        </svg>
      ) : null}
    </svg>
  );
}

/** "4.8 ★★★★★ (12 reviews)", or "New" for a guide without reviews yet. */
export function RatingSummary({
  rating,
  reviewCount,
  className,
}: {
  rating: number | null;
  reviewCount: number;
  className?: string;
}) {
  const { t } = useTranslation('discovery');
  const locale = useLocale();
  if (rating === null || reviewCount === 0) {
    return (
      <span className={cn('inline-flex items-center gap-1.5 text-sm text-neutral-600', className)}>
        <Star aria-hidden="true" className="size-4 text-neutral-400" />
        {t('rating.new')}
      </span>
    );
  }
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-x-1.5 text-sm', className)}>
      <span className="font-semibold text-neutral-900">
        {numberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(rating)}
      </span>
      <StarRating value={rating} />
      <span className="text-neutral-600">{t('rating.reviews', { count: reviewCount })}</span>
    </span>
  );
}
