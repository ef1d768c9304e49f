import type { Locale } from '@marco/contract/locales';

type Named = { name: string; names?: Partial<Record<Locale, string>> | null };

/** The item's name in `locale`, falling back to the name the server answered with. */
export function pickLocalizedName(item: Named, locale: Locale): string {
  const localized = item.names?.[locale];
  return localized && localized.trim() !== '' ? localized : item.name;
}

type PlaceLike = Named & { type: string; countryCode: string; countryName?: string | null };

/** A city's country name in `locale`, from the country entry of the same places list when present. */
export function pickCountryName(place: PlaceLike, places: readonly PlaceLike[], locale: Locale): string {
  if (place.type === 'country') return pickLocalizedName(place, locale);
  const country = places.find((item) => item.type === 'country' && item.countryCode === place.countryCode);
  return country ? pickLocalizedName(country, locale) : (place.countryName ?? '');
}
