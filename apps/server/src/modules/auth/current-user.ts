import type { CurrentUser } from '@marco/contract/auth';
import type { Db } from '../../db/client.js';
import { hashToken } from '../../platform/crypto/tokens.js';
import { AppError } from '../../platform/errors.js';
import { findUserById, type UserRow } from './users.js';

/** Public path of a user's avatar; the version changes with the picture, so caches never serve an old one. */
export const profilePictureUrl = (userId: string, key: string | null): string | null =>
  key ? `/api/app/custom-user-account-public/get-profile-picture/${userId}?v=${hashToken(key).slice(0, 12)}` : null;

/** spec §3 "current user". */
export function toCurrentUser(row: UserRow): CurrentUser {
  return {
    id: row.id,
    userName: row.userName,
    email: row.email,
    emailConfirmed: row.emailConfirmed,
    name: row.name,
    surname: row.surname,
    phoneNumber: row.phoneNumber,
    phoneNumberConfirmed: row.phoneConfirmed,
    isExternal: row.isExternal,
    hasPassword: row.passwordHash !== null,
    // Each user keeps an IANA zone of their own (ARCHITECTURE.md "time").
    supportsMultipleTimezone: true,
    timezone: row.timezone,
    concurrencyStamp: row.concurrencyStamp,
    roles: row.roles,
    profilePictureUrl: profilePictureUrl(row.id, row.profilePictureKey),
  };
}

export async function getCurrentUser(db: Db, userId: string): Promise<CurrentUser> {
  const row = await findUserById(db, userId);
  if (!row) throw new AppError('UNAUTHORIZED', 'Sign in to continue');
  return toCurrentUser(row);
}
