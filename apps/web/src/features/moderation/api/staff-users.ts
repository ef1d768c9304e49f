import type { StaffUserDetail, StaffUserList } from '@marco/contract/moderation';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

const usersKey = ['staff', 'users'] as const;

export interface StaffUserFilter {
  q: string;
  suspended: boolean;
  page: number;
}

/** Accounts by id, phone, or a fragment of name or e-mail; or the suspended ones (support). */
export const listStaffUsers = ({ q, suspended, page }: StaffUserFilter) =>
  apiFetch<StaffUserList>('staff/users', {
    query: { ...(q ? { q } : {}), ...(suspended ? { suspended: 'true' } : {}), page, pageSize: 20 },
  });

export function useStaffUsers(filter: StaffUserFilter) {
  return useQuery(
    queryOptions({
      queryKey: [...usersKey, 'list', filter],
      queryFn: () => listStaffUsers(filter),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  );
}

export const getStaffUser = (userId: string) => apiFetch<StaffUserDetail>(`staff/users/${encodeURIComponent(userId)}`);

export function useStaffUser(userId: string) {
  return useQuery(
    queryOptions({ queryKey: [...usersKey, 'detail', userId], queryFn: () => getStaffUser(userId), staleTime: 0 }),
  );
}

export const suspendStaffUser = (userId: string, reason: string) =>
  apiFetch<StaffUserDetail>(`staff/users/${encodeURIComponent(userId)}/suspend`, {
    method: 'POST',
    body: { reason },
  });

export const reinstateStaffUser = (userId: string) =>
  apiFetch<StaffUserDetail>(`staff/users/${encodeURIComponent(userId)}/reinstate`, { method: 'POST' });

/** Suspends (with a reason) or reinstates; the answer is the account as it now is. */
export function useSetSuspension(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { suspend: true; reason: string } | { suspend: false }) =>
      change.suspend ? suspendStaffUser(userId, change.reason) : reinstateStaffUser(userId),
    onSuccess: (account) => {
      queryClient.setQueryData([...usersKey, 'detail', userId], account);
      void queryClient.invalidateQueries({ queryKey: [...usersKey, 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['staff', 'moderation'] });
      void queryClient.invalidateQueries({ queryKey: ['staff', 'audit'] });
    },
  });
}
