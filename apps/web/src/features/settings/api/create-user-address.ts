import type { Address, CreateAddress } from '@marco/contract/accounts';
import type { Locale } from '@marco/contract/locales';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocale } from '@/i18n/use-locale';
import { apiFetch } from '@/lib/api-client';
import { ADDRESSES_QUERY_KEY } from './get-user-addresses';

/** A new address; the first one, or one sent with `isDefault`, becomes the default. */
export function createUserAddress(input: CreateAddress, locale: Locale): Promise<Address> {
  return apiFetch<Address>('address-public/create-user-address', { method: 'POST', body: input, query: { locale } });
}

export function useCreateUserAddress() {
  const queryClient = useQueryClient();
  const locale = useLocale();
  return useMutation({
    mutationFn: (input: CreateAddress) => createUserAddress(input, locale),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADDRESSES_QUERY_KEY }),
  });
}
