import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/i18n/use-locale';
import { cn } from '@/lib/cn';

/**
 * A star's fill in quarters, as classes: the server renders the stars, and the page's
 * Content-Security-Policy refuses style attributes in its HTML (style-src-attr 'none').
 */
const FILL_WIDTHS = ['w-0', 'w-1/4', 'w-1/2', 'w-3/4', 'w-full'] as const;

/** Five stars filled to `value` (0–5, halves shown as half stars), named for screen readers. */
export function StarRating({ value, className }: { value: number; className?: string }) {
  const { t } = useTranslation('discovery');
  const locale = useLocale();
  const label = t('rating.outOfFive', {
    rating: new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value),
  });
  return (
    <span role="img" aria-label={label} className={cn('inline-flex items-center gap-0.5', className)}>
      {[1, 2, 3, 4, 5].map((position) => {
        const fill = Math.max(0, Math.min(1, value - position + 1));
        return (
          <span key={position} aria-hidden="true" className="relative inline-flex size-4">
            <Star className="size-4 text-neutral-300" fill="currentColor" strokeWidth={0} />
            {fill > 0 ? (
              <span className={cn('absolute inset-y-0 start-0 overflow-hidden', FILL_WIDTHS[Math.round(fill * 4)])}>
                <Star className="size-4 text-accent-400" fill="currentColor" strokeWidth={0} />
              </span>
            ) : null}
          </span>
        );
      })}
    </span>
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
        {new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(rating)}
      </span>
      <StarRating value={rating} />
      <span className="text-neutral-600">{t('rating.reviews', { count: reviewCount })}</span>
    </span>
  );
}
