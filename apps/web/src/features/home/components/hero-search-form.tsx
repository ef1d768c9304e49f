import type { Place } from '@marco/contract/reference';
import { normalizeForSearch } from '@marco/contract/search-text';
import { Search } from 'lucide-react';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useLanguages } from '@/features/reference/api/get-languages';
import { usePlaces } from '@/features/reference/api/get-places';
import { pickLocalizedName } from '@/features/reference/utils/pick-localized-name';
import { useLocale, useLocalePath } from '@/i18n/use-locale';
import { toIsoDate } from '@/lib/formatting';
import { findPlaceByName, PlaceCombobox } from './place-combobox';

type SearchErrors = { location?: string; dates?: string };

/** Hero search: destination, date range and guide language → the guide list with those filters. */
export function HeroSearchForm() {
  const { t } = useTranslation('home');
  const locale = useLocale();
  const localize = useLocalePath();
  const navigate = useNavigate();
  const places = usePlaces();
  const languages = useLanguages();
  const ids = useId();

  const [locationText, setLocationText] = useState('');
  const [selectedPlace, setSelectedPlace] = useState<Place | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [language, setLanguage] = useState('');
  const [errors, setErrors] = useState<SearchErrors>({});

  const today = toIsoDate(new Date());
  const sortedLanguages = useMemo(
    () =>
      languages
        .map((item) => ({ code: item.code, label: pickLocalizedName(item, locale) }))
        .sort((a, b) => a.label.localeCompare(b.label, locale)),
    [languages, locale],
  );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const nextErrors: SearchErrors = {};
    let locationKey: string | undefined;
    if (locationText.trim() !== '') {
      const selectedStillShown =
        selectedPlace && pickLocalizedName(selectedPlace, locale) === locationText ? selectedPlace : undefined;
      const place = selectedStillShown ?? findPlaceByName(places, locationText);
      if (place) locationKey = place.key;
      // Without the places list (it failed to load) the typed name is the best guess at a key.
      else if (places.length === 0) locationKey = normalizeForSearch(locationText);
      else nextErrors.location = t('search.chooseFromList');
    }
    if (from && to && to < from) nextErrors.dates = t('search.invalidRange');
    setErrors(nextErrors);
    if (nextErrors.location || nextErrors.dates) return;

    const params = new URLSearchParams();
    if (locationKey) params.set('location', locationKey);
    if (from) params.set('from', from);
    if (to) params.set('to', to);
    if (language) params.set('language', language);
    const query = params.toString();
    navigate(localize(query ? `/guides?${query}` : '/guides'));
  };

  const locationErrorId = `${ids}-location-error`;
  const datesErrorId = `${ids}-dates-error`;

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={t('search.label')}
      className="grid gap-4 rounded-panel bg-surface p-4 text-start shadow-overlay sm:p-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.2fr)_auto] lg:items-end"
    >
      <div>
        <PlaceCombobox
          id={`${ids}-location`}
          label={t('search.location')}
          placeholder={t('search.locationPlaceholder')}
          places={places}
          locale={locale}
          text={locationText}
          onTextChange={(text) => {
            setLocationText(text);
            setSelectedPlace(null);
            if (errors.location) setErrors((current) => ({ ...current, location: undefined }));
          }}
          onSelect={(place) => {
            setSelectedPlace(place);
            setLocationText(pickLocalizedName(place, locale));
            setErrors((current) => ({ ...current, location: undefined }));
          }}
          invalid={Boolean(errors.location)}
          errorId={errors.location ? locationErrorId : undefined}
        />
        {errors.location ? <FieldError id={locationErrorId}>{errors.location}</FieldError> : null}
      </div>
      <div className="grid grid-cols-2 gap-4 lg:contents">
        <div>
          <Label htmlFor={`${ids}-from`}>{t('search.from')}</Label>
          <Input
            id={`${ids}-from`}
            type="date"
            min={today}
            value={from}
            onChange={(event) => {
              setFrom(event.target.value);
              if (errors.dates) setErrors((current) => ({ ...current, dates: undefined }));
            }}
            aria-describedby={errors.dates ? datesErrorId : undefined}
            className="h-12"
          />
        </div>
        <div>
          <Label htmlFor={`${ids}-to`}>{t('search.to')}</Label>
          <Input
            id={`${ids}-to`}
            type="date"
            min={from || today}
            value={to}
            onChange={(event) => {
              setTo(event.target.value);
              if (errors.dates) setErrors((current) => ({ ...current, dates: undefined }));
            }}
            aria-invalid={Boolean(errors.dates) || undefined}
            aria-describedby={errors.dates ? datesErrorId : undefined}
            className="h-12"
          />
        </div>
      </div>
      <div>
        <Label htmlFor={`${ids}-language`}>{t('search.language')}</Label>
        <Select
          id={`${ids}-language`}
          value={language}
          onChange={(event) => setLanguage(event.target.value)}
          className="h-12"
        >
          <option value="">{t('search.anyLanguage')}</option>
          {sortedLanguages.map((item) => (
            <option key={item.code} value={item.code}>
              {item.label}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit" size="lg" className="h-12 w-full lg:w-auto">
        <Search aria-hidden="true" />
        {t('search.submit')}
      </Button>
      {errors.dates ? (
        <FieldError id={datesErrorId} className="lg:col-span-5 lg:mt-0">
          {errors.dates}
        </FieldError>
      ) : null}
    </form>
  );
}
