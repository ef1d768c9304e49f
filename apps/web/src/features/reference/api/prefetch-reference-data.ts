import type { QueryClient } from '@tanstack/react-query';
import { languagesQueryOptions } from './get-languages';
import { placesQueryOptions } from './get-places';

/** Loads the app-wide reference lists once at start-up (spec §7), in parallel with the first render. */
export function prefetchReferenceData(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(languagesQueryOptions);
  void queryClient.prefetchQuery(placesQueryOptions);
}
