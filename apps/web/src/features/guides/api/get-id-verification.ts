import type { IdVerification } from '@marco/contract/guides';
import type { Locale } from '@marco/contract/locales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLocale } from '@/i18n/use-locale';
import { apiFetch } from '@/lib/api-client';
import { guideKeys } from './keys';

/** The caller's ID verification (method, issuing country, dates) and identity documents. */
export function getIdVerification(locale: Locale): Promise<IdVerification> {
  return apiFetch<IdVerification>('user-guide-operation-public/get-user-guide-id-verification', { query: { locale } });
}

export const idVerificationQueryOptions = (locale: Locale) =>
  queryOptions({ queryKey: guideKeys.idVerification(locale), queryFn: () => getIdVerification(locale) });

export function useIdVerification() {
  return useQuery(idVerificationQueryOptions(useLocale()));
}
