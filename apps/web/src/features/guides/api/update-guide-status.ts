import type { GuideApplicationState, UpdateGuideStatusQuery } from '@marco/contract/guides';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { guideKeys } from './keys';

/**
 * `submitted` submits the application (409 INVALID_STATE with `details.missing` when steps
 * are missing); `active` / `inactive` shows or pauses an approved guide's public profile.
 */
export function updateGuideStatus(status: UpdateGuideStatusQuery['status']): Promise<GuideApplicationState> {
  return apiFetch<GuideApplicationState>('user-guide-operation-public/update-user-guide-status', {
    method: 'POST',
    query: { status },
  });
}

export function useUpdateGuideStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGuideStatus,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: guideKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['guide-mode'] });
    },
  });
}

/** The step keys a refused submission names as missing. */
export function missingStepsOf(details: unknown): string[] {
  const missing = (details as { missing?: unknown } | undefined)?.missing;
  return Array.isArray(missing) ? missing.filter((item): item is string => typeof item === 'string') : [];
}
