import type { Locale } from '@marco/contract/locales';
import type { Gender } from '@marco/contract/reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLocale } from '@/i18n/use-locale';
import { apiFetch } from '@/lib/api-client';

/** spec §3: male, female, other — named in the asked locale. */
export async function getGenders(locale: Locale): Promise<Gender[]> {
  const { data } = await apiFetch<{ data: Gender[] }>('gender-public/genders', { query: { locale } });
  return data;
}

export const gendersQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['reference', 'genders', locale],
    queryFn: () => getGenders(locale),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useGenders(): Gender[] {
  return useQuery(gendersQueryOptions(useLocale())).data ?? [];
}
