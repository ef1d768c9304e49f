import type { AdminGuideDetail } from '@marco/contract/guides';
import type { Locale } from '@marco/contract/locales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLocale } from '@/i18n/use-locale';
import { apiFetch } from '@/lib/api-client';

export const adminGuideKey = (id: string, locale: Locale) => ['admin', 'guide', id, locale] as const;

/** One application with everything staff review, private documents included (authorised links). */
export function getGuideApplication(id: string, locale: Locale): Promise<AdminGuideDetail> {
  return apiFetch<AdminGuideDetail>(`admin/guides/${encodeURIComponent(id)}`, { query: { locale } });
}

export const guideApplicationQueryOptions = (id: string, locale: Locale) =>
  queryOptions({ queryKey: adminGuideKey(id, locale), queryFn: () => getGuideApplication(id, locale), staleTime: 0 });

export function useGuideApplication(id: string) {
  return useQuery(guideApplicationQueryOptions(id, useLocale()));
}
