import { randomUUID } from 'node:crypto';
import { PROFILE_PICTURE_MAX_SIDE } from '@marco/contract/accounts';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import { users } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { reencodeImage, UnsupportedImageError } from '../../platform/images/index.js';
import type { StoredFile } from '../../platform/storage/index.js';
import { profilePictureUrl } from '../auth/current-user.js';

type PictureDeps = Pick<AppDeps, 'db' | 'clock' | 'storage'>;

/**
 * Stores a new avatar for `userId` (the caller; there is no way to name another user):
 * re-encoded to WebP without metadata, then the old file is removed.
 */
export async function setProfilePicture(deps: PictureDeps, userId: string, upload: Buffer) {
  let image: Buffer;
  try {
    image = await reencodeImage(upload, { maxSide: PROFILE_PICTURE_MAX_SIDE });
  } catch (error) {
    if (error instanceof UnsupportedImageError) throw new AppError('INVALID_IMAGE_FORMAT', 'Invalid image format');
    throw error;
  }
  const key = `avatars/${userId}/${randomUUID()}.webp`;
  await deps.storage.put(key, image, 'image/webp');
  // The key replaced is read under the row lock, so pictures uploaded together replace one
  // another in turn and each removes the file it replaced: the last one stays, none is orphaned.
  const replaced = await deps.db.transaction(async (tx) => {
    const [previous] = await tx
      .select({ key: users.profilePictureKey })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .for('no key update');
    if (!previous) return undefined;
    await tx.update(users).set({ profilePictureKey: key, updatedAt: deps.clock.now() }).where(eq(users.id, userId));
    return previous;
  });
  if (!replaced) {
    await deps.storage.delete(key);
    throw new AppError('USER_NOT_FOUND', 'User not found');
  }
  if (replaced.key) await deps.storage.delete(replaced.key);
  return { profilePictureUrl: profilePictureUrl(userId, key) ?? '' };
}

/** A user's public avatar, or NOT_FOUND when they have none (or no longer exist). */
export async function getProfilePicture(deps: PictureDeps, userId: string): Promise<StoredFile & { key: string }> {
  const [row] = await deps.db
    .select({ key: users.profilePictureKey })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  const file = row?.key ? await deps.storage.get(row.key) : null;
  if (!row?.key || !file) throw new AppError('NOT_FOUND', 'No profile picture');
  return { ...file, key: row.key };
}
