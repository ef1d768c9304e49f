import type { FavouriteIds } from '@marco/contract/favourites';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useUser } from '@/features/auth/hooks/use-user';
import { apiFetch } from '@/lib/api-client';
import { favouriteKeys } from './keys';

/** `GET favourite-public/guide-ids`: the signed-in user's favourite guides (the hearts). */
export const getFavouriteIds = (signal?: AbortSignal) =>
  apiFetch<FavouriteIds>('favourite-public/guide-ids', { signal });

export const favouriteIdsQueryOptions = () =>
  queryOptions({
    queryKey: favouriteKeys.ids(),
    queryFn: ({ signal }) => getFavouriteIds(signal),
    staleTime: 5 * 60_000,
    select: (answer) => new Set(answer.data),
  });

/** The ids of the user's favourite guides; an empty set for a visitor (nothing is asked). */
export function useFavouriteIds() {
  const { isSignedIn } = useUser();
  return useQuery({ ...favouriteIdsQueryOptions(), enabled: isSignedIn });
}
