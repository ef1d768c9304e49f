import type { StaffOverview } from '@marco/contract/overview';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** The last 12 ISO weeks of bookings, money and cancellations (support, finance). */
export const getStaffOverview = () => apiFetch<StaffOverview>('staff/overview');

export const staffOverviewQueryOptions = () =>
  queryOptions({ queryKey: ['staff', 'overview'], queryFn: getStaffOverview, staleTime: 60_000 });

export const useStaffOverview = () => useQuery(staffOverviewQueryOptions());
