import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MonthHeader, monthDays, WeekdayHeadings } from '@/components/calendar/month';
import { useLocale } from '@/i18n/use-locale';
import { cn } from '@/lib/cn';
import { formatDay } from '../utils/format';

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
  const digits = new Intl.NumberFormat(locale);

  return (
    <div className="mx-auto w-full max-w-sm">
      <MonthHeader
        id={`${id}-month`}
        month={month}
        locale={locale}
        previousLabel={t('wizard.date.previousMonth')}
        nextLabel={t('wizard.date.nextMonth')}
        canGoBack={month > firstMonth}
        canGoForward={month < lastMonth}
        onChange={setMonth}
      />
      <fieldset aria-labelledby={`${id}-month`} className="grid min-w-0 grid-cols-7 gap-1 text-center">
        <WeekdayHeadings locale={locale} firstDay={days[0] ?? `${month}-01`} />
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
