import { CalendarDays, Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/i18n/use-locale';
import { cn } from '@/lib/cn';
import { dateTimeFormat } from '@/lib/formatting';

export function formatArticleDate(date: string, locale: string): string {
  return dateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/** Publication date and reading time of an article. */
export function ArticleMeta({ date, minutes, className }: { date: string; minutes: number; className?: string }) {
  const { t } = useTranslation('blog');
  const locale = useLocale();
  return (
    <p className={cn('flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-neutral-500', className)}>
      <span className="inline-flex items-center gap-1.5">
        <CalendarDays aria-hidden="true" className="size-4" />
        <time dateTime={date}>{formatArticleDate(date, locale)}</time>
      </span>
      <span className="inline-flex items-center gap-1.5">
        <Clock aria-hidden="true" className="size-4" />
        {t('readingTime', { count: minutes })}
      </span>
    </p>
  );
}
