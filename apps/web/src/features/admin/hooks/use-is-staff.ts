import { useUser } from '@/features/auth/hooks/use-user';

export const STAFF_ROLE = 'staff';

/** Staff review guide applications; the server checks the role on every call too. */
export function useIsStaff(): boolean {
  const { user } = useUser();
  return Boolean(user?.roles?.includes(STAFF_ROLE));
}
