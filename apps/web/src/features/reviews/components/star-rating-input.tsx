import { Star } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/** 1–5 stars as a radio group: arrow keys move, each star names its value. */
export function StarRatingInput({
  value,
  onChange,
  invalid,
  describedBy,
}: {
  value: number;
  onChange: (value: number) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  const { t } = useTranslation('reservations');
  const name = useId();
  return (
    <fieldset aria-invalid={invalid || undefined} aria-describedby={describedBy}>
      <legend className="mb-2 text-sm font-medium text-neutral-700">{t('rate.stars')}</legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((star) => (
          <label
            key={star}
            className="cursor-pointer rounded-control p-1 has-focus-visible:outline-2 has-focus-visible:outline-brand-500"
          >
            <input
              type="radio"
              name={name}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              className="sr-only"
              aria-label={t('rate.starLabel', { count: star })}
            />
            <Star
              aria-hidden="true"
              className={cn(
                'size-9 transition-colors',
                star <= value ? 'fill-accent-400 text-accent-500' : 'text-neutral-300',
              )}
            />
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A read-only rating: filled stars and the number for screen readers. */
export function StarRating({ value, className }: { value: number; className?: string }) {
  const { t } = useTranslation('reservations');
  return (
    <span
      className={cn('inline-flex items-center gap-0.5', className)}
      role="img"
      aria-label={t('rate.ratingOf', { rating: value })}
    >
      {[1, 2, 3, 4, 5].map((star) => (
        <Star
          key={star}
          aria-hidden="true"
          className={cn('size-4', star <= Math.round(value) ? 'fill-accent-400 text-accent-500' : 'text-neutral-300')}
        />
      ))}
    </span>
  );
}
