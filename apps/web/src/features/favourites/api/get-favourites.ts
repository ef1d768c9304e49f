import type { FavouriteGuideList } from '@marco/contract/favourites';
import type { Locale } from '@marco/contract/locales';
import type { CurrencyCode } from '@marco/contract/reference';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { favouriteKeys } from './keys';

const PAGE_SIZE = 24;

/** `GET favourite-public/guides`: a page of the user's favourites, priced in `currency`. */
export const getFavourites = (currency: CurrencyCode, locale: Locale, page: number, signal?: AbortSignal) =>
  apiFetch<FavouriteGuideList>('favourite-public/guides', {
    query: { currency, locale, page, pageSize: PAGE_SIZE },
    signal,
  });

export const favouritesQueryOptions = (currency: CurrencyCode, locale: Locale) =>
  infiniteQueryOptions({
    queryKey: favouriteKeys.list(currency, locale),
    queryFn: ({ pageParam, signal }) => getFavourites(currency, locale, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });

export function useFavourites(currency: CurrencyCode, locale: Locale) {
  return useInfiniteQuery(favouritesQueryOptions(currency, locale));
}
