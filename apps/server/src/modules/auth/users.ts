import { randomBytes } from 'node:crypto';
import { LEGAL_VERSIONS } from '@marco/contract/legal';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row;
}

export async function findUserByPhone(db: Db, phoneNumber: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.phoneNumber, phoneNumber), isNull(users.deletedAt)));
  return row;
}

export async function getUserOrThrow(db: Db, id: string): Promise<UserRow> {
  const row = await findUserById(db, id);
  if (!row) throw new AppError('USER_NOT_FOUND', 'User not found');
  return row;
}

/** A sign-up is finished once the account can sign in: it has a password or a social login. */
export const isRegistrationComplete = (user: Pick<UserRow, 'passwordHash' | 'isExternal'>) =>
  user.passwordHash !== null || user.isExternal;

/** A neutral, unique user name: phone numbers and names are personal data. */
export const generateUserName = () => `user_${randomBytes(6).toString('hex')}`;

/**
 * spec §5: the Terms of Use and Privacy Policy accepted at sign-up, recorded with time and the
 * version of the text the web shows (LEGAL_VERSIONS), so a consent names the document read.
 */
export const consentColumns = (at: Date) => ({
  termsAcceptedAt: at,
  termsVersion: LEGAL_VERSIONS.terms,
  privacyAcceptedAt: at,
  privacyVersion: LEGAL_VERSIONS.privacy,
});
