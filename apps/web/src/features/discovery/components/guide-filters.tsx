import type { Language, Place } from '@marco/contract/reference';
import { Star, X } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { PlaceCombobox } from '@/features/home/components/place-combobox';
import { pickLocalizedName } from '@/features/reference/utils/pick-localized-name';
import { useHydrated } from '@/hooks/use-hydrated';
import { useLocale } from '@/i18n/use-locale';
import { cn } from '@/lib/cn';
import { currencyLabel } from '@/lib/currency';
import { toIsoDate } from '@/lib/formatting';
import type { DateRangeProblem, GuideFilters } from '../utils/search-state';
import { RATING_CHOICES } from '../utils/search-state';

type NamedItem = { key: string; name: string; names?: Partial<Record<string, string>> | null };

export interface FilterChoices {
  places: readonly Place[];
  languages: readonly Language[];
  genders: readonly NamedItem[];
  serviceTypes: readonly (NamedItem & { set: string })[];
  serviceKinds: readonly NamedItem[];
}

type GuideFiltersFormProps = {
  filters: GuideFilters;
  onChange: (change: Partial<GuideFilters>) => void;
  choices: FilterChoices;
  currency: 'USD' | 'TRY' | 'EUR';
  dateProblem: DateRangeProblem;
};

/** How many service types show before "show all". */
const FIRST_SERVICE_TYPES = 8;

function Section({ legend, children, className }: { legend: string; children: ReactNode; className?: string }) {
  return (
    <fieldset className={cn('min-w-0 border-t border-neutral-200 pt-4', className)}>
      <legend className="float-start mb-2 w-full text-sm font-semibold text-neutral-900">{legend}</legend>
      <div className="clear-both">{children}</div>
    </fieldset>
  );
}

function CheckboxRow({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="flex min-h-9 cursor-pointer items-center gap-2.5 rounded-control px-1 text-sm text-neutral-700 hover:bg-neutral-50">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4 shrink-0 accent-brand-700"
      />
      <span className="min-w-0">{children}</span>
    </label>
  );
}

/** The location filter: pick a city or country from the suggestions; × clears it. */
function LocationFilter({
  id,
  value,
  places,
  onChange,
}: {
  id: string;
  value: string | null;
  places: readonly Place[];
  onChange: (key: string | null) => void;
}) {
  const { t } = useTranslation('discovery');
  const locale = useLocale();
  const selected = value ? places.find((place) => place.key === value) : undefined;
  const selectedName = selected ? pickLocalizedName(selected, locale) : '';
  const [text, setText] = useState(selectedName);
  // The URL is the source of truth: back, forward and "clear filters" rewrite the field.
  useEffect(() => setText(selectedName), [selectedName]);

  return (
    <div className="relative">
      <PlaceCombobox
        id={id}
        label={t('filters.location')}
        placeholder={t('filters.locationPlaceholder')}
        places={places}
        locale={locale}
        text={text}
        onTextChange={(next) => {
          setText(next);
          if (next.trim() === '' && value) onChange(null);
        }}
        onSelect={(place) => {
          setText(pickLocalizedName(place, locale));
          onChange(place.key);
        }}
      />
      {value ? (
        <button
          type="button"
          onClick={() => {
            setText('');
            onChange(null);
          }}
          aria-label={t('filters.clearLocation')}
          className="absolute end-1.5 bottom-1.5 flex size-9 items-center justify-center rounded-control text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      ) : null}
    </div>
  );
}

/** The maximum price, applied when the visitor presses Enter or leaves the field. */
function PriceFilter({
  id,
  value,
  currency,
  onChange,
}: {
  id: string;
  value: number | null;
  currency: GuideFiltersFormProps['currency'];
  onChange: (value: number | null) => void;
}) {
  const { t } = useTranslation('discovery');
  const [text, setText] = useState(value ? String(value) : '');
  const [invalid, setInvalid] = useState(false);
  useEffect(() => setText(value ? String(value) : ''), [value]);

  const commit = () => {
    const trimmed = text.trim();
    if (trimmed === '') {
      setInvalid(false);
      if (value !== null) onChange(null);
      return;
    }
    if (!/^\d{1,7}$/.test(trimmed) || Number(trimmed) < 1) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    if (Number(trimmed) !== value) onChange(Number(trimmed));
  };

  return (
    <div>
      <Label htmlFor={id}>{t('filters.maxPrice', { currency: currencyLabel(currency) })}</Label>
      <Input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={t('filters.maxPricePlaceholder')}
        value={text}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : `${id}-hint`}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
        }}
      />
      {invalid ? (
        <FieldError id={`${id}-error`}>{t('filters.maxPriceInvalid')}</FieldError>
      ) : (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-neutral-500">
          {t('filters.maxPriceHint')}
        </p>
      )}
    </div>
  );
}

/** Every filter of spec §2; each change goes straight into the URL. */
export function GuideFiltersForm({ filters, onChange, choices, currency, dateProblem }: GuideFiltersFormProps) {
  const { t } = useTranslation('discovery');
  const locale = useLocale();
  const ids = useId();
  const [showAllServices, setShowAllServices] = useState(false);
  // The visitor's own date, known only in their browser: the server (in UTC) renders no
  // lower bound, and hydration matches it, rather than a day that is already past (or not
  // yet begun) where the visitor is.
  const today = useHydrated() ? toIsoDate(new Date()) : undefined;

  const languages = useMemo(
    () =>
      choices.languages
        .map((language) => ({ code: language.code, label: pickLocalizedName(language, locale) }))
        .sort((a, b) => a.label.localeCompare(b.label, locale)),
    [choices.languages, locale],
  );
  const serviceTypes = useMemo(
    () => choices.serviceTypes.filter((type) => type.set === 'primary'),
    [choices.serviceTypes],
  );
  const shownServiceTypes =
    showAllServices || serviceTypes.length <= FIRST_SERVICE_TYPES
      ? serviceTypes
      : // Chosen types stay visible when the list is folded.
        serviceTypes.filter((type, index) => index < FIRST_SERVICE_TYPES || filters.serviceTypes.includes(type.key));
  const toggle = (list: string[], value: string, on: boolean) =>
    on ? [...new Set([...list, value])] : list.filter((item) => item !== value);
  const nameOf = (item: NamedItem) => item.names?.[locale] || item.name;

  const onSubmit = (event: FormEvent) => event.preventDefault();

  return (
    <form onSubmit={onSubmit} aria-label={t('filters.title')} className="flex flex-col gap-4" noValidate>
      <LocationFilter
        id={`${ids}-location`}
        value={filters.location}
        places={choices.places}
        onChange={(location) => onChange({ location })}
      />

      <Section legend={t('filters.dates')}>
        <div className="grid grid-cols-2 gap-3 md:grid-cols-1">
          <div>
            <Label htmlFor={`${ids}-from`}>{t('filters.from')}</Label>
            <Input
              id={`${ids}-from`}
              type="date"
              min={today}
              value={filters.from ?? ''}
              onChange={(event) => onChange({ from: event.target.value || null })}
              aria-describedby={dateProblem ? `${ids}-dates-problem` : undefined}
            />
          </div>
          <div>
            <Label htmlFor={`${ids}-to`}>{t('filters.to')}</Label>
            <Input
              id={`${ids}-to`}
              type="date"
              min={filters.from ?? today}
              value={filters.to ?? ''}
              onChange={(event) => onChange({ to: event.target.value || null })}
              aria-invalid={dateProblem === 'reversed' || undefined}
              aria-describedby={dateProblem ? `${ids}-dates-problem` : undefined}
            />
          </div>
        </div>
        {dateProblem ? (
          <FieldError id={`${ids}-dates-problem`}>
            {dateProblem === 'reversed' ? t('filters.datesReversed') : t('filters.datesTooLong')}
          </FieldError>
        ) : null}
      </Section>

      <Section legend={t('filters.languages')}>
        <div className="grid grid-cols-2 gap-x-2 md:grid-cols-1 lg:grid-cols-2">
          {languages.map((language) => (
            <CheckboxRow
              key={language.code}
              checked={filters.languages.includes(language.code)}
              onChange={(on) => onChange({ languages: toggle(filters.languages, language.code, on) })}
            >
              {language.label}
            </CheckboxRow>
          ))}
        </div>
      </Section>

      <Section legend={t('filters.price')}>
        <PriceFilter
          id={`${ids}-price`}
          value={filters.maxPrice}
          currency={currency}
          onChange={(maxPrice) => onChange({ maxPrice })}
        />
      </Section>

      <Section legend={t('filters.rating')}>
        <div className="flex flex-col gap-0.5">
          {[null, ...RATING_CHOICES].map((stars) => (
            <label
              key={stars ?? 'any'}
              className="flex min-h-9 cursor-pointer items-center gap-2.5 rounded-control px-1 text-sm text-neutral-700 hover:bg-neutral-50"
            >
              <input
                type="radio"
                name={`${ids}-rating`}
                checked={filters.minRating === stars}
                onChange={() => onChange({ minRating: stars })}
                className="size-4 shrink-0 accent-brand-700"
              />
              {stars === null ? (
                t('filters.anyRating')
              ) : (
                <span className="inline-flex items-center gap-1.5">
                  <span aria-hidden="true" className="inline-flex">
                    {[1, 2, 3, 4, 5].map((position) => (
                      <Star
                        key={position}
                        className={cn('size-4', position <= stars ? 'text-accent-400' : 'text-neutral-300')}
                        fill="currentColor"
                        strokeWidth={0}
                      />
                    ))}
                  </span>
                  {t('filters.starsAndUp', { count: stars })}
                </span>
              )}
            </label>
          ))}
        </div>
      </Section>

      <Section legend={t('filters.gender')}>
        <Label htmlFor={`${ids}-gender`} className="sr-only">
          {t('filters.gender')}
        </Label>
        <Select
          id={`${ids}-gender`}
          value={filters.gender ?? ''}
          onChange={(event) => onChange({ gender: event.target.value || null })}
        >
          <option value="">{t('filters.anyGender')}</option>
          {choices.genders.map((gender) => (
            <option key={gender.key} value={gender.key}>
              {nameOf(gender)}
            </option>
          ))}
        </Select>
      </Section>

      <Section legend={t('filters.serviceTypes')}>
        <div className="flex flex-col">
          {shownServiceTypes.map((type) => (
            <CheckboxRow
              key={type.key}
              checked={filters.serviceTypes.includes(type.key)}
              onChange={(on) => onChange({ serviceTypes: toggle(filters.serviceTypes, type.key, on) })}
            >
              {nameOf(type)}
            </CheckboxRow>
          ))}
        </div>
        {serviceTypes.length > FIRST_SERVICE_TYPES ? (
          <Button
            variant="link"
            size="sm"
            className="mt-1"
            aria-expanded={showAllServices}
            onClick={() => setShowAllServices((shown) => !shown)}
          >
            {showAllServices
              ? t('filters.fewerServiceTypes')
              : t('filters.allServiceTypes', { total: serviceTypes.length })}
          </Button>
        ) : null}
      </Section>

      <details open={Boolean(filters.serviceKind) || undefined} className="group border-t border-neutral-200 pt-4">
        <summary className="cursor-pointer text-sm font-semibold text-neutral-900">{t('filters.advanced')}</summary>
        <fieldset className="mt-3">
          <legend className="mb-2 text-sm font-medium text-neutral-700">{t('filters.serviceKind')}</legend>
          {[null, ...choices.serviceKinds.map((kind) => kind.key)].map((key) => {
            const kind = choices.serviceKinds.find((item) => item.key === key);
            return (
              <label
                key={key ?? 'any'}
                className="flex min-h-9 cursor-pointer items-center gap-2.5 rounded-control px-1 text-sm text-neutral-700 hover:bg-neutral-50"
              >
                <input
                  type="radio"
                  name={`${ids}-kind`}
                  checked={filters.serviceKind === key}
                  onChange={() => onChange({ serviceKind: key })}
                  className="size-4 shrink-0 accent-brand-700"
                />
                {kind ? nameOf(kind) : t('filters.anyServiceKind')}
              </label>
            );
          })}
        </fieldset>
      </details>
    </form>
  );
}
