import type { Locale } from '@marco/contract/locales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DestinationKey } from '../destinations';

export interface Attraction {
  name: string;
  description: string;
}

/** The editorial text of a destination page, in one locale (`src/content/cities/<locale>.json`). */
export interface CityContent {
  tagline: string;
  about: string[];
  attractions: Attraction[];
}

export type CityCatalog = Record<DestinationKey, CityContent>;

// Lazy: one chunk per locale, loaded by the explore pages only.
const catalogs = import.meta.glob<CityCatalog>('../../../content/cities/*.json', { import: 'default' });

export async function getCityCatalog(locale: Locale): Promise<CityCatalog> {
  const load = catalogs[`../../../content/cities/${locale}.json`];
  if (!load) throw new Error(`No destination texts for ${locale}`);
  return load();
}

export const cityCatalogQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['explore', 'city-content', locale],
    queryFn: () => getCityCatalog(locale),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

export function useCityCatalog(locale: Locale) {
  return useQuery(cityCatalogQueryOptions(locale));
}
