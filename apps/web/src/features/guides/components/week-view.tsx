import type { WorkPlanInput, WorkPlanType } from '@marco/contract/guides';
import { ChevronLeft, ChevronRight, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useLocale } from '@/i18n/use-locale';
import { cn } from '@/lib/cn';
import { formatDate, formatHour } from '../utils/format';
import { addDays, isoWeekday, isPlanOn, startOfWeek, todayIn } from '../utils/schedule';

const PLAN_COLORS: Record<WorkPlanType | 'free', string> = {
  daily: 'border-brand-200 bg-brand-50 text-brand-800',
  weekly: 'border-info-200 bg-info-50 text-info-800',
  monthly: 'border-accent-200 bg-accent-50 text-accent-800',
  special: 'border-warning-200 bg-warning-50 text-warning-800',
  free: 'border-success-200 bg-success-50 text-success-800',
};

type FreeDateLike = { date: string; startHour: number; endHour: number };

type WeekViewProps = {
  plans: WorkPlanInput[];
  freeDates?: FreeDateLike[];
  timezone: string;
  /** Adds a weekly plan on that ISO weekday. */
  onAddHours?: (weekday: number) => void;
};

/** One week of the schedule: each day's working hours by plan type, free dates included. */
export function WeekView({ plans, freeDates = [], timezone, onAddHours }: WeekViewProps) {
  const { t } = useTranslation('guides');
  const locale = useLocale();
  const headingId = useId();
  const [monday, setMonday] = useState(() => startOfWeek(todayIn(timezone)));
  const days = Array.from({ length: 7 }, (_, index) => addDays(monday, index));
  const today = todayIn(timezone);
  const dayLabel = (date: string) =>
    new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${date}T00:00:00Z`),
    );

  return (
    <section aria-labelledby={headingId} className="rounded-card border border-neutral-200 bg-neutral-50 p-4">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold text-neutral-900">
          {t('weekView.title', {
            from: formatDate(days[0] ?? monday, locale),
            to: formatDate(days[6] ?? monday, locale),
          })}
        </h3>
        <div className="flex items-center gap-1">
          <Button
            variant="ghost"
            size="icon"
            className="size-9"
            aria-label={t('weekView.previous')}
            onClick={() => setMonday(addDays(monday, -7))}
          >
            <ChevronLeft aria-hidden="true" className="rtl:rotate-180" />
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setMonday(startOfWeek(today))}>
            {t('weekView.thisWeek')}
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-9"
            aria-label={t('weekView.next')}
            onClick={() => setMonday(addDays(monday, 7))}
          >
            <ChevronRight aria-hidden="true" className="rtl:rotate-180" />
          </Button>
        </div>
      </div>
      <ol className="grid gap-2 md:grid-cols-7">
        {days.map((date) => {
          const ranges = [
            ...plans
              .filter((plan) => isPlanOn(plan, date))
              .map((plan) => ({ kind: plan.planType, startHour: plan.startHour, endHour: plan.endHour })),
            ...freeDates
              .filter((free) => free.date === date)
              .map((free) => ({ kind: 'free' as const, startHour: free.startHour, endHour: free.endHour })),
          ].sort((a, b) => a.startHour - b.startHour);
          return (
            <li
              key={date}
              className={cn(
                'flex items-center gap-2 rounded-control border bg-surface p-2 md:min-h-24 md:flex-col md:items-stretch md:gap-1.5',
                date === today ? 'border-brand-500' : 'border-neutral-200',
              )}
            >
              <p className="w-20 shrink-0 text-xs font-semibold text-neutral-700 md:w-auto">{dayLabel(date)}</p>
              <div className="flex min-w-0 flex-1 flex-wrap gap-1 md:flex-none md:flex-col">
                {ranges.length === 0 ? (
                  <p className="whitespace-nowrap text-xs text-neutral-500">{t('weekView.off')}</p>
                ) : (
                  ranges.map((range, index) => (
                    <p
                      // biome-ignore lint/suspicious/noArrayIndexKey: ranges have no identity of their own.
                      key={index}
                      className={cn(
                        'whitespace-nowrap rounded border px-1.5 py-0.5 text-xs font-medium tabular-nums',
                        PLAN_COLORS[range.kind],
                      )}
                    >
                      <span className="sr-only">
                        {t(range.kind === 'free' ? 'weekView.free' : `schedule.types.${range.kind}`)}:{' '}
                      </span>
                      <bdi>
                        {formatHour(range.startHour, locale)}–{formatHour(range.endHour, locale)}
                      </bdi>
                    </p>
                  ))
                )}
              </div>
              {onAddHours ? (
                <button
                  type="button"
                  onClick={() => onAddHours(isoWeekday(date))}
                  className="inline-flex shrink-0 items-center gap-1 rounded px-1 py-0.5 text-xs font-medium text-brand-700 hover:bg-brand-50 md:mt-auto md:self-start"
                  aria-label={t('weekView.addHoursOn', {
                    day: new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(
                      new Date(`${date}T00:00:00Z`),
                    ),
                  })}
                >
                  <Plus aria-hidden="true" className="size-3.5" />
                  {t('weekView.addHours')}
                </button>
              ) : null}
            </li>
          );
        })}
      </ol>
      <ul className="mt-3 flex flex-wrap gap-3 text-xs text-neutral-600" aria-label={t('weekView.legend')}>
        {(['daily', 'weekly', 'monthly', 'special', 'free'] as const).map((kind) => (
          <li key={kind} className="flex items-center gap-1.5">
            <span aria-hidden="true" className={cn('size-3 rounded border', PLAN_COLORS[kind])} />
            {kind === 'free' ? t('weekView.free') : t(`schedule.types.${kind}`)}
          </li>
        ))}
      </ul>
    </section>
  );
}
