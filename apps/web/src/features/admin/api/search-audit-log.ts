import type { AuditAction, AuditList } from '@marco/contract/staff';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, type QueryParams, resolveApiUrl } from '@/lib/api-client';

export const AUDIT_PAGE_SIZE = 50;

export interface AuditFilter {
  action?: AuditAction;
  targetId?: string;
  actorUserId?: string;
  /** ISO date-times. */
  from?: string;
  to?: string;
}

const paramsOf = (filter: AuditFilter): QueryParams =>
  Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined && value !== ''));

/** Audit entries, newest first (admin). */
export function searchAuditLog(filter: AuditFilter, page: number): Promise<AuditList> {
  return apiFetch<AuditList>('staff/audit', { query: { ...paramsOf(filter), page, pageSize: AUDIT_PAGE_SIZE } });
}

export const auditLogQueryOptions = (filter: AuditFilter, page: number) =>
  queryOptions({
    queryKey: ['staff', 'audit', filter, page],
    queryFn: () => searchAuditLog(filter, page),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useAuditLog(filter: AuditFilter, page: number) {
  return useQuery(auditLogQueryOptions(filter, page));
}

/** The CSV of the same filter: a plain link, so the browser downloads it with the session cookie. */
export const auditExportUrl = (filter: AuditFilter) => resolveApiUrl('staff/audit/export', paramsOf(filter));
