import type { Place } from '@marco/contract/reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

const EMPTY: Place[] = [];
// The endpoint's largest page (contract: SearchPlacesQuerySchema.limit max 50); the catalogue
// of searchable countries and cities is smaller than that.
const PLACES_LIMIT = 50;

/** spec §7: start-up list of public search places; a failure is logged and the list stays empty. */
export async function getPlaces(): Promise<Place[]> {
  try {
    const { data } = await apiFetch<{ data: Place[] }>('search-public/search-places', {
      query: { limit: PLACES_LIMIT },
    });
    return Array.isArray(data) ? data : EMPTY;
  } catch (error) {
    console.warn('Could not load the places list; continuing without it.', error);
    return EMPTY;
  }
}

export const placesQueryOptions = queryOptions({
  queryKey: ['reference', 'places'],
  queryFn: getPlaces,
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
});

export function usePlaces(): Place[] {
  return useQuery(placesQueryOptions).data ?? EMPTY;
}

/** The places list with its loading state, for screens that show skeletons. */
export function usePlacesStatus(): { places: Place[]; isLoading: boolean } {
  const query = useQuery(placesQueryOptions);
  return { places: query.data ?? EMPTY, isLoading: query.isPending };
}

/** Destination cities (spec §3: twelve of them), in the server's order. */
export function useDestinationCities(): { cities: Place[]; isLoading: boolean } {
  const { places, isLoading } = usePlacesStatus();
  return { cities: places.filter((place) => place.type === 'city'), isLoading };
}
