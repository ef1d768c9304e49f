import type { Place } from '@marco/contract/reference';
import { data, type LoaderFunctionArgs } from 'react-router';
import { placesQueryOptions } from '@/features/reference/api/get-places';
import type { PrefetchHandle } from '@/ssr/prefetch';
import { isDestinationKey } from '../destinations';
import { cityCatalogQueryOptions } from './get-city-content';
import { cityGuidesQueryOptions } from './get-city-guides';

/*
 * What the destinations and a destination's pages ask for. The server fetches it before it
 * renders them (ssr/prefetch.ts); the browser starts it as a visitor navigates to them, beside
 * the page's code (app/navigation-prefetch.ts). Apart from the pages, so their routes hold it
 * without the pages' code.
 */

/** The destinations page: the places and the cities' texts. */
export const explorePageHandle: PrefetchHandle = {
  prefetch: ({ queryClient, locale }) =>
    Promise.all([
      queryClient.prefetchQuery(placesQueryOptions),
      queryClient.prefetchQuery(cityCatalogQueryOptions(locale)),
    ]),
};

/** The city a destination page shows, from the places list. */
export const destinationCity = (places: readonly Place[], key: string | null | undefined) =>
  places.find((place) => place.type === 'city' && place.key === key);

/** A destination's page: the texts and places, then the city's guides. */
export const exploreCityHandle: PrefetchHandle = {
  prefetch: async ({ queryClient, params, locale, currency }) => {
    const [places] = await Promise.all([
      queryClient.ensureQueryData(placesQueryOptions),
      queryClient.prefetchQuery(cityCatalogQueryOptions(locale)),
    ]);
    const city = destinationCity(places, params.city);
    if (city) await queryClient.prefetchQuery(cityGuidesQueryOptions(city.id, currency, locale));
  },
};

/** spec §2: only the destination cities have pages; any other key is the not-found page. */
export function exploreCityLoader({ params }: LoaderFunctionArgs) {
  if (!isDestinationKey(params.city)) throw data(null, { status: 404 });
  return null;
}
