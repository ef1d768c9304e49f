import type { IdVerification, UpdateIdVerification } from '@marco/contract/guides';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocale } from '@/i18n/use-locale';
import { apiFetch } from '@/lib/api-client';
import { guideKeys } from './keys';

export function updateIdVerification(input: UpdateIdVerification, locale?: string): Promise<IdVerification> {
  return apiFetch<IdVerification>('user-guide-operation-public/update-user-guide-id-verification', {
    method: 'PUT',
    body: input,
    query: { locale },
  });
}

export function useUpdateIdVerification() {
  const queryClient = useQueryClient();
  const locale = useLocale();
  return useMutation({
    mutationFn: (input: UpdateIdVerification) => updateIdVerification(input, locale),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guideKeys.idVerificationAll }),
  });
}
