import type { ReplaceWorkSchedule, WorkSchedule } from '@marco/contract/guides';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { guideKeys } from './keys';

/** Replaces every plan at once (the week-view editor), optionally with a new time zone. */
export function replaceWorkSchedule(input: ReplaceWorkSchedule): Promise<WorkSchedule> {
  return apiFetch<WorkSchedule>('user-guide-operation-public/update-user-guide-work-schedule', {
    method: 'PUT',
    body: input,
  });
}

export function useReplaceWorkSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replaceWorkSchedule,
    onSuccess: (schedule) => {
      queryClient.setQueryData(guideKeys.schedule, schedule);
      void queryClient.invalidateQueries({ queryKey: guideKeys.myGuideAll });
    },
  });
}
