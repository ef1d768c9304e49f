import type { MyGuide, UpdateMyGuide } from '@marco/contract/guides';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocale } from '@/i18n/use-locale';
import { apiFetch } from '@/lib/api-client';
import { guideKeys } from './keys';

/** Basic info and "about me": only the fields present change; creates the draft application. */
export function updateMyGuide(input: UpdateMyGuide, locale?: string): Promise<MyGuide> {
  return apiFetch<MyGuide>('user-guide-operation-public/update-user-guide', {
    method: 'PUT',
    body: input,
    query: { locale },
  });
}

export function useUpdateMyGuide() {
  const queryClient = useQueryClient();
  const locale = useLocale();
  return useMutation({
    mutationFn: (input: UpdateMyGuide) => updateMyGuide(input, locale),
    onSuccess: (guide) => {
      queryClient.setQueryData(guideKeys.myGuide(locale), guide);
      void queryClient.invalidateQueries({ queryKey: guideKeys.myGuideAll });
    },
  });
}
