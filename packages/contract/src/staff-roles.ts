/*
 * Staff roles without the schemas (staff.ts has those): the web app's shell asks who is staff
 * on every page, and importing zod's schemas there put the whole library in the first
 * JavaScript a visitor downloads (issue 16: JavaScript before interaction).
 */

/** support: guide applications, reservations, disputes, moderation, users; finance: refunds, payouts, rates; admin: all, and staff. */
export const STAFF_ROLES = ['support', 'finance', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const isStaffRole = (role: string): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role);
/** Whether `roles` may act as `role` (admin may act as every role). */
export const hasStaffRole = (roles: readonly string[], role: StaffRole) =>
  roles.includes(role) || roles.includes('admin');
export const staffRolesOf = (roles: readonly string[]): StaffRole[] => roles.filter(isStaffRole);
