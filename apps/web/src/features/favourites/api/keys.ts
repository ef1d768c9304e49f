import type { CurrencyCode } from '@marco/contract/reference';

export const favouriteKeys = {
  all: ['favourites'] as const,
  ids: () => [...favouriteKeys.all, 'ids'] as const,
  lists: () => [...favouriteKeys.all, 'list'] as const,
  list: (currency: CurrencyCode, locale: string) => [...favouriteKeys.lists(), currency, locale] as const,
  ownCount: () => [...favouriteKeys.all, 'own-count'] as const,
};
