import { isStaffRole, STAFF_ROLES, type StaffRole } from '@marco/contract/staff';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { assertStrongPassword, hashPassword } from '../auth/passwords.js';
import { toE164 } from '../auth/phone.js';
import { generateUserName } from '../auth/users.js';

export class StaffCreateError extends Error {}

export interface StaffResult {
  userId: string;
  phoneNumber: string;
  roles: StaffRole[];
  created: boolean;
  passwordSet: boolean;
}

/** `--role support,finance` (or repeated): the staff roles named, checked against STAFF_ROLES. */
export function parseStaffRoles(values: string[]): StaffRole[] {
  const roles = values
    .flatMap((value) => value.split(','))
    .map((role) => role.trim())
    .filter(Boolean);
  const unknown = roles.filter((role) => !isStaffRole(role));
  if (unknown.length) {
    throw new StaffCreateError(`Unknown staff role: ${unknown.join(', ')} (one of ${STAFF_ROLES.join(', ')})`);
  }
  if (!roles.length) throw new StaffCreateError(`Give at least one --role (${STAFF_ROLES.join(', ')})`);
  return [...new Set(roles as StaffRole[])];
}

/**
 * `npm run staff:create -- --phone +90… --role support [--password …]`: adds the staff roles
 * to the user with that phone, or creates one (phone confirmed, with the password) when none
 * exists. A password given for an existing user replaces theirs. Staff set up a second
 * factor at their first sign-in.
 */
export async function createOrPromoteStaff(
  db: Db,
  input: { phone: string; roles: StaffRole[]; password?: string; now?: Date },
): Promise<StaffResult> {
  const roles = [...new Set(input.roles)];
  if (!roles.length || !roles.every(isStaffRole)) throw new StaffCreateError('Give at least one staff role');
  const phoneNumber = toE164(input.phone);
  if (!phoneNumber) throw new StaffCreateError(`Not a valid phone number in international form: ${input.phone}`);
  if (input.password !== undefined) {
    try {
      assertStrongPassword(input.password, 'password');
    } catch (error) {
      throw new StaffCreateError(`The password is too weak: ${(error as Error).message}`);
    }
  }
  const now = input.now ?? new Date();
  const passwordHash = input.password !== undefined ? await hashPassword(input.password) : undefined;
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phoneNumber, phoneNumber), isNull(users.deletedAt)));
  if (existing) {
    await db
      .update(users)
      .set({
        roles: sql`(select array_agg(distinct role order by role) from unnest(${users.roles} || array[${sql.join(
          roles.map((role) => sql`${role}`),
          sql`, `,
        )}]::text[]) as role)`,
        ...(passwordHash ? { passwordHash, phoneConfirmed: true } : {}),
        concurrencyStamp: sql`gen_random_uuid()`,
        updatedAt: now,
      })
      .where(eq(users.id, existing.id));
    return { userId: existing.id, phoneNumber, roles, created: false, passwordSet: Boolean(passwordHash) };
  }
  if (!passwordHash) throw new StaffCreateError('No user has this phone number: give --password to create one');
  const [created] = await db
    .insert(users)
    .values({
      phoneNumber,
      phoneConfirmed: true,
      userName: generateUserName(),
      name: 'Staff',
      passwordHash,
      roles,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: users.id });
  if (!created) throw new Error('user insert returned no row');
  return { userId: created.id, phoneNumber, roles, created: true, passwordSet: true };
}
