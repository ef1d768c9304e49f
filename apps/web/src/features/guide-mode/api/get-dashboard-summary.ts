import { GUIDE_DASHBOARD_PATHS, type GuideDashboard } from '@marco/contract/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const guideDashboardKeys = {
  all: ['guide-dashboard'] as const,
  summary: ['guide-dashboard', 'summary'] as const,
};

/** `GET guide-dashboard-public/summary`: clients, balance, active reservations, empty hours, pending requests, rating. */
export function getDashboardSummary() {
  return apiFetch<GuideDashboard>(GUIDE_DASHBOARD_PATHS.summary);
}

export const dashboardSummaryQueryOptions = queryOptions({
  queryKey: guideDashboardKeys.summary,
  queryFn: getDashboardSummary,
});

export function useDashboardSummary(enabled = true) {
  return useQuery({ ...dashboardSummaryQueryOptions, enabled });
}
