import type { AdminGuideList, GuideStatus } from '@marco/contract/guides';
import type { Locale } from '@marco/contract/locales';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useLocale } from '@/i18n/use-locale';
import { apiFetch } from '@/lib/api-client';

export const ADMIN_PAGE_SIZE = 20;

type ListQuery = { status: GuideStatus; page: number };

/** Applications in one status (submitted: the review queue, oldest first), paged. Staff only. */
export function listGuideApplications({ status, page }: ListQuery, locale: Locale): Promise<AdminGuideList> {
  return apiFetch<AdminGuideList>('admin/guides', { query: { status, page, pageSize: ADMIN_PAGE_SIZE, locale } });
}

export const guideApplicationsQueryOptions = (query: ListQuery, locale: Locale) =>
  queryOptions({
    queryKey: ['admin', 'guides', query.status, query.page, locale],
    queryFn: () => listGuideApplications(query, locale),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useGuideApplications(query: ListQuery) {
  return useQuery(guideApplicationsQueryOptions(query, useLocale()));
}
