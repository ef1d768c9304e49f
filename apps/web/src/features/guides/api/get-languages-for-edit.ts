import type { GuideLanguagesForEdit } from '@marco/contract/guides';
import type { Locale } from '@marco/contract/locales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLocale } from '@/i18n/use-locale';
import { apiFetch } from '@/lib/api-client';
import { guideKeys } from './keys';

/** The caller's languages plus every language and level to choose from. */
export function getLanguagesForEdit(locale: Locale): Promise<GuideLanguagesForEdit> {
  return apiFetch<GuideLanguagesForEdit>('user-mr-language-public/get-user-mr-languages-for-edit', {
    query: { locale },
  });
}

export const languagesForEditQueryOptions = (locale: Locale) =>
  queryOptions({ queryKey: guideKeys.languages(locale), queryFn: () => getLanguagesForEdit(locale) });

export function useLanguagesForEdit() {
  return useQuery(languagesForEditQueryOptions(useLocale()));
}
