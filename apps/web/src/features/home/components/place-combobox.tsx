import type { Locale } from '@marco/contract/locales';
import type { Place } from '@marco/contract/reference';
import { normalizeForSearch } from '@marco/contract/search-text';
import { Globe, MapPin } from 'lucide-react';
import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { controlClasses } from '@/components/ui/input';
import { pickCountryName, pickLocalizedName } from '@/features/reference/utils/pick-localized-name';
import { cn } from '@/lib/cn';

const MAX_SUGGESTIONS = 8;

/** Every spelling a place can be found by: its names in all locales and its key. */
function searchTermsOf(place: Place): string[] {
  return [place.name, place.key, ...Object.values(place.names ?? {})].map(normalizeForSearch);
}

/** Places matching `query` accent-insensitively; names starting with it first, then by guide count. */
export function filterPlaces(places: readonly Place[], query: string, locale: Locale): Place[] {
  const folded = normalizeForSearch(query);
  const ranked = places
    .map((place) => {
      if (!folded) return { place, rank: 1 };
      const localized = normalizeForSearch(pickLocalizedName(place, locale));
      if (localized.startsWith(folded)) return { place, rank: 0 };
      const terms = searchTermsOf(place);
      if (terms.some((term) => term.startsWith(folded) || term.includes(` ${folded}`))) return { place, rank: 1 };
      // Inside a word only in the names the user sees, so "ist" does not bring up "Hindistan" in English.
      if (localized.includes(folded) || normalizeForSearch(place.name).includes(folded)) return { place, rank: 2 };
      return null;
    })
    .filter((entry): entry is { place: Place; rank: number } => entry !== null);
  ranked.sort((a, b) => a.rank - b.rank || (b.place.guideCount ?? 0) - (a.place.guideCount ?? 0));
  return ranked.slice(0, MAX_SUGGESTIONS).map((entry) => entry.place);
}

/** The place whose name (in any locale) or key equals `text`, ignoring case and accents. */
export function findPlaceByName(places: readonly Place[], text: string): Place | undefined {
  const folded = normalizeForSearch(text);
  if (!folded) return undefined;
  return places.find((place) => searchTermsOf(place).includes(folded));
}

type PlaceComboboxProps = {
  id?: string;
  label: string;
  places: readonly Place[];
  locale: Locale;
  text: string;
  onTextChange: (text: string) => void;
  onSelect: (place: Place) => void;
  placeholder?: string;
  errorId?: string;
  invalid?: boolean;
};

/** A location input with a suggestion list (ARIA combobox pattern, list autocomplete). */
export function PlaceCombobox({
  id: providedId,
  label,
  places,
  locale,
  text,
  onTextChange,
  onSelect,
  placeholder,
  errorId,
  invalid,
}: PlaceComboboxProps) {
  // On `/guides` the `home` catalog loads after the first paint; the list waits for it.
  const { t, ready } = useTranslation('home');
  const generatedId = useId();
  const id = providedId ?? generatedId;
  const listId = `${id}-list`;
  const [isOpen, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const suggestions = useMemo(() => filterPlaces(places, text, locale), [places, text, locale]);
  const showList = ready && isOpen && places.length > 0;

  const choose = (place: Place) => {
    onSelect(place);
    setOpen(false);
    setActiveIndex(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActiveIndex((index) => (suggestions.length === 0 ? -1 : (index + 1) % suggestions.length));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      setActiveIndex((index) => (suggestions.length === 0 ? -1 : (index <= 0 ? suggestions.length : index) - 1));
    } else if (event.key === 'Enter' && showList && activeIndex >= 0) {
      const place = suggestions[activeIndex];
      if (place) {
        event.preventDefault();
        choose(place);
      }
    } else if (event.key === 'Escape' && isOpen) {
      event.preventDefault();
      setOpen(false);
      setActiveIndex(-1);
    }
  };

  return (
    <div className="relative">
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-neutral-700">
        {label}
      </label>
      <div className="relative">
        <MapPin
          aria-hidden="true"
          className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-brand-600"
        />
        <input
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={errorId}
          placeholder={placeholder}
          value={text}
          onChange={(event) => {
            onTextChange(event.target.value);
            setOpen(true);
            setActiveIndex(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            setActiveIndex(-1);
          }}
          onKeyDown={onKeyDown}
          className={cn(controlClasses, 'h-12 ps-9')}
        />
      </div>
      <div
        hidden={!showList}
        className="absolute inset-x-0 top-full z-30 mt-2 overflow-hidden rounded-card border border-neutral-200 bg-surface shadow-overlay"
      >
        <div id={listId} role="listbox" aria-label={t('search.suggestions')} className="max-h-80 overflow-y-auto py-2">
          {suggestions.map((place, index) => {
            const Icon = place.type === 'city' ? MapPin : Globe;
            const country = place.type === 'city' ? pickCountryName(place, places, locale) : t('search.country');
            return (
              // Keyboard users pick options from the input (aria-activedescendant); the pointer clicks them.
              // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled by the combobox input.
              <div
                key={place.id}
                id={`${listId}-${index}`}
                role="option"
                tabIndex={-1}
                aria-selected={index === activeIndex}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(place)}
                className={cn(
                  'flex cursor-pointer items-center gap-3 px-4 py-2.5 text-start',
                  index === activeIndex ? 'bg-brand-50' : 'hover:bg-neutral-50',
                )}
              >
                <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-neutral-100 text-neutral-600">
                  <Icon aria-hidden="true" className="size-4" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-neutral-900">
                    {pickLocalizedName(place, locale)}
                  </span>
                  <span className="block truncate text-sm text-neutral-500">{country}</span>
                </span>
                {place.guideCount ? (
                  <span className="shrink-0 text-xs text-neutral-500">
                    {t('search.guideCount', { count: place.guideCount })}
                  </span>
                ) : null}
              </div>
            );
          })}
        </div>
        {suggestions.length === 0 ? (
          <p className="px-4 py-3 text-sm text-neutral-500">{t('search.noMatches', { query: text.trim() })}</p>
        ) : null}
      </div>
    </div>
  );
}
