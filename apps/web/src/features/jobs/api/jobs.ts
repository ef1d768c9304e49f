import type { StaffJobs } from '@marco/contract/jobs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Each background job's queue and the runs that failed every try (admin). */
export const getStaffJobs = () => apiFetch<StaffJobs>('staff/jobs');

export const staffJobsQueryOptions = () =>
  queryOptions({ queryKey: ['staff', 'jobs'], queryFn: getStaffJobs, staleTime: 15_000 });

export const useStaffJobs = () => useQuery(staffJobsQueryOptions());
