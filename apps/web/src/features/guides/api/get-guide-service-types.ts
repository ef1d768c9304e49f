import type { GuideServiceTypes } from '@marco/contract/guides';
import type { Locale } from '@marco/contract/locales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLocale } from '@/i18n/use-locale';
import { apiFetch } from '@/lib/api-client';
import { guideKeys } from './keys';

/** The service kinds and types guide `id` (guide id or user id) offers. */
export function getGuideServiceTypes(id: string, locale: Locale): Promise<GuideServiceTypes> {
  return apiFetch<GuideServiceTypes>(`service-type-public/get-guide-service-type/${encodeURIComponent(id)}`, {
    query: { locale },
  });
}

export const guideServiceTypesQueryOptions = (id: string, locale: Locale) =>
  queryOptions({ queryKey: guideKeys.serviceTypes(id, locale), queryFn: () => getGuideServiceTypes(id, locale) });

/** Idle until the caller has a guide id. */
export function useGuideServiceTypes(guideId: string | null | undefined) {
  const locale = useLocale();
  return useQuery({ ...guideServiceTypesQueryOptions(guideId ?? '', locale), enabled: Boolean(guideId) });
}
