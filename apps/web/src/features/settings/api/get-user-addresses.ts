import type { Address } from '@marco/contract/accounts';
import type { Locale } from '@marco/contract/locales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLocale } from '@/i18n/use-locale';
import { apiFetch } from '@/lib/api-client';

/** Every key of the user's addresses starts here, so one invalidation refreshes them in every language. */
export const ADDRESSES_QUERY_KEY = ['account', 'addresses'] as const;

/** The user's addresses, oldest first, with place names in `locale`. */
export async function getUserAddresses(locale: Locale): Promise<Address[]> {
  const { data } = await apiFetch<{ data: Address[] }>('address-public/get-user-address', { query: { locale } });
  return data;
}

export const userAddressesQueryOptions = (locale: Locale) =>
  queryOptions({ queryKey: [...ADDRESSES_QUERY_KEY, locale], queryFn: () => getUserAddresses(locale) });

export function useUserAddresses() {
  return useQuery(userAddressesQueryOptions(useLocale()));
}
