import { CreateFreeDateSchema, type FreeDate } from '@marco/contract/guides';
import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MonthHeader, monthDays, WeekdayHeadings } from '@/components/calendar/month';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { useLocale } from '@/i18n/use-locale';
import { cn } from '@/lib/cn';
import { useCreateFreeDate } from '../api/create-free-date';
import { useDeleteFreeDate } from '../api/delete-free-date';
import { useFeedback } from '../hooks/use-feedback';
import { formatDate, formatHour } from '../utils/format';
import { todayIn } from '../utils/schedule';
import { translateValidation } from '../utils/validation';

const HOURS = Array.from({ length: 25 }, (_, hour) => hour);

/** Free dates on a month calendar: pick a day to add it (whole day or some hours), or remove one. */
export function FreeDatesCalendar({ freeDates, timezone }: { freeDates: FreeDate[]; timezone: string }) {
  const { t } = useTranslation('guides');
  const locale = useLocale();
  const id = useId();
  const feedback = useFeedback();
  const create = useCreateFreeDate();
  const remove = useDeleteFreeDate();
  const today = todayIn(timezone);
  const [month, setMonth] = useState(today.slice(0, 7));
  const [selected, setSelected] = useState<string | null>(null);
  const [wholeDay, setWholeDay] = useState(true);
  const [startHour, setStartHour] = useState(9);
  const [endHour, setEndHour] = useState(17);
  const [error, setError] = useState<string | null>(null);

  const days = monthDays(month);
  const byDate = new Map<string, FreeDate[]>();
  for (const free of freeDates) byDate.set(free.date, [...(byDate.get(free.date) ?? []), free]);
  const selectedFree = selected ? (byDate.get(selected) ?? []) : [];

  const add = () => {
    if (!selected) return;
    const input = wholeDay ? { date: selected } : { date: selected, startHour, endHour };
    const parsed = CreateFreeDateSchema.safeParse(input);
    if (!parsed.success) {
      setError(translateValidation(t, parsed.error.issues[0]?.message));
      return;
    }
    setError(null);
    create.mutate(parsed.data, {
      onSuccess: () => feedback.saved(t('freeDates.added')),
      onError: (cause) => feedback.failed(cause),
    });
  };

  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
      <div>
        <MonthHeader
          id={`${id}-month`}
          month={month}
          locale={locale}
          previousLabel={t('freeDates.previousMonth')}
          nextLabel={t('freeDates.nextMonth')}
          canGoBack={month > today.slice(0, 7)}
          canGoForward
          onChange={setMonth}
        />
        <fieldset aria-labelledby={`${id}-month`} className="grid min-w-0 grid-cols-7 gap-1 text-center">
          <WeekdayHeadings locale={locale} firstDay={days[0] ?? `${month}-01`} />
          {days.map((date) => {
            const isPast = date < today;
            const hasFree = byDate.has(date);
            return (
              <div key={date}>
                <button
                  type="button"
                  disabled={isPast}
                  aria-pressed={selected === date}
                  aria-label={`${formatDate(date, locale, 'full')}${hasFree ? `, ${t('freeDates.isFree')}` : ''}`}
                  onClick={() => {
                    setSelected(date);
                    setError(null);
                  }}
                  className={cn(
                    'flex aspect-square w-full items-center justify-center rounded-control text-sm tabular-nums transition-colors disabled:cursor-not-allowed disabled:text-neutral-300',
                    hasFree ? 'bg-success-100 font-semibold text-success-800' : 'hover:bg-neutral-100',
                    selected === date && 'ring-2 ring-brand-600',
                    date === today && 'font-bold text-brand-800',
                  )}
                >
                  {new Intl.NumberFormat(locale).format(Number(date.slice(8, 10)))}
                </button>
              </div>
            );
          })}
        </fieldset>
      </div>

      <div className="rounded-card border border-neutral-200 bg-neutral-50 p-4">
        {selected ? (
          <div className="flex flex-col gap-4">
            <h4 className="font-semibold text-neutral-900">{formatDate(selected, locale, 'full')}</h4>
            {selectedFree.length > 0 ? (
              <ul className="flex flex-col gap-2">
                {selectedFree.map((free) => (
                  <li
                    key={free.id}
                    className="flex items-center justify-between gap-2 rounded-control bg-surface px-3 py-2"
                  >
                    <span className="text-sm font-medium text-success-800">
                      {free.startHour === 0 && free.endHour === 24
                        ? t('freeDates.wholeDay')
                        : `${formatHour(free.startHour, locale)}–${formatHour(free.endHour, locale)}`}
                    </span>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-9"
                      aria-label={t('freeDates.remove')}
                      loading={remove.isPending && remove.variables === free.id}
                      onClick={() => remove.mutate(free.id, { onError: (cause) => feedback.failed(cause) })}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </li>
                ))}
              </ul>
            ) : null}
            <div className="flex items-center justify-between gap-3">
              <label htmlFor={`${id}-whole`} className="text-sm font-medium text-neutral-700">
                {t('freeDates.wholeDay')}
              </label>
              <Switch id={`${id}-whole`} checked={wholeDay} onChange={(event) => setWholeDay(event.target.checked)} />
            </div>
            {!wholeDay ? (
              <div className="grid grid-cols-2 gap-3">
                <div>
                  <label htmlFor={`${id}-start`} className="mb-1.5 block text-sm font-medium text-neutral-700">
                    {t('schedule.startHour')}
                  </label>
                  <Select
                    id={`${id}-start`}
                    value={startHour}
                    onChange={(event) => setStartHour(Number(event.target.value))}
                  >
                    {HOURS.slice(0, 24).map((hour) => (
                      <option key={hour} value={hour}>
                        {formatHour(hour, locale)}
                      </option>
                    ))}
                  </Select>
                </div>
                <div>
                  <label htmlFor={`${id}-end`} className="mb-1.5 block text-sm font-medium text-neutral-700">
                    {t('schedule.endHour')}
                  </label>
                  <Select id={`${id}-end`} value={endHour} onChange={(event) => setEndHour(Number(event.target.value))}>
                    {HOURS.slice(1).map((hour) => (
                      <option key={hour} value={hour}>
                        {formatHour(hour, locale)}
                      </option>
                    ))}
                  </Select>
                </div>
              </div>
            ) : null}
            {error ? (
              <p role="alert" className="text-sm text-error-700">
                {error}
              </p>
            ) : null}
            <Button onClick={add} loading={create.isPending}>
              {t('freeDates.add')}
            </Button>
          </div>
        ) : (
          <p className="text-sm text-neutral-600">{t('freeDates.pickDay')}</p>
        )}
      </div>
    </div>
  );
}
