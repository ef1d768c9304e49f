import { CalendarCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isoWeekday, monthDays } from '@/components/calendar/month';
import { Skeleton } from '@/components/ui/skeleton';
import { useLocale } from '@/i18n/use-locale';
import { cn } from '@/lib/cn';
import { dateTimeFormat, numberFormat } from '@/lib/formatting';
import { timeZoneName } from '@/lib/time-zone-name';
import { AVAILABLE_DAYS_AHEAD, dateInZone, useAvailableDays } from '../api/get-available-days';
import { ErrorState } from './states';

const DAY_MS = 86_400_000;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The months (YYYY-MM) between two dates, inclusive. */
export function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  for (let month = first.slice(0, 7); month <= last.slice(0, 7); ) {
    months.push(month);
    const [year, index] = month.split('-').map(Number);
    month = new Date(Date.UTC(year ?? 2000, index ?? 1, 1)).toISOString().slice(0, 7);
  }
  return months;
}

function Month({
  month,
  first,
  last,
  hoursByDay,
}: {
  month: string;
  first: string;
  last: string;
  hoursByDay: Map<string, number>;
}) {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  const start = `${month}-01`;
  const days = monthDays(month);
  const heading = dateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${start}T00:00:00Z`),
  );
  const dayNumber = numberFormat(locale);
  const fullDate = dateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' });
  const weekday = dateTimeFormat(locale, { weekday: 'narrow', timeZone: 'UTC' });

  return (
    <div>
      <h4 className="mb-2 text-sm font-semibold text-neutral-900">{heading}</h4>
      <ul aria-label={heading} className="grid grid-cols-7 gap-1 text-center text-sm">
        {[1, 2, 3, 4, 5, 6, 7].map((weekdayIndex) => (
          <li key={weekdayIndex} aria-hidden="true" className="py-1 text-xs font-semibold text-neutral-500">
            {/* 2024-01-01 was a Monday. */}
            {weekday.format(new Date(Date.UTC(2024, 0, weekdayIndex)))}
          </li>
        ))}
        {Array.from({ length: isoWeekday(start) - 1 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: empty cells before the first day.
          <li key={`empty-${index}`} aria-hidden="true" />
        ))}
        {days.map((day) => {
          const inRange = day >= first && day <= last;
          const hours = hoursByDay.get(day) ?? 0;
          const isFree = inRange && hours > 0;
          return (
            <li
              key={day}
              aria-hidden={inRange ? undefined : true}
              data-free={isFree || undefined}
              className={cn(
                'flex aspect-square items-center justify-center rounded-control tabular-nums',
                isFree && 'bg-success-100 font-semibold text-success-800',
                // WCAG 1.4.3: even days that cannot be chosen keep 4.5:1; a busy day is struck through.
                inRange && !isFree && 'text-neutral-600 line-through decoration-neutral-400',
                !inRange && 'text-neutral-500',
              )}
            >
              <span aria-hidden="true">{dayNumber.format(Number(day.slice(8, 10)))}</span>
              {inRange ? (
                <span className="sr-only">
                  {`${fullDate.format(new Date(`${day}T00:00:00Z`))}: ${
                    isFree ? t('availability.freeHours', { count: hours }) : t('availability.notFree')
                  }`}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** Free dates over the next 60 days, in the guide's own calendar (their time zone). */
export function AvailabilityCalendar({ guideId, timezone }: { guideId: string; timezone: string }) {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  const query = useAvailableDays(guideId);
  const first = dateInZone(new Date(), timezone);
  const last = addDays(first, AVAILABLE_DAYS_AHEAD - 1);

  if (query.isPending) {
    return (
      <div aria-busy="true" className="grid gap-6 sm:grid-cols-2">
        <Skeleton className="h-64 w-full" />
        <Skeleton className="hidden h-64 w-full sm:block" />
      </div>
    );
  }
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;

  const freeDays = [...query.data.hoursByDay.entries()].filter(
    ([day, hours]) => hours > 0 && day >= first && day <= last,
  ).length;
  return (
    <div className="flex flex-col gap-4">
      <p className="flex items-center gap-2 text-sm text-neutral-700">
        <CalendarCheck aria-hidden="true" className="size-4 text-success-700" />
        {freeDays > 0
          ? t('availability.summary', { count: freeDays, days: AVAILABLE_DAYS_AHEAD })
          : t('availability.none', { days: AVAILABLE_DAYS_AHEAD })}
      </p>
      <div className="grid gap-6 sm:grid-cols-2">
        {monthsBetween(first, last).map((month) => (
          <Month key={month} month={month} first={first} last={last} hoursByDay={query.data.hoursByDay} />
        ))}
      </div>
      <div className="flex flex-wrap gap-4 text-xs text-neutral-600" aria-hidden="true">
        <span className="inline-flex items-center gap-1.5">
          <span className="size-3 rounded bg-success-100 ring-1 ring-success-200" />
          {t('availability.legendFree')}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="size-3 rounded bg-surface ring-1 ring-neutral-300" />
          {t('availability.legendBusy')}
        </span>
      </div>
      <p className="text-xs text-neutral-500">
        {t('availability.timezone', { timezone: timeZoneName(timezone, locale) })}
      </p>
    </div>
  );
}
