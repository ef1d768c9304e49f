import type { GuideDetail, PublicVehicle } from '@marco/contract/guides';
import { RESERVATION_CURRENCIES, RESERVATION_MAX_DAYS, type ReservationCurrency } from '@marco/contract/reservations';
import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { CurrencyToggle } from '@/components/ui/currency-toggle';
import { FieldError, Input, Label } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { useLocale } from '@/i18n/use-locale';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { currencyLabel, formatMoney } from '@/lib/currency';
import { timeZoneName } from '@/lib/time-zone-name';
import { BOOKING_WINDOW_DAYS } from '../api/get-guide-availability';
import { useDescribeError } from '../hooks/use-describe-error';
import { type FreeHoursByDate, possibleEndHours } from '../utils/availability';
import { formatDates, formatDay, formatHour, formatHours } from '../utils/format';
import type { PriceQuote } from '../utils/pricing';
import { MonthCalendar } from './month-calendar';
import { EmptyState } from './states';

export interface ContactValues {
  meetingPoint: string;
  noteToGuide: string;
  additionalNotes: string;
  contactPhone: string;
  contactEmail: string;
}

function StepHeading({ title, text }: { title: string; text?: string }) {
  return (
    <div className="mb-5">
      <h3 className="text-lg font-semibold text-neutral-900">{title}</h3>
      {text ? <p className="mt-1 text-sm text-neutral-600">{text}</p> : null}
    </div>
  );
}

const todayIn = (timezone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );

// -- Step 1 ---------------------------------------------------------------------------------

export function DateStep({
  byDate,
  timezone,
  selected,
  onChange,
}: {
  byDate: FreeHoursByDate;
  timezone: string;
  selected: readonly string[];
  onChange: (dates: string[]) => void;
}) {
  const { t } = useTranslation('reservations');
  const locale = useLocale();
  const freeDates = [...byDate.keys()].sort();
  if (freeDates.length === 0) {
    return (
      <EmptyState
        title={t('wizard.date.noneTitle')}
        text={t('wizard.date.noneText', { days: BOOKING_WINDOW_DAYS })}
        testId="wizard-no-dates"
      />
    );
  }
  const isFull = selected.length >= RESERVATION_MAX_DAYS;
  const toggle = (date: string) =>
    onChange(selected.includes(date) ? selected.filter((item) => item !== date) : [...selected, date].sort());
  return (
    <div>
      <StepHeading
        title={t('wizard.date.title')}
        text={t('wizard.date.text', { zone: timeZoneName(timezone, locale) })}
      />
      <MonthCalendar
        // Opens on the first month with a free day (not an empty month at its end).
        firstMonth={(freeDates[0] ?? todayIn(timezone)).slice(0, 7)}
        lastMonth={(freeDates[freeDates.length - 1] ?? todayIn(timezone)).slice(0, 7)}
        isEnabled={(date) => byDate.has(date) && (!isFull || selected.includes(date))}
        selected={selected}
        onToggle={toggle}
      />
      <div className="mt-5 flex min-h-9 flex-wrap items-center justify-between gap-3 rounded-card bg-neutral-50 px-4 py-2 text-sm">
        <p aria-live="polite" className="text-neutral-700">
          {selected.length === 0
            ? t('wizard.date.noneSelected')
            : t('wizard.date.selected', { count: selected.length, dates: formatDates(selected, locale) })}
        </p>
        {selected.length > 0 ? (
          <Button variant="link" size="sm" className="h-auto p-0" onClick={() => onChange([])}>
            {t('wizard.date.clear')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

// -- Step 2 ---------------------------------------------------------------------------------

function ChoiceChip({
  pressed,
  onClick,
  children,
  testId,
}: {
  pressed: boolean;
  onClick: () => void;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      data-testid={testId}
      onClick={onClick}
      className={cn(
        'min-h-10 rounded-control border px-3 py-2 text-sm font-medium tabular-nums transition-colors',
        pressed
          ? 'border-brand-600 bg-brand-600 text-white'
          : 'border-neutral-300 bg-surface text-neutral-800 hover:border-brand-400 hover:bg-brand-50',
      )}
    >
      {children}
    </button>
  );
}

export function HoursStep({
  guide,
  dates,
  timezone,
  freeHours,
  startHour,
  endHour,
  currency,
  vehicleId,
  quote,
  onHours,
  onCurrency,
  onVehicle,
}: {
  guide: GuideDetail;
  dates: string[];
  timezone: string;
  freeHours: number[];
  startHour: number | null;
  endHour: number | null;
  currency: ReservationCurrency;
  vehicleId: string | null;
  quote: PriceQuote | null;
  onHours: (startHour: number | null, endHour: number | null) => void;
  onCurrency: (currency: ReservationCurrency) => void;
  onVehicle: (vehicleId: string | null) => void;
}) {
  const { t } = useTranslation('reservations');
  const locale = useLocale();
  const id = useId();
  const ends = startHour === null ? [] : possibleEndHours(freeHours, startHour);

  return (
    <div className="flex flex-col gap-6">
      <StepHeading
        title={t('wizard.hours.title')}
        text={t('wizard.hours.text', { dates: formatDates(dates, locale), zone: timeZoneName(timezone, locale) })}
      />
      {freeHours.length === 0 ? (
        <EmptyState title={t('wizard.hours.noneTitle')} text={t('wizard.hours.noneText')} />
      ) : (
        <>
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-neutral-700">{t('wizard.hours.start')}</legend>
            <div className="flex flex-wrap gap-2">
              {freeHours.map((hour) => (
                <ChoiceChip
                  key={hour}
                  testId={`start-${hour}`}
                  pressed={startHour === hour}
                  onClick={() => {
                    const stillValid = endHour !== null && possibleEndHours(freeHours, hour).includes(endHour);
                    onHours(hour, stillValid ? endHour : null);
                  }}
                >
                  {formatHour(hour, locale)}
                </ChoiceChip>
              ))}
            </div>
          </fieldset>
          <fieldset disabled={startHour === null}>
            <legend className="mb-2 text-sm font-medium text-neutral-700">{t('wizard.hours.end')}</legend>
            {startHour === null ? (
              <p className="text-sm text-neutral-500">{t('wizard.hours.pickStartFirst')}</p>
            ) : (
              <div className="flex flex-wrap gap-2">
                {ends.map((hour) => (
                  <ChoiceChip
                    key={hour}
                    testId={`end-${hour}`}
                    pressed={endHour === hour}
                    onClick={() => onHours(startHour, hour)}
                  >
                    {formatHour(hour, locale)}
                  </ChoiceChip>
                ))}
              </div>
            )}
          </fieldset>
        </>
      )}

      <CurrencyToggle
        legend={t('wizard.hours.currency')}
        options={RESERVATION_CURRENCIES}
        value={currency}
        onChange={onCurrency}
      />

      {guide.vehicles.length > 0 ? (
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-neutral-700">{t('wizard.hours.vehicle')}</legend>
          <div className="flex flex-col gap-2">
            <VehicleOption
              name={`${id}-vehicle`}
              checked={vehicleId === null}
              onSelect={() => onVehicle(null)}
              label={t('wizard.hours.noVehicle')}
            />
            {guide.vehicles.map((vehicle) => (
              <VehicleOption
                key={vehicle.id}
                name={`${id}-vehicle`}
                checked={vehicleId === vehicle.id}
                onSelect={() => onVehicle(vehicle.id)}
                label={vehicleLabel(vehicle)}
                hint={t('wizard.hours.vehicleHint', { seats: vehicle.seatCount })}
              />
            ))}
          </div>
        </fieldset>
      ) : null}

      <PriceBreakdown quote={quote} currency={currency} days={dates.length} />
    </div>
  );
}

const vehicleLabel = (vehicle: PublicVehicle) =>
  [vehicle.brand, vehicle.model, vehicle.color].filter(Boolean).join(' ');

function VehicleOption({
  name,
  checked,
  onSelect,
  label,
  hint,
}: {
  name: string;
  checked: boolean;
  onSelect: () => void;
  label: string;
  hint?: string;
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-center gap-3 rounded-control border p-3 text-sm',
        checked ? 'border-brand-600 bg-brand-50' : 'border-neutral-200 hover:border-neutral-300',
      )}
    >
      <input type="radio" name={name} checked={checked} onChange={onSelect} className="size-4 accent-brand-600" />
      <span className="flex-1">
        <span className="font-medium text-neutral-900">{label}</span>
        {hint ? <span className="block text-neutral-600">{hint}</span> : null}
      </span>
    </label>
  );
}

/** The live total: hours × (rate + vehicle rate), in the reservation currency. */
export function PriceBreakdown({
  quote,
  currency,
  days,
}: {
  quote: PriceQuote | null;
  currency: ReservationCurrency;
  days: number;
}) {
  const { t } = useTranslation('reservations');
  const locale = useLocale();
  const money = (minor: number) => formatMoney(minor, currency, locale);
  if (!quote) {
    return (
      <div className="rounded-card border border-neutral-200 p-4" aria-busy="true">
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="mt-3 h-7 w-1/3" />
      </div>
    );
  }
  return (
    <div className="rounded-card border border-neutral-200 bg-neutral-50 p-4 text-sm">
      <dl className="flex flex-col gap-1.5">
        <div className="flex justify-between gap-4">
          <dt className="text-neutral-600">{t('price.rate')}</dt>
          <dd className="tabular-nums text-neutral-900">
            {t('price.perHour', { amount: money(quote.hourlyRateMinor) })}
          </dd>
        </div>
        {quote.vehicleHourlyRateMinor > 0 ? (
          <div className="flex justify-between gap-4">
            <dt className="text-neutral-600">{t('price.vehicle')}</dt>
            <dd className="tabular-nums text-neutral-900">
              {t('price.perHour', { amount: money(quote.vehicleHourlyRateMinor) })}
            </dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4">
          <dt className="text-neutral-600">{t('price.hours')}</dt>
          <dd className="tabular-nums text-neutral-900">
            {days > 1
              ? t('price.hoursOverDays', { count: quote.totalHours, days })
              : t('price.hoursCount', { count: quote.totalHours })}
          </dd>
        </div>
        <div className="mt-2 flex items-baseline justify-between gap-4 border-t border-neutral-200 pt-2">
          <dt className="font-semibold text-neutral-900">{t('price.total')}</dt>
          <dd aria-live="polite" data-testid="wizard-total" className="text-lg font-bold tabular-nums text-neutral-900">
            <bdi>{money(quote.totalMinor)}</bdi>
          </dd>
        </div>
      </dl>
    </div>
  );
}

// -- Step 3 ---------------------------------------------------------------------------------

export function ContactStep({
  values,
  errors,
  onChange,
}: {
  values: ContactValues;
  errors: Partial<Record<keyof ContactValues, string>>;
  onChange: (patch: Partial<ContactValues>) => void;
}) {
  const { t } = useTranslation('reservations');
  const id = useId();
  const field = (
    name: keyof ContactValues,
    control: (props: {
      id: string;
      value: string;
      'aria-invalid': boolean;
      'aria-describedby'?: string;
      onChange: (event: { target: { value: string } }) => void;
    }) => ReactNode,
    options: { optional?: boolean; hint?: string } = {},
  ) => {
    const error = errors[name];
    const describedBy = [error ? `${id}-${name}-error` : null, options.hint ? `${id}-${name}-hint` : null]
      .filter(Boolean)
      .join(' ');
    return (
      <div>
        <Label htmlFor={`${id}-${name}`}>
          {t(`wizard.contact.${name}`)}
          {options.optional ? (
            <span className="ms-1 font-normal text-neutral-500">({t('wizard.optional')})</span>
          ) : null}
        </Label>
        {control({
          id: `${id}-${name}`,
          value: values[name],
          'aria-invalid': Boolean(error),
          'aria-describedby': describedBy || undefined,
          onChange: (event) => onChange({ [name]: event.target.value }),
        })}
        {options.hint ? (
          <p id={`${id}-${name}-hint`} className="mt-1.5 text-xs text-neutral-500">
            {options.hint}
          </p>
        ) : null}
        {error ? <FieldError id={`${id}-${name}-error`}>{error}</FieldError> : null}
      </div>
    );
  };

  return (
    <div className="flex flex-col gap-5">
      <StepHeading title={t('wizard.contact.title')} text={t('wizard.contact.text')} />
      {field(
        'meetingPoint',
        (props) => (
          <Input {...props} maxLength={500} autoComplete="off" />
        ),
        {
          hint: t('wizard.contact.meetingPointHint'),
        },
      )}
      {field(
        'noteToGuide',
        (props) => (
          <Textarea {...props} rows={3} maxLength={2000} />
        ),
        { optional: true },
      )}
      {field(
        'additionalNotes',
        (props) => (
          <Textarea {...props} rows={3} maxLength={2000} />
        ),
        { optional: true },
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        {field('contactPhone', (props) => (
          <Input {...props} type="tel" dir="ltr" autoComplete="tel" />
        ))}
        {field('contactEmail', (props) => (
          <Input {...props} type="email" dir="ltr" autoComplete="email" />
        ))}
      </div>
    </div>
  );
}

// -- Step 4 ---------------------------------------------------------------------------------

function SummaryRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 py-2.5 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm text-neutral-600">{label}</dt>
      <dd className="text-sm font-medium break-words text-neutral-900">{children}</dd>
    </div>
  );
}

export function ReviewStep({
  guide,
  timezone,
  dates,
  startHour,
  endHour,
  currency,
  vehicle,
  contact,
  quote,
  error,
  onChangeHours,
}: {
  guide: GuideDetail;
  timezone: string;
  dates: string[];
  startHour: number;
  endHour: number;
  currency: ReservationCurrency;
  vehicle: PublicVehicle | null;
  contact: ContactValues;
  quote: PriceQuote | null;
  error: unknown;
  onChangeHours: () => void;
}) {
  const { t } = useTranslation('reservations');
  const describe = useDescribeError();
  const locale = useLocale();
  const name = [guide.name, guide.surname].filter(Boolean).join(' ');
  const failure = error ? describe(error) : null;
  const isSlotTaken = isApiError(error) && error.code === 'SLOT_TAKEN';
  return (
    <div className="flex flex-col gap-5">
      <StepHeading title={t('wizard.review.title')} text={t('wizard.review.text')} />
      <dl className="divide-y divide-neutral-100 rounded-card border border-neutral-200 px-4">
        <SummaryRow label={t('details.guide')}>{name}</SummaryRow>
        <SummaryRow label={t('details.city')}>{guide.city?.name}</SummaryRow>
        <SummaryRow label={t('details.dates')}>
          {dates.length > 1 ? (
            <ul className="flex flex-col gap-0.5">
              {dates.map((date) => (
                <li key={date}>{formatDay(date, locale, 'full')}</li>
              ))}
            </ul>
          ) : (
            formatDay(dates[0] ?? '', locale, 'full')
          )}
        </SummaryRow>
        <SummaryRow label={t('details.hours')}>
          {t('details.hoursInZone', {
            hours: formatHours(startHour, endHour, locale),
            zone: timeZoneName(timezone, locale),
          })}
        </SummaryRow>
        {vehicle ? <SummaryRow label={t('details.vehicle')}>{vehicleLabel(vehicle)}</SummaryRow> : null}
        <SummaryRow label={t('details.meetingPoint')}>
          <span dir="auto">{contact.meetingPoint}</span>
        </SummaryRow>
        {contact.noteToGuide.trim() ? (
          <SummaryRow label={t('details.noteToGuide')}>
            <span dir="auto" className="whitespace-pre-line">
              {contact.noteToGuide}
            </span>
          </SummaryRow>
        ) : null}
        {contact.additionalNotes.trim() ? (
          <SummaryRow label={t('details.additionalNotes')}>
            <span dir="auto" className="whitespace-pre-line">
              {contact.additionalNotes}
            </span>
          </SummaryRow>
        ) : null}
        <SummaryRow label={t('details.contact')}>
          <span dir="ltr">{contact.contactPhone}</span>
          <br />
          <span dir="ltr">{contact.contactEmail}</span>
        </SummaryRow>
      </dl>
      <PriceBreakdown quote={quote} currency={currency} days={dates.length} />
      <p className="flex items-start gap-2 text-sm text-neutral-600">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-info-600" />
        {t('wizard.review.policy')}
      </p>
      {failure ? (
        <div role="alert" className="flex items-start gap-3 rounded-card border border-error-200 bg-error-50 p-4">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-error-600" />
          <div className="text-sm text-error-800">
            <p className="font-semibold">{isSlotTaken ? t('wizard.review.slotTaken') : failure.title}</p>
            <p className="mt-1">{isSlotTaken ? t('wizard.review.slotTakenText') : failure.description}</p>
            {isSlotTaken ? (
              <Button variant="outline" size="sm" className="mt-3" onClick={onChangeHours}>
                {t('wizard.review.changeHours')}
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}
      <p className="text-xs text-neutral-500">
        {t('wizard.review.currencyNote', { currency: currencyLabel(currency) })}
      </p>
    </div>
  );
}

// -- Confirmation ---------------------------------------------------------------------------

export function WizardConfirmation({
  reservationId,
  guideName,
  onNew,
}: {
  reservationId: string;
  guideName: string;
  onNew: () => void;
}) {
  const { t } = useTranslation('reservations');
  return (
    <div className="flex flex-col items-center py-4 text-center" data-testid="reservation-sent">
      <CircleCheck aria-hidden="true" className="size-14 text-success-600" />
      <h3 className="mt-4 text-xl font-bold text-neutral-900">{t('wizard.done.title')}</h3>
      <p className="mt-2 max-w-md text-neutral-600">{t('wizard.done.text', { name: guideName })}</p>
      <div className="mt-6 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <ButtonLink to={`/reservations/${reservationId}`}>{t('wizard.done.viewRequest')}</ButtonLink>
        <ButtonLink to="/reservations" variant="outline">
          {t('wizard.done.myRequests')}
        </ButtonLink>
        <Button variant="ghost" onClick={onNew}>
          {t('wizard.done.newReservation')}
        </Button>
      </div>
    </div>
  );
}
