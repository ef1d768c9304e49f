import type { Address, UpdateAddress } from '@marco/contract/accounts';
import type { Locale } from '@marco/contract/locales';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocale } from '@/i18n/use-locale';
import { apiFetch } from '@/lib/api-client';
import { ADDRESSES_QUERY_KEY } from './get-user-addresses';

/** Replaces an address (every field is sent); `isDefault: true` makes it the default. */
export function updateUserAddress(input: UpdateAddress, locale: Locale): Promise<Address> {
  return apiFetch<Address>('address-public/update-user-address', { method: 'PUT', body: input, query: { locale } });
}

export function useUpdateUserAddress() {
  const queryClient = useQueryClient();
  const locale = useLocale();
  return useMutation({
    mutationFn: (input: UpdateAddress) => updateUserAddress(input, locale),
    // Making one address the default changes another one too: the whole list is read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADDRESSES_QUERY_KEY }),
  });
}
