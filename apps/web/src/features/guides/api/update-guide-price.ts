import type { GuidePrice, UpdateGuidePrice } from '@marco/contract/guides';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { guideKeys } from './keys';

/** The caller's hourly rate, in minor units of the currency. */
export function updateGuidePrice(input: UpdateGuidePrice): Promise<GuidePrice> {
  return apiFetch<GuidePrice>('user-guide-pricing-public/create-update', { method: 'POST', body: input });
}

export function useUpdateGuidePrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGuidePrice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guideKeys.myGuideAll }),
  });
}
