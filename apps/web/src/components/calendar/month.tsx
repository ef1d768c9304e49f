import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { dateTimeFormat } from '@/lib/formatting';

/** ISO weekday 1 (Monday) … 7 (Sunday) of a YYYY-MM-DD date. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** Every date (YYYY-MM-DD) of a month (YYYY-MM). */
export function monthDays(month: string): string[] {
  const days: string[] = [];
  const cursor = new Date(`${month}-01T00:00:00Z`);
  while (cursor.toISOString().startsWith(month)) {
    days.push(cursor.toISOString().slice(0, 10));
    cursor.setUTCDate(cursor.getUTCDate() + 1);
  }
  return days;
}

/** The month `delta` months after `month` (YYYY-MM). */
export function shiftMonth(month: string, delta: number): string {
  const [year, index] = month.split('-').map(Number);
  return new Date(Date.UTC(year ?? 2000, (index ?? 1) - 1 + delta, 1)).toISOString().slice(0, 7);
}

type MonthHeaderProps = {
  /** The heading's id: the day grid is labelled by it. */
  id: string;
  month: string;
  locale: string;
  previousLabel: string;
  nextLabel: string;
  canGoBack: boolean;
  canGoForward: boolean;
  onChange: (month: string) => void;
};

/** "November 2026" between the previous and next month buttons (mirrored right to left). */
export function MonthHeader({
  id,
  month,
  locale,
  previousLabel,
  nextLabel,
  canGoBack,
  canGoForward,
  onChange,
}: MonthHeaderProps) {
  const label = dateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
  return (
    <div className="mb-3 flex items-center justify-between gap-2">
      <Button
        variant="ghost"
        size="icon"
        className="size-9"
        aria-label={previousLabel}
        disabled={!canGoBack}
        onClick={() => onChange(shiftMonth(month, -1))}
      >
        <ChevronLeft aria-hidden="true" className="rtl:rotate-180" />
      </Button>
      <h3 id={id} className="font-semibold text-neutral-900" aria-live="polite">
        {label}
      </h3>
      <Button
        variant="ghost"
        size="icon"
        className="size-9"
        aria-label={nextLabel}
        disabled={!canGoForward}
        onClick={() => onChange(shiftMonth(month, 1))}
      >
        <ChevronRight aria-hidden="true" className="rtl:rotate-180" />
      </Button>
    </div>
  );
}

const weekdayName = (isoDay: number, locale: string, width: 'short' | 'narrow') =>
  // 2024-01-01 was a Monday.
  dateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, isoDay)));

/**
 * The seven weekday headings of a month grid, Monday first, then empty cells up to the first
 * day. Only visual: each day button names its full date.
 */
export function WeekdayHeadings({ locale, firstDay }: { locale: string; firstDay: string }) {
  return (
    <>
      {[1, 2, 3, 4, 5, 6, 7].map((weekday) => (
        <div key={weekday} aria-hidden="true" className="py-1 text-xs font-semibold text-neutral-500">
          {/* Short names do not fit seven columns on a phone in every language (Arabic). */}
          <span className="max-sm:hidden">{weekdayName(weekday, locale, 'short')}</span>
          <span className="sm:hidden">{weekdayName(weekday, locale, 'narrow')}</span>
        </div>
      ))}
      {Array.from({ length: isoWeekday(firstDay) - 1 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: empty cells before the first day.
        <div key={`empty-${index}`} />
      ))}
    </>
  );
}
