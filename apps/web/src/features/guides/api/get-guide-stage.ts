import type { GuideStage } from '@marco/contract/guides';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { guideKeys } from './keys';

/** The caller's furthest completed become-a-guide step (0..8) and application status. */
export function getGuideStage(): Promise<GuideStage> {
  return apiFetch<GuideStage>('user-guide-stage-public/get-user-guide-stage');
}

export const guideStageQueryOptions = queryOptions({ queryKey: guideKeys.stage, queryFn: getGuideStage, staleTime: 0 });

export function useGuideStage() {
  return useQuery(guideStageQueryOptions);
}
