import type { MyGuide } from '@marco/contract/guides';
import type { Locale } from '@marco/contract/locales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLocale } from '@/i18n/use-locale';
import { apiFetch } from '@/lib/api-client';
import { guideKeys } from './keys';

/** The caller's own guide profile and application state; null before they apply. */
export async function getMyGuide(locale: Locale): Promise<MyGuide | null> {
  return apiFetch<MyGuide | null>('user-guide-operation-public/get-user-guide', { query: { locale } });
}

export const myGuideQueryOptions = (locale: Locale) =>
  queryOptions({ queryKey: guideKeys.myGuide(locale), queryFn: () => getMyGuide(locale), staleTime: 0 });

export function useMyGuide() {
  return useQuery(myGuideQueryOptions(useLocale()));
}
