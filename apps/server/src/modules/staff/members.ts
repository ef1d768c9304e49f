import { STAFF_ROLES, type StaffMemberList, type StaffRole, staffRolesOf } from '@marco/contract/staff';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import { staffTotp, users } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { recordStaffAction, type StaffActor } from './audit.js';
import { removeSecondFactor } from './second-factor.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

const staffRoleArray = sql`array[${sql.join(
  STAFF_ROLES.map((role) => sql`${role}`),
  sql`, `,
)}]::text[]`;

/** Everyone holding a staff role, by name. */
export async function listStaffMembers(deps: Deps): Promise<StaffMemberList> {
  const rows = await deps.db
    .select({
      userId: users.id,
      name: users.name,
      surname: users.surname,
      phoneNumber: users.phoneNumber,
      roles: users.roles,
      confirmedAt: staffTotp.confirmedAt,
    })
    .from(users)
    .leftJoin(staffTotp, eq(staffTotp.userId, users.id))
    .where(and(sql`${users.roles} && ${staffRoleArray}`, isNull(users.deletedAt)))
    .orderBy(asc(users.name), asc(users.surname), asc(users.id));
  return {
    data: rows.map((row) => ({
      userId: row.userId,
      name: row.name,
      surname: row.surname,
      phoneNumber: row.phoneNumber,
      roles: staffRolesOf(row.roles),
      enrolled: row.confirmedAt !== null,
    })),
  };
}

/**
 * Sets a user's staff roles (admin), keeping their other roles; an empty list makes them a
 * member like any other. An admin cannot take admin from themselves, so there is always one.
 */
export async function setStaffRoles(deps: Deps, actor: StaffActor, userId: string, roles: StaffRole[]): Promise<void> {
  const wanted = [...new Set(roles)].sort();
  if (userId === actor.user.id && !wanted.includes('admin')) {
    throw new AppError('INVALID_STATE', 'You cannot remove your own admin role');
  }
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ roles: users.roles })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .for('update');
    if (!user) throw new AppError('USER_NOT_FOUND', 'User not found');
    const before = staffRolesOf(user.roles).sort();
    const others = user.roles.filter((role) => !staffRolesOf([role]).length);
    await tx
      .update(users)
      .set({ roles: [...others, ...wanted], concurrencyStamp: sql`gen_random_uuid()`, updatedAt: now })
      .where(eq(users.id, userId));
    if (wanted.length === 0) await removeSecondFactor(tx, userId);
    await recordStaffAction(tx, actor, {
      action: 'staff.roles',
      targetType: 'user',
      targetId: userId,
      before: { roles: before },
      after: { roles: wanted },
      at: now,
    });
  });
}

/** Removes a staff member's authenticator (a lost phone): they enrol again at their next sign-in. */
export async function resetStaffSecondFactor(deps: Deps, actor: StaffActor, userId: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .leftJoin(staffTotp, eq(staffTotp.userId, users.id))
      .where(and(eq(users.id, userId), isNull(users.deletedAt), sql`${users.roles} && ${staffRoleArray}`));
    if (!user) throw new AppError('USER_NOT_FOUND', 'No staff member has this id');
    const { enrolled } = await removeSecondFactor(tx, userId);
    await recordStaffAction(tx, actor, {
      action: 'staff.second_factor_reset',
      targetType: 'user',
      targetId: userId,
      before: { enrolled },
      after: { enrolled: false },
      at: now,
    });
  });
}
