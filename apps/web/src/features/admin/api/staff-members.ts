import type { StaffMemberList, StaffRole } from '@marco/contract/staff';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

const membersKey = ['staff', 'members'] as const;

/** Everyone with a staff role (admin). */
export const listStaffMembers = () => apiFetch<StaffMemberList>('staff/members');

export function useStaffMembers() {
  return useQuery(queryOptions({ queryKey: membersKey, queryFn: listStaffMembers, staleTime: 0 }));
}

export const setStaffRoles = (userId: string, roles: StaffRole[]) =>
  apiFetch<StaffMemberList>(`staff/members/${encodeURIComponent(userId)}/roles`, { method: 'PUT', body: { roles } });

export const resetStaffSecondFactor = (userId: string) =>
  apiFetch<{ ok: true }>(`staff/members/${encodeURIComponent(userId)}/reset-second-factor`, { method: 'POST' });

export function useSetStaffRoles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, roles }: { userId: string; roles: StaffRole[] }) => setStaffRoles(userId, roles),
    onSuccess: (members) => {
      queryClient.setQueryData(membersKey, members);
      void queryClient.invalidateQueries({ queryKey: ['staff', 'audit'] });
    },
  });
}

export function useResetStaffSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetStaffSecondFactor,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: membersKey });
      void queryClient.invalidateQueries({ queryKey: ['staff', 'audit'] });
    },
  });
}
