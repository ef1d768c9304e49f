import type { Locale } from '@marco/contract/locales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLocale } from '@/i18n/use-locale';
import { apiFetch } from '@/lib/api-client';
import { referenceKeys } from './keys';

export type VerificationType = { id: string; key: string; name: string };

/** spec §3: driver's license, passport or ID card. */
export async function getVerificationTypes(locale: Locale): Promise<VerificationType[]> {
  const { data } = await apiFetch<{ data: VerificationType[] }>(
    'guid-id-verification-type-public/guid-id-verification-types',
    { query: { locale } },
  );
  return data;
}

export const verificationTypesQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: referenceKeys.verificationTypes(locale),
    queryFn: () => getVerificationTypes(locale),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useVerificationTypes() {
  return useQuery(verificationTypesQueryOptions(useLocale()));
}
