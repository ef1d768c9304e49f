import type { Language } from '@marco/contract/reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

const EMPTY: Language[] = [];

/** spec §7: start-up list of public languages; a failure is logged and the list stays empty. */
export async function getLanguages(): Promise<Language[]> {
  try {
    const { data } = await apiFetch<{ data: Language[] }>('search-public/languages');
    return Array.isArray(data) ? data : EMPTY;
  } catch (error) {
    console.warn('Could not load the languages list; continuing without it.', error);
    return EMPTY;
  }
}

export const languagesQueryOptions = queryOptions({
  queryKey: ['reference', 'languages'],
  queryFn: getLanguages,
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
});

export function useLanguages(): Language[] {
  return useQuery(languagesQueryOptions).data ?? EMPTY;
}
