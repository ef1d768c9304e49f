import type { WorkSchedule } from '@marco/contract/guides';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { guideKeys } from './keys';

/** The caller's work schedule: time zone and plans. */
export function getWorkSchedule(): Promise<WorkSchedule> {
  return apiFetch<WorkSchedule>('user-guide-operation-public/user-guide-work-plans');
}

export const workScheduleQueryOptions = queryOptions({ queryKey: guideKeys.schedule, queryFn: getWorkSchedule });

export function useWorkSchedule() {
  return useQuery(workScheduleQueryOptions);
}
