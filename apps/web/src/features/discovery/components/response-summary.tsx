import type { GuideResponse } from '@marco/contract/guides';
import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/i18n/use-locale';
import { cn } from '@/lib/cn';
import { numberFormat } from '@/lib/formatting';

/** The median as the largest whole unit that reads naturally: minutes, hours, then days (rounded up). */
function medianDuration(minutes: number, locale: string): string {
  const [value, unit] =
    minutes < 60
      ? [Math.max(1, minutes), 'minute']
      : minutes < 48 * 60
        ? [Math.ceil(minutes / 60), 'hour']
        : [Math.ceil(minutes / (24 * 60)), 'day'];
  // Intl chooses each language's plural form, Arabic's and Russian's included.
  return numberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/**
 * How a guide answers requests (issue 19 item 3): the median time to an answer and the share
 * answered within 24 hours over the last 90 days. Nothing until the server has enough
 * requests to say (`response` null).
 */
export function ResponseSummary({
  response,
  variant,
  className,
}: {
  response: GuideResponse | null | undefined;
  variant: 'card' | 'profile';
  className?: string;
}) {
  const { t } = useTranslation('discovery');
  const locale = useLocale();
  if (!response) return null;
  const rate = numberFormat(locale, { style: 'percent' }).format(response.ratePercent / 100);
  const within =
    response.medianMinutes === null
      ? null
      : t('response.within', { time: medianDuration(response.medianMinutes, locale) });
  if (variant === 'card') {
    return (
      <p data-testid="guide-response" className={cn('flex items-center gap-1.5 text-sm text-neutral-600', className)}>
        <Clock aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
        <span className="truncate">{[within, t('response.rateShort', { rate })].filter(Boolean).join(' · ')}</span>
      </p>
    );
  }
  return (
    <div data-testid="guide-response" className={cn('flex items-start gap-2 text-sm text-neutral-700', className)}>
      <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
      <p className="flex flex-col">
        {within ? <span className="font-semibold text-neutral-900">{within}</span> : null}
        <span>{t('response.rate', { rate })}</span>
      </p>
    </div>
  );
}
