import { serviceCatalogQueryOptions } from '@/features/guides/api/get-service-types';
import { languagesQueryOptions } from '@/features/reference/api/get-languages';
import { placesQueryOptions } from '@/features/reference/api/get-places';
import { gendersQueryOptions } from '@/features/settings/api/get-genders';
import { toIsoDate } from '@/lib/formatting';
import type { PrefetchHandle } from '@/ssr/prefetch';
import { readFilters, toSearchBody } from '../utils/search-state';
import { searchGuidesQueryOptions } from './search-guides';

/**
 * What the guide search asks for: the lists its filters offer, then the page of results its URL
 * asks for, the place's key made an id with the places list as the page does. The
 * server fetches it before it renders the page (ssr/prefetch.ts); the browser starts it as a
 * visitor navigates to the page or changes its filters (app/navigation-prefetch.ts). Apart from
 * the page, so the route holds it without the page's code.
 */
export const guidesPageHandle: PrefetchHandle = {
  prefetch: async ({ queryClient, url, locale, currency }) => {
    const [places] = await Promise.all([
      queryClient.ensureQueryData(placesQueryOptions),
      queryClient.prefetchQuery(languagesQueryOptions),
      queryClient.prefetchQuery(gendersQueryOptions(locale)),
      queryClient.prefetchQuery(serviceCatalogQueryOptions(locale)),
    ]);
    const body = toSearchBody(readFilters(url.searchParams), { places, currency, today: toIsoDate(new Date()) });
    await queryClient.prefetchQuery(searchGuidesQueryOptions(body, locale));
  },
};
