import { ChevronDown } from 'lucide-react';
import { type Ref, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { controlClasses, Input } from '@/components/ui/input';
import { useLocale } from '@/i18n/use-locale';
import { cn } from '@/lib/cn';
import { COUNTRY_CALLING_CODES, composePhoneNumber, defaultRegionFor, splitPhoneNumber } from '../utils/phone-number';

type PhoneInputProps = {
  id: string;
  /** The whole number, `+905551234567`, or '' (what the form holds and sends). */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  invalid?: boolean;
  'aria-describedby'?: string;
  autoFocus?: boolean;
  disabled?: boolean;
};

const browserLanguages = () => (typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? [])]);

/**
 * A country-code select (default from the locale: tr → +90) and the number. The form gets
 * one international number without whitespace (spec §5); a number typed with + is kept.
 * Numbers read left to right, in Arabic too.
 */
export function PhoneInput({
  id,
  value,
  onChange,
  onBlur,
  name,
  inputRef,
  invalid,
  autoFocus,
  disabled,
  ...aria
}: PhoneInputProps) {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const preferredRegion = useMemo(() => defaultRegionFor(locale, browserLanguages()), [locale]);
  const [parts, setParts] = useState(() => splitPhoneNumber(value, preferredRegion));
  const lastEmitted = useRef(value);

  // Follow changes made outside (a reset, a number handed over from another page).
  useEffect(() => {
    if (value === lastEmitted.current) return;
    lastEmitted.current = value;
    setParts(splitPhoneNumber(value, preferredRegion));
  }, [value, preferredRegion]);

  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    const collator = new Intl.Collator(locale);
    return COUNTRY_CALLING_CODES.map((country) => ({
      ...country,
      name: names.of(country.region) ?? country.region,
    })).sort((a, b) => collator.compare(a.name, b.name));
  }, [locale]);
  const dial = countries.find((country) => country.region === parts.region)?.dial ?? '';

  const update = (next: { region: string; national: string }) => {
    setParts(next);
    const composed = composePhoneNumber(next.region, next.national);
    lastEmitted.current = composed;
    onChange(composed);
  };

  return (
    <div dir="ltr" className="flex gap-2">
      <div className="relative w-28 shrink-0">
        <select
          aria-label={t('fields.countryCode')}
          value={parts.region}
          disabled={disabled}
          onChange={(event) => update({ ...parts, region: event.target.value })}
          className="peer absolute inset-0 z-10 size-full cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed"
        >
          {countries.map((country) => (
            <option key={country.region} value={country.region}>
              {`${country.name} (+${country.dial})`}
            </option>
          ))}
        </select>
        <div
          aria-hidden="true"
          className={cn(
            controlClasses,
            'flex items-center gap-1.5 px-3 peer-hover:border-neutral-400 peer-focus-visible:border-brand-500 peer-focus-visible:outline-2 peer-focus-visible:outline-brand-500/40',
            invalid && 'border-error-500',
          )}
        >
          <span className="text-xs font-semibold text-neutral-500">{parts.region}</span>
          <span className="font-medium tabular-nums">+{dial}</span>
          <ChevronDown className="ms-auto size-4 shrink-0 text-neutral-500" />
        </div>
      </div>
      <Input
        id={id}
        ref={inputRef}
        name={name}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        dir="ltr"
        value={parts.national}
        onChange={(event) => update({ ...parts, national: event.target.value })}
        onBlur={onBlur}
        aria-invalid={invalid || undefined}
        aria-describedby={aria['aria-describedby']}
        autoFocus={autoFocus}
        disabled={disabled}
        placeholder={t('fields.phonePlaceholder')}
        className="min-w-0 flex-1 tabular-nums"
      />
    </div>
  );
}
