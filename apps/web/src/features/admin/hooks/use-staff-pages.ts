import { hasStaffRole, type StaffRole } from '@marco/contract/staff-roles';
import { useStaffRoles } from './use-is-staff';

/** Sign-in steps of the console, where its pages cannot be reached yet. */
const SECOND_FACTOR_PAGE = /^\/[^/]+\/staff\/(?:enrol|verify)(?:\/|$)/;
const CONSOLE_PAGE = /^\/[^/]+\/(?:staff|admin)(?:\/|$)/;

/** Whether `pathname` is a page of the staff console (its pages list shows above it). */
export const isStaffConsolePath = (pathname: string) =>
  CONSOLE_PAGE.test(pathname) && !SECOND_FACTOR_PAGE.test(pathname);

/** The console's pages, in the order staff see them, with the role each needs (null: any staff member). */
const STAFF_PAGES = [
  { to: '/staff/overview', label: 'nav.overview', roles: ['support', 'finance'] },
  { to: '/staff/desk', label: 'nav.desk', roles: ['support', 'finance'] },
  { to: '/staff/disputes', label: 'nav.disputes', roles: ['support', 'finance'] },
  { to: '/admin/guides', label: 'nav.review', roles: ['support'] },
  { to: '/staff/moderation', label: 'nav.moderation', roles: ['support'] },
  { to: '/staff/users', label: 'nav.users', roles: ['support'] },
  { to: '/staff/payouts', label: 'nav.payouts', roles: ['finance'] },
  { to: '/staff/rates', label: 'nav.rates', roles: ['finance'] },
  { to: '/staff/members', label: 'nav.members', roles: ['admin'] },
  { to: '/staff/audit', label: 'nav.audit', roles: ['admin'] },
  { to: '/staff/jobs', label: 'nav.jobs', roles: ['admin'] },
  { to: '/staff/recovery-codes', label: 'nav.recoveryCodes', roles: null },
] as const satisfies readonly { to: string; label: string; roles: readonly StaffRole[] | null }[];

/** The console's pages the caller's roles reach, in the console's order; none for anyone but staff. */
export function useStaffPages() {
  const roles = useStaffRoles();
  if (roles.length === 0) return [];
  return STAFF_PAGES.filter((page) => page.roles === null || page.roles.some((role) => hasStaffRole(roles, role)));
}
