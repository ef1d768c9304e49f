import type { FavouriteCount } from '@marco/contract/favourites';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { favouriteKeys } from './keys';

/** `GET favourite-public/my-guide-count`: for a guide, how many travellers keep them (only they see it). */
export const getOwnFavouriteCount = (signal?: AbortSignal) =>
  apiFetch<FavouriteCount>('favourite-public/my-guide-count', { signal });

export function useOwnFavouriteCount(enabled: boolean) {
  return useQuery({
    queryKey: favouriteKeys.ownCount(),
    queryFn: ({ signal }) => getOwnFavouriteCount(signal),
    enabled,
    staleTime: 60_000,
  });
}
