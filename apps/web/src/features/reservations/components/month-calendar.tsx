import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useLocale } from '@/i18n/use-locale';
import { cn } from '@/lib/cn';
import { formatDay } from '../utils/format';

const isoWeekday = (date: string) => {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
};

function monthDays(month: string): string[] {
  const days: string[] = [];
  const cursor = new Date(`${month}-01T00:00:00Z`);
  while (cursor.toISOString().startsWith(month)) {
    days.push(cursor.toISOString().slice(0, 10));
    cursor.setUTCDate(cursor.getUTCDate() + 1);
  }
  return days;
}

function shiftMonth(month: string, delta: number): string {
  const [year, index] = month.split('-').map(Number);
  return new Date(Date.UTC(year ?? 2000, (index ?? 1) - 1 + delta, 1)).toISOString().slice(0, 7);
}

function weekdayName(isoDay: number, locale: string, width: 'short' | 'narrow'): string {
  // 2024-01-01 was a Monday.
  return new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, isoDay)),
  );
}

type MonthCalendarProps = {
  /** First and last month shown (YYYY-MM). */
  firstMonth: string;
  lastMonth: string;
  isEnabled: (date: string) => boolean;
  selected: readonly string[];
  onToggle: (date: string) => void;
};

/** A month grid where only enabled (free) dates can be picked; several dates may be selected. */
export function MonthCalendar({ firstMonth, lastMonth, isEnabled, selected, onToggle }: MonthCalendarProps) {
  const { t } = useTranslation('reservations');
  const locale = useLocale();
  const id = useId();
  const [month, setMonth] = useState(() => {
    const firstSelected = selected[0]?.slice(0, 7);
    return firstSelected && firstSelected >= firstMonth && firstSelected <= lastMonth ? firstSelected : firstMonth;
  });
  const days = monthDays(month);
  const leading = isoWeekday(days[0] ?? `${month}-01`) - 1;
  const digits = new Intl.NumberFormat(locale);
  const monthLabel = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

  return (
    <div className="mx-auto w-full max-w-sm">
      <div className="mb-3 flex items-center justify-between gap-2">
        <Button
          variant="ghost"
          size="icon"
          className="size-9"
          aria-label={t('wizard.date.previousMonth')}
          disabled={month <= firstMonth}
          onClick={() => setMonth(shiftMonth(month, -1))}
        >
          <ChevronLeft aria-hidden="true" className="rtl:rotate-180" />
        </Button>
        <h3 id={`${id}-month`} className="font-semibold text-neutral-900" aria-live="polite">
          {monthLabel}
        </h3>
        <Button
          variant="ghost"
          size="icon"
          className="size-9"
          aria-label={t('wizard.date.nextMonth')}
          disabled={month >= lastMonth}
          onClick={() => setMonth(shiftMonth(month, 1))}
        >
          <ChevronRight aria-hidden="true" className="rtl:rotate-180" />
        </Button>
      </div>
      {/* Each day button names its full date, so the weekday headings are only visual. */}
      <fieldset aria-labelledby={`${id}-month`} className="grid min-w-0 grid-cols-7 gap-1 text-center">
        {[1, 2, 3, 4, 5, 6, 7].map((weekday) => (
          <div key={weekday} aria-hidden="true" className="py-1 text-xs font-semibold text-neutral-500">
            {/* Short names do not fit seven columns on a phone in every language (Arabic). */}
            <span className="max-sm:hidden">{weekdayName(weekday, locale, 'short')}</span>
            <span className="sm:hidden">{weekdayName(weekday, locale, 'narrow')}</span>
          </div>
        ))}
        {Array.from({ length: leading }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: empty cells before the first day.
          <div key={`empty-${index}`} />
        ))}
        {days.map((date) => {
          const enabled = isEnabled(date);
          const isSelected = selected.includes(date);
          return (
            <button
              key={date}
              type="button"
              data-date={date}
              disabled={!enabled}
              aria-pressed={isSelected}
              aria-label={`${formatDay(date, locale, 'full')}${enabled ? `, ${t('wizard.date.free')}` : ''}`}
              onClick={() => onToggle(date)}
              className={cn(
                'flex aspect-square w-full items-center justify-center rounded-control text-sm tabular-nums transition-colors',
                'disabled:cursor-not-allowed disabled:text-neutral-300',
                enabled && !isSelected && 'bg-success-50 font-semibold text-success-800 hover:bg-success-100',
                isSelected && 'bg-brand-600 font-semibold text-white hover:bg-brand-700',
              )}
            >
              {digits.format(Number(date.slice(8, 10)))}
            </button>
          );
        })}
      </fieldset>
    </div>
  );
}
