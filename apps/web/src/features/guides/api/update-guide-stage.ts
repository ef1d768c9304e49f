import type { GuideStage } from '@marco/contract/guides';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { guideKeys } from './keys';

/** Records step `stage` (1..8) as completed; `id` is the caller's user id or guide id. The stored stage never goes back. */
export function updateGuideStage({ id, stage }: { id: string; stage: number }): Promise<GuideStage> {
  return apiFetch<GuideStage>(`user-guide-stage-public/update-user-guide-stage/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: { stage },
  });
}

export function useUpdateGuideStage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGuideStage,
    onSuccess: (stage) => queryClient.setQueryData(guideKeys.stage, stage),
  });
}
