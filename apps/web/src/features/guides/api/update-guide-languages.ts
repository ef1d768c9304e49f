import type { GuideLanguage, UpdateGuideLanguages } from '@marco/contract/guides';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocale } from '@/i18n/use-locale';
import { apiFetch } from '@/lib/api-client';
import { guideKeys } from './keys';

/** Replaces the whole list; exactly one language is primary. */
export async function updateGuideLanguages(input: UpdateGuideLanguages, locale?: string): Promise<GuideLanguage[]> {
  const { data } = await apiFetch<{ data: GuideLanguage[] }>('user-mr-language-public/update-user-mr-languages', {
    method: 'PUT',
    body: input,
    query: { locale },
  });
  return data;
}

export function useUpdateGuideLanguages() {
  const queryClient = useQueryClient();
  const locale = useLocale();
  return useMutation({
    mutationFn: (input: UpdateGuideLanguages) => updateGuideLanguages(input, locale),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guideKeys.languagesAll }),
  });
}
