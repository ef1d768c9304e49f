import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { assertStrongPassword, hashPassword } from '../auth/passwords.js';
import { toE164 } from '../auth/phone.js';
import { generateUserName } from '../auth/users.js';
import { STAFF_ROLE } from '../guides/guide-profile.js';

export class StaffCreateError extends Error {}

export interface StaffResult {
  userId: string;
  phoneNumber: string;
  created: boolean;
  passwordSet: boolean;
}

/**
 * `npm run staff:create -- --phone +90… [--password …]`: gives the user with that phone the
 * staff role, or creates one (phone confirmed, with the password) when none exists. A
 * password given for an existing user replaces theirs.
 */
export async function createOrPromoteStaff(
  db: Db,
  input: { phone: string; password?: string; now?: Date },
): Promise<StaffResult> {
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
        roles: sql`(select array_agg(distinct role) from unnest(array_append(${users.roles}, ${STAFF_ROLE})) as role)`,
        ...(passwordHash ? { passwordHash, phoneConfirmed: true } : {}),
        concurrencyStamp: sql`gen_random_uuid()`,
        updatedAt: now,
      })
      .where(eq(users.id, existing.id));
    return { userId: existing.id, phoneNumber, created: false, passwordSet: Boolean(passwordHash) };
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
      roles: [STAFF_ROLE],
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: users.id });
  if (!created) throw new Error('user insert returned no row');
  return { userId: created.id, phoneNumber, created: true, passwordSet: true };
}
