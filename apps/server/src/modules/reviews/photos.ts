import { randomUUID } from 'node:crypto';
import { GUIDE_PHOTO_CARD_SIZE, GUIDE_PHOTO_GALLERY_SIZE } from '@marco/contract/guides';
import { REVIEW_PHOTO_TYPES, type ReviewPhoto } from '@marco/contract/reviews';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import { reviewPhotos, users } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { detectImageType, imageDimensions, reencodeImage, UnsupportedImageError } from '../../platform/images/index.js';
import { uuidv7 } from '../../platform/uuid-v7.js';

/*
 * Review photos: uploaded by the tourist before the review is sent, re-encoded to WebP
 * (which drops EXIF and GPS), stored through the storage adapter, attached by `create`.
 * An unattached photo is its uploader's alone; an attached one is public.
 */

type Deps = Pick<AppDeps, 'db' | 'clock' | 'storage'>;
type PhotoRow = typeof reviewPhotos.$inferSelect;

/** Photos a user may hold for reviews not yet sent (a review takes five; this leaves room for retries). */
export const REVIEW_PHOTO_PENDING_MAX = 20;

export const reviewPhotoUrl = (id: string, size: 'thumb' | 'full') =>
  `/api/app/review-public/photo?id=${id}&size=${size}`;

export const toReviewPhoto = (row: Pick<PhotoRow, 'id' | 'width' | 'height'>): ReviewPhoto => ({
  id: row.id,
  thumbUrl: reviewPhotoUrl(row.id, 'thumb'),
  url: reviewPhotoUrl(row.id, 'full'),
  width: row.width,
  height: row.height,
});

async function encode(upload: Buffer) {
  const type = await detectImageType(upload);
  if (!type || !(REVIEW_PHOTO_TYPES as readonly string[]).includes(type)) {
    throw new AppError('INVALID_IMAGE_FORMAT', 'Invalid image format (JPEG, PNG or WebP)');
  }
  try {
    const [thumb, full] = await Promise.all([
      reencodeImage(upload, { maxSide: GUIDE_PHOTO_CARD_SIZE }),
      reencodeImage(upload, { maxSide: GUIDE_PHOTO_GALLERY_SIZE }),
    ]);
    const { width, height } = await imageDimensions(full);
    return { thumb, full, width, height };
  } catch (error) {
    if (error instanceof UnsupportedImageError) throw new AppError('INVALID_IMAGE_FORMAT', 'Invalid image format');
    throw error;
  }
}

/** Stores one photo of `ownerId` for a review to come. */
export async function uploadReviewPhoto(deps: Deps, ownerId: string, upload: Buffer): Promise<ReviewPhoto> {
  const image = await encode(upload);
  const now = deps.clock.now();
  const id = uuidv7(now);
  const base = `public/reviews/${ownerId}/${randomUUID()}`;
  const keys = { full: `${base}-full.webp`, thumb: `${base}-thumb.webp` };
  await deps.storage.put(keys.full, image.full, 'image/webp');
  await deps.storage.put(keys.thumb, image.thumb, 'image/webp');
  try {
    // Counted and stored under the uploader's row lock, so photos chosen together cannot pass the limit.
    await deps.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('no key update');
      const [pending] = await tx
        .select({ value: count() })
        .from(reviewPhotos)
        .where(and(eq(reviewPhotos.ownerId, ownerId), isNull(reviewPhotos.reviewId)));
      if ((pending?.value ?? 0) >= REVIEW_PHOTO_PENDING_MAX) {
        throw new AppError('INVALID_STATE', `At most ${REVIEW_PHOTO_PENDING_MAX} photos may wait for a review`);
      }
      await tx.insert(reviewPhotos).values({
        id,
        ownerId,
        storageKey: keys.full,
        thumbKey: keys.thumb,
        width: image.width,
        height: image.height,
        sizeBytes: image.full.length,
        createdAt: now,
      });
    });
  } catch (error) {
    await Promise.all([deps.storage.delete(keys.full), deps.storage.delete(keys.thumb)]);
    throw error;
  }
  return toReviewPhoto({ id, width: image.width, height: image.height });
}

/** The bytes of a photo: any attached one, or an unattached one of `viewerId`; else 404. */
export async function readReviewPhoto(deps: Deps, viewerId: string | null, id: string, size: 'thumb' | 'full') {
  const [row] = await deps.db.select().from(reviewPhotos).where(eq(reviewPhotos.id, id));
  if (!row || (row.reviewId === null && row.ownerId !== viewerId)) throw new AppError('NOT_FOUND', 'Photo not found');
  const file = await deps.storage.get(size === 'thumb' ? row.thumbKey : row.storageKey);
  if (!file) throw new AppError('NOT_FOUND', 'Photo not found');
  return { body: file.body, contentType: file.contentType, public: row.reviewId !== null };
}
