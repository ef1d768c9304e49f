import { hasStaffRole, type StaffRole, staffRolesOf } from '@marco/contract/staff-roles';
import { useUser } from '@/features/auth/hooks/use-user';

/** The caller's staff roles (support, finance, admin); the server checks them on every call too. */
export function useStaffRoles(): StaffRole[] {
  const { user } = useUser();
  return staffRolesOf(user?.roles ?? []);
}

export function useIsStaff(): boolean {
  return useStaffRoles().length > 0;
}

/** Whether the caller may act as `role` (admin may act as every role). */
export function useHasStaffRole(role: StaffRole): boolean {
  return hasStaffRole(useStaffRoles(), role);
}
