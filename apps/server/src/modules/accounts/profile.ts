import { randomUUID } from 'node:crypto';
import type {
  MyProfile,
  UpdateMyProfileSchema,
  UpdateUserProfileDetailSchema,
  UserInfo,
} from '@marco/contract/accounts';
import { isLocale } from '@marco/contract/locales';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import type { Db } from '../../db/client.js';
import { currencies, genders, users } from '../../db/schema/index.js';
import { violatedUniqueConstraint } from '../../db/sql-errors.js';
import { AppError, fieldError } from '../../platform/errors.js';
import { profilePictureUrl, toCurrentUser } from '../auth/current-user.js';
import { findUserById, getUserOrThrow, type UserRow } from '../auth/users.js';

type ProfileDeps = Pick<AppDeps, 'db' | 'clock'>;

export function toMyProfile(row: UserRow): MyProfile {
  return {
    ...toCurrentUser(row),
    birthDate: row.birthDate,
    about: row.about,
    genderId: row.genderId,
    currencyId: row.currencyId,
    notificationPreferences: { ads: row.notifyAds, messages: row.notifyMessages, appUpdates: row.notifyAppUpdates },
    locale: isLocale(row.locale) ? row.locale : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toUserInfo(row: UserRow): UserInfo {
  return {
    id: row.id,
    userName: row.userName,
    name: row.name,
    surname: row.surname,
    email: row.email,
    phoneNumber: row.phoneNumber,
    timezone: row.timezone,
    profilePictureUrl: profilePictureUrl(row.id, row.profilePictureKey),
    concurrencyStamp: row.concurrencyStamp,
  };
}

export async function getMyProfile(db: Db, userId: string): Promise<MyProfile> {
  return toMyProfile(await getUserOrThrow(db, userId));
}

export async function getUserInfo(db: Db, userId: string): Promise<UserInfo> {
  return toUserInfo(await getUserOrThrow(db, userId));
}

/** The fields a profile update may carry, as validated by the contract. */
type ProfileChanges = Omit<z.infer<typeof UpdateMyProfileSchema>, 'concurrencyStamp'>;

async function assertReferencesExist(db: Db, changes: ProfileChanges, prefix: string) {
  if (changes.genderId) {
    const [gender] = await db.select({ id: genders.id }).from(genders).where(eq(genders.id, changes.genderId));
    if (!gender) throw fieldError('VALIDATION_FAILED', `${prefix}.genderId`, 'Unknown gender');
  }
  if (changes.currencyId) {
    const [currency] = await db
      .select({ id: currencies.id })
      .from(currencies)
      .where(eq(currencies.id, changes.currencyId));
    if (!currency) throw fieldError('VALIDATION_FAILED', `${prefix}.currencyId`, 'Unknown currency');
  }
}

/**
 * Applies a profile change. With `concurrencyStamp`, only over the version the caller read:
 * otherwise 409 STALE_UPDATE, never a silent overwrite. Every change gets a new stamp.
 */
export async function updateProfile(
  deps: ProfileDeps,
  input: { userId: string; changes: ProfileChanges; concurrencyStamp?: string; prefix?: string },
): Promise<UserRow> {
  const { db, clock } = deps;
  const prefix = input.prefix ?? 'body';
  const { changes } = input;
  const today = clock.now().toISOString().slice(0, 10);
  if (changes.birthDate && changes.birthDate > today) {
    throw fieldError('VALIDATION_FAILED', `${prefix}.birthDate`, 'Birth date cannot be in the future');
  }
  await assertReferencesExist(db, changes, prefix);
  const current = await getUserOrThrow(db, input.userId);

  const set: Partial<typeof users.$inferInsert> = {};
  if (changes.userName !== undefined) set.userName = changes.userName;
  if (changes.name !== undefined) set.name = changes.name;
  if (changes.surname !== undefined) set.surname = changes.surname;
  if (changes.email !== undefined) {
    const email = changes.email || null;
    set.email = email;
    // A new address is not confirmed yet.
    if ((email ?? '').toLowerCase() !== (current.email ?? '').toLowerCase()) set.emailConfirmed = false;
  }
  if (changes.timezone !== undefined) set.timezone = changes.timezone;
  if (changes.birthDate !== undefined) set.birthDate = changes.birthDate;
  if (changes.about !== undefined) set.about = changes.about || null;
  if (changes.genderId !== undefined) set.genderId = changes.genderId;
  if (changes.currencyId !== undefined) set.currencyId = changes.currencyId;
  const preferences = changes.notificationPreferences;
  if (preferences?.ads !== undefined) set.notifyAds = preferences.ads;
  if (preferences?.messages !== undefined) set.notifyMessages = preferences.messages;
  if (preferences?.appUpdates !== undefined) set.notifyAppUpdates = preferences.appUpdates;
  if (changes.locale !== undefined) set.locale = changes.locale;

  try {
    const [updated] = await db
      .update(users)
      .set({ ...set, concurrencyStamp: randomUUID(), updatedAt: clock.now() })
      .where(
        and(
          eq(users.id, input.userId),
          isNull(users.deletedAt),
          input.concurrencyStamp ? eq(users.concurrencyStamp, input.concurrencyStamp) : undefined,
        ),
      )
      .returning();
    if (updated) return updated;
  } catch (error) {
    const constraint = violatedUniqueConstraint(error);
    if (constraint === 'users_email') {
      throw fieldError('CONFLICT', `${prefix}.email`, 'This e-mail address is already in use');
    }
    if (constraint === 'users_user_name') {
      throw fieldError('CONFLICT', `${prefix}.userName`, 'This user name is already taken');
    }
    throw error;
  }
  if (!(await findUserById(db, input.userId))) throw new AppError('USER_NOT_FOUND', 'User not found');
  throw new AppError('STALE_UPDATE', 'The profile was changed elsewhere; reload it and try again', {
    concurrencyStamp: (await getUserOrThrow(db, input.userId)).concurrencyStamp,
  });
}

export async function updateMyProfile(deps: ProfileDeps, userId: string, input: z.infer<typeof UpdateMyProfileSchema>) {
  const { concurrencyStamp, ...changes } = input;
  return toMyProfile(await updateProfile(deps, { userId, changes, concurrencyStamp }));
}

export async function updateUserProfileDetail(
  deps: ProfileDeps,
  userId: string,
  input: z.infer<typeof UpdateUserProfileDetailSchema>,
) {
  const { concurrencyStamp, ...changes } = input;
  return toMyProfile(await updateProfile(deps, { userId, changes, concurrencyStamp }));
}
