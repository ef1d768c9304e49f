import type { FavouriteIds, FavouriteState } from '@marco/contract/favourites';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { favouriteKeys } from './keys';

/** `PUT favourite-public/guides/{guideId}` (keep) or `DELETE` (let go). */
export const setFavourite = ({ guideId, isFavourite }: { guideId: string; isFavourite: boolean }) =>
  apiFetch<FavouriteState>(`favourite-public/guides/${encodeURIComponent(guideId)}`, {
    method: isFavourite ? 'PUT' : 'DELETE',
  });

/** Sets the heart at once (optimistically) and puts it back if the server refuses. */
export function useSetFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFavourite,
    onMutate: async ({ guideId, isFavourite }) => {
      await queryClient.cancelQueries({ queryKey: favouriteKeys.ids() });
      const before = queryClient.getQueryData<FavouriteIds>(favouriteKeys.ids());
      const others = (before?.data ?? []).filter((id) => id !== guideId);
      queryClient.setQueryData<FavouriteIds>(favouriteKeys.ids(), {
        data: isFavourite ? [guideId, ...others] : others,
      });
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) queryClient.setQueryData(favouriteKeys.ids(), context.before);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: favouriteKeys.all });
    },
  });
}
