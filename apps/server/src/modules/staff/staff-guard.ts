import { hasStaffRole, type StaffRole, staffRolesOf } from '@marco/contract/staff';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../../platform/auth/index.js';
import { AppError } from '../../platform/errors.js';

/** A staff member whose session passed the second factor: the only kind that reaches staff routes or private data. */
export const isVerifiedStaff = (user: AuthUser | null): boolean =>
  Boolean(user && staffRolesOf(user.roles).length > 0 && user.secondFactor);

/**
 * Route guard of every staff route (issue 18): 401 for visitors; 403 FORBIDDEN for users
 * without a staff role, for staff whose session has not passed the second factor
 * (`details.reason` says which step is missing, so a client can send them to it), and for
 * staff without one of `roles` (admin holds them all).
 */
export function requireStaff(...roles: StaffRole[]): (request: FastifyRequest) => Promise<void> {
  return async (request: FastifyRequest) => {
    const { user } = request;
    if (!user) throw new AppError('UNAUTHORIZED', 'Sign in to continue');
    if (staffRolesOf(user.roles).length === 0) throw new AppError('FORBIDDEN', 'Access forbidden');
    if (!user.secondFactor) {
      throw new AppError('FORBIDDEN', 'Enter the code from your authenticator app first', {
        reason: 'second_factor_required',
      });
    }
    if (!roles.some((role) => hasStaffRole(user.roles, role))) {
      throw new AppError('FORBIDDEN', 'Your staff role does not allow this', { reason: 'staff_role', roles });
    }
  };
}

/** Guard of the second-factor calls themselves: any staff role, before the second factor. */
export async function requireStaffMember(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new AppError('UNAUTHORIZED', 'Sign in to continue');
  if (staffRolesOf(request.user.roles).length === 0) throw new AppError('FORBIDDEN', 'Access forbidden');
}
