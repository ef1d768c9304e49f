import { randomUUID } from 'node:crypto';
import {
  GUIDE_DOCUMENT_MAX_COUNT,
  GUIDE_DOCUMENT_TYPES,
  GUIDE_PHOTO_CARD_SIZE,
  GUIDE_PHOTO_GALLERY_SIZE,
  GUIDE_PHOTO_MAX_COUNT,
  GUIDE_PHOTO_TYPES,
  GUIDE_VIDEO_RECOMMENDED_SECONDS,
  type GuidePhoto,
  type GuideVideo,
  type GuideVideoUploaded,
  type PrivateDocument,
  type PrivateDocumentKind,
  VEHICLE_PHOTO_MAX_COUNT,
} from '@marco/contract/guides';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { AppDeps } from '../../app-deps.js';
import type { Db } from '../../db/client.js';
import { guideFiles, guides, guideVehicles } from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/auth/index.js';
import { AppError, fieldError } from '../../platform/errors.js';
import { detectImageType, imageDimensions, reencodeImage, UnsupportedImageError } from '../../platform/images/index.js';
import {
  ensureGuide,
  findGuideByUser,
  type GuideRow,
  isPublicGuide,
  isStaff,
  type Tx,
  withGuideLocked,
} from '../guides/guide-profile.js';
import { readMp4DurationFromFile } from './mp4-duration.js';
import type { StreamedUpload } from './uploads.js';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'storage'>;
type FileRow = typeof guideFiles.$inferSelect;

const FILES = '/api/app/file-management-public';
export const photoUrl = (id: string, size: 'card' | 'gallery') =>
  `${FILES}/user-public-photo-file?id=${id}&size=${size}`;
export const videoUrl = (id: string) => `${FILES}/user-guide-video-file?id=${id}`;
export const privateFileUrl = (id: string) => `${FILES}/user-private-file?id=${id}`;

const PUBLIC_KINDS = new Set(['photo', 'video', 'vehicle_photo']);
const VIDEO_EXTENSIONS: Record<string, string> = { 'video/mp4': 'mp4', 'video/webm': 'webm', 'video/quicktime': 'mov' };
const DOCUMENT_EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

export const toGuidePhoto = (row: FileRow): GuidePhoto => ({
  id: row.id,
  position: row.position,
  isCover: row.isCover,
  cardUrl: photoUrl(row.id, 'card'),
  galleryUrl: photoUrl(row.id, 'gallery'),
  width: row.width ?? 0,
  height: row.height ?? 0,
  createdAt: row.createdAt.toISOString(),
});

export const toGuideVideo = (row: FileRow): GuideVideo => ({
  id: row.id,
  url: videoUrl(row.id),
  contentType: row.contentType as GuideVideo['contentType'],
  sizeBytes: row.sizeBytes,
  durationSeconds: row.durationSeconds,
  durationSource: row.durationSource as GuideVideo['durationSource'],
  createdAt: row.createdAt.toISOString(),
});

export const toPrivateDocument = (row: FileRow): PrivateDocument => ({
  id: row.id,
  kind: row.kind as PrivateDocumentKind,
  vehicleId: row.vehicleId,
  fileName: row.originalName,
  contentType: row.contentType as PrivateDocument['contentType'],
  sizeBytes: row.sizeBytes,
  downloadUrl: privateFileUrl(row.id),
  createdAt: row.createdAt.toISOString(),
});

// -- Reading lists (used by the guides and admin modules too) -----------------------------------

export async function listGuidePhotos(db: Db, guideId: string, ids?: string[]): Promise<GuidePhoto[]> {
  const rows = await db
    .select()
    .from(guideFiles)
    .where(
      and(
        eq(guideFiles.guideId, guideId),
        eq(guideFiles.kind, 'photo'),
        ids ? inArray(guideFiles.id, ids.length ? ids : [randomUUID()]) : undefined,
      ),
    )
    .orderBy(asc(guideFiles.position), asc(guideFiles.createdAt));
  return rows.map(toGuidePhoto);
}

export async function findGuideVideo(db: Db, guideId: string): Promise<GuideVideo | null> {
  const [row] = await db
    .select()
    .from(guideFiles)
    .where(and(eq(guideFiles.guideId, guideId), eq(guideFiles.kind, 'video')));
  return row ? toGuideVideo(row) : null;
}

/** Private documents of a guide (owner's and staff's views only). */
export async function listGuideDocuments(db: Db, guideId: string, kinds: PrivateDocumentKind[]) {
  const rows = await db
    .select()
    .from(guideFiles)
    .where(and(eq(guideFiles.guideId, guideId), inArray(guideFiles.kind, kinds)))
    .orderBy(asc(guideFiles.createdAt));
  return rows.map(toPrivateDocument);
}

/** Photos and papers of the given vehicles, by vehicle id. */
export async function listVehicleFiles(db: Db, vehicleIds: string[]) {
  if (!vehicleIds.length) return [];
  return db
    .select()
    .from(guideFiles)
    .where(inArray(guideFiles.vehicleId, vehicleIds))
    .orderBy(asc(guideFiles.position), asc(guideFiles.createdAt));
}

// -- Photos ------------------------------------------------------------------------------------

async function encodePhoto(upload: Buffer) {
  const type = await detectImageType(upload);
  if (!type || !(GUIDE_PHOTO_TYPES as readonly string[]).includes(type)) {
    throw new AppError('INVALID_IMAGE_FORMAT', 'Invalid image format (JPEG, PNG or WebP)');
  }
  try {
    const [card, gallery] = await Promise.all([
      reencodeImage(upload, { maxSide: GUIDE_PHOTO_CARD_SIZE }),
      reencodeImage(upload, { maxSide: GUIDE_PHOTO_GALLERY_SIZE }),
    ]);
    const { width, height } = await imageDimensions(gallery);
    return { card, gallery, width, height };
  } catch (error) {
    if (error instanceof UnsupportedImageError) throw new AppError('INVALID_IMAGE_FORMAT', 'Invalid image format');
    throw error;
  }
}

async function storePhoto(
  deps: Deps,
  guide: GuideRow,
  upload: Buffer,
  target: { kind: 'photo' | 'vehicle_photo'; vehicleId: string | null; maxCount: number },
): Promise<FileRow> {
  const image = await encodePhoto(upload);
  const base = `public/guides/${guide.id}/${target.kind === 'photo' ? 'photos' : 'vehicles'}/${randomUUID()}`;
  const keys = { gallery: `${base}-gallery.webp`, card: `${base}-card.webp` };
  await deps.storage.put(keys.gallery, image.gallery, 'image/webp');
  await deps.storage.put(keys.card, image.card, 'image/webp');
  try {
    // Under the guide's lock, so photos chosen together count, take positions and claim the
    // cover one after another: the first stored is the cover, the limit refuses the extra ones.
    return await withGuideLocked(deps.db, guide.id, async (tx) => {
      if (target.vehicleId) await getOwnVehicle(tx, guide, target.vehicleId);
      const [counts] = await tx
        .select({
          count: sql<number>`count(*)::int`,
          last: sql<number>`coalesce(max(${guideFiles.position}), -1)::int`,
          covers: sql<number>`count(*) filter (where ${guideFiles.isCover})::int`,
        })
        .from(guideFiles)
        .where(
          and(
            eq(guideFiles.guideId, guide.id),
            eq(guideFiles.kind, target.kind),
            target.vehicleId ? eq(guideFiles.vehicleId, target.vehicleId) : undefined,
          ),
        );
      if ((counts?.count ?? 0) >= target.maxCount) {
        throw new AppError('INVALID_STATE', `At most ${target.maxCount} photos`);
      }
      const [row] = await tx
        .insert(guideFiles)
        .values({
          guideId: guide.id,
          vehicleId: target.vehicleId,
          kind: target.kind,
          storageKey: keys.gallery,
          cardKey: keys.card,
          contentType: 'image/webp',
          sizeBytes: image.gallery.length,
          width: image.width,
          height: image.height,
          position: (counts?.last ?? -1) + 1,
          // The first guide photo is the cover until another is chosen.
          isCover: target.kind === 'photo' && (counts?.covers ?? 0) === 0,
          createdAt: deps.clock.now(),
        })
        .returning();
      if (!row) throw new Error('photo insert returned no row');
      return row;
    });
  } catch (error) {
    await Promise.all([deps.storage.delete(keys.gallery), deps.storage.delete(keys.card)]);
    throw error;
  }
}

export async function uploadGuidePhoto(deps: Deps, userId: string, upload: Buffer): Promise<GuidePhoto> {
  const guide = await ensureGuide(deps, userId);
  return toGuidePhoto(
    await storePhoto(deps, guide, upload, { kind: 'photo', vehicleId: null, maxCount: GUIDE_PHOTO_MAX_COUNT }),
  );
}

/** One of the caller's own files of `kinds`, or 404 (another user's id looks like an unknown one). */
async function getOwnFile(
  db: Db,
  userId: string,
  id: string,
  kinds: string[],
): Promise<{ guide: GuideRow; file: FileRow }> {
  const guide = await findGuideByUser(db, userId);
  const [file] = guide
    ? await db
        .select()
        .from(guideFiles)
        .where(and(eq(guideFiles.id, id), eq(guideFiles.guideId, guide.id), inArray(guideFiles.kind, kinds)))
    : [];
  if (!guide || !file) throw new AppError('NOT_FOUND', 'File not found');
  return { guide, file };
}

async function removeStored(deps: Deps, file: FileRow) {
  await deps.storage.delete(file.storageKey);
  if (file.cardKey) await deps.storage.delete(file.cardKey);
}

/** Deletes one of the caller's photos; the cover passes to the first remaining photo. Answers the remaining photos. */
export async function deleteGuidePhoto(deps: Deps, userId: string, id: string): Promise<GuidePhoto[]> {
  const { guide } = await getOwnFile(deps.db, userId, id, ['photo']);
  // Whether it was the cover is read as it goes, under the lock: a cover chosen meanwhile counts.
  const file = await withGuideLocked(deps.db, guide.id, async (tx) => {
    const [deleted] = await tx
      .delete(guideFiles)
      .where(and(eq(guideFiles.id, id), eq(guideFiles.guideId, guide.id)))
      .returning();
    if (!deleted) throw new AppError('NOT_FOUND', 'File not found');
    if (deleted.isCover) {
      const [next] = await tx
        .select({ id: guideFiles.id })
        .from(guideFiles)
        .where(and(eq(guideFiles.guideId, guide.id), eq(guideFiles.kind, 'photo')))
        .orderBy(asc(guideFiles.position))
        .limit(1);
      if (next) await tx.update(guideFiles).set({ isCover: true }).where(eq(guideFiles.id, next.id));
    }
    return deleted;
  });
  await removeStored(deps, file);
  return listGuidePhotos(deps.db, guide.id);
}

/** `ids` must be exactly the caller's photos, in the new order. */
export async function reorderGuidePhotos(deps: Deps, userId: string, ids: string[]): Promise<GuidePhoto[]> {
  const guide = await findGuideByUser(deps.db, userId);
  if (!guide) throw new AppError('NOT_FOUND', 'No photos');
  await withGuideLocked(deps.db, guide.id, async (tx) => {
    const current = await tx
      .select({ id: guideFiles.id })
      .from(guideFiles)
      .where(and(eq(guideFiles.guideId, guide.id), eq(guideFiles.kind, 'photo')));
    const known = new Set(current.map((photo) => photo.id));
    if (new Set(ids).size !== ids.length || ids.length !== known.size || !ids.every((id) => known.has(id))) {
      throw fieldError('VALIDATION_FAILED', 'body.ids', 'Send every one of your photo ids once, in the new order');
    }
    for (const [position, id] of ids.entries()) {
      await tx.update(guideFiles).set({ position }).where(eq(guideFiles.id, id));
    }
  });
  return listGuidePhotos(deps.db, guide.id);
}

export async function setCoverPhoto(deps: Deps, userId: string, id: string): Promise<GuidePhoto[]> {
  const { guide } = await getOwnFile(deps.db, userId, id, ['photo']);
  // The last choice wins; a photo deleted meanwhile is 404 and leaves the cover as it was.
  await withGuideLocked(deps.db, guide.id, async (tx) => {
    const [photo] = await tx
      .select({ id: guideFiles.id })
      .from(guideFiles)
      .where(and(eq(guideFiles.id, id), eq(guideFiles.guideId, guide.id), eq(guideFiles.kind, 'photo')));
    if (!photo) throw new AppError('NOT_FOUND', 'File not found');
    await tx
      .update(guideFiles)
      .set({ isCover: false })
      .where(and(eq(guideFiles.guideId, guide.id), eq(guideFiles.isCover, true)));
    await tx.update(guideFiles).set({ isCover: true }).where(eq(guideFiles.id, id));
  });
  return listGuidePhotos(deps.db, guide.id);
}

// -- Video ---------------------------------------------------------------------------------------

/**
 * Stores the caller's intro video (replacing the previous one). The duration comes from the
 * MP4/MOV header, else from the client; outside 1–2 minutes (spec §9) it is a warning only.
 */
export async function uploadGuideVideo(
  deps: Deps,
  userId: string,
  upload: StreamedUpload,
  clientDurationSeconds: number | undefined,
): Promise<GuideVideoUploaded> {
  const guide = await ensureGuide(deps, userId);
  const contentType = upload.mime === 'video/x-m4v' ? 'video/mp4' : upload.mime;
  const extension = VIDEO_EXTENSIONS[contentType];
  if (!extension) throw new Error(`unexpected video type ${upload.mime}`);
  const fileDuration = contentType === 'video/webm' ? null : await readMp4DurationFromFile(upload.filePath);
  const duration = fileDuration ?? clientDurationSeconds ?? null;
  const key = `public/guides/${guide.id}/videos/${randomUUID()}.${extension}`;
  await deps.storage.putFile(key, upload.filePath, contentType);
  let previous: FileRow[] = [];
  let row: FileRow | undefined;
  try {
    // Videos uploaded together replace one another in turn: the last stored stays.
    row = await withGuideLocked(deps.db, guide.id, async (tx) => {
      previous = await tx
        .delete(guideFiles)
        .where(and(eq(guideFiles.guideId, guide.id), eq(guideFiles.kind, 'video')))
        .returning();
      const [inserted] = await tx
        .insert(guideFiles)
        .values({
          guideId: guide.id,
          kind: 'video',
          storageKey: key,
          contentType,
          sizeBytes: upload.size,
          originalName: upload.filename,
          durationSeconds: duration,
          durationSource: fileDuration !== null ? 'file' : duration !== null ? 'client' : null,
          createdAt: deps.clock.now(),
        })
        .returning();
      return inserted;
    });
  } catch (error) {
    await deps.storage.delete(key);
    throw error;
  }
  if (!row) throw new Error('video insert returned no row');
  for (const old of previous) await removeStored(deps, old);
  const { min, max } = GUIDE_VIDEO_RECOMMENDED_SECONDS;
  const warnings: GuideVideoUploaded['warnings'] = [];
  if (duration === null) warnings.push('DURATION_UNKNOWN');
  else if (duration < min || duration > max) warnings.push('DURATION_OUTSIDE_RECOMMENDED');
  return { ...toGuideVideo(row), warnings };
}

export async function deleteGuideVideo(deps: Deps, userId: string, id: string): Promise<void> {
  const { file } = await getOwnFile(deps.db, userId, id, ['video']);
  await deps.db.delete(guideFiles).where(eq(guideFiles.id, file.id));
  await removeStored(deps, file);
}

// -- Private documents -------------------------------------------------------------------------

/** The caller's own vehicle, or 404. */
async function getOwnVehicle(db: Db | Tx, guide: GuideRow, vehicleId: string) {
  const [vehicle] = await db
    .select({ id: guideVehicles.id })
    .from(guideVehicles)
    .where(and(eq(guideVehicles.id, vehicleId), eq(guideVehicles.guideId, guide.id)));
  if (!vehicle) throw new AppError('NOT_FOUND', 'Vehicle not found');
  return vehicle;
}

/**
 * Stores a private document (PDF, JPEG or PNG judged by its bytes) of the caller. The key is
 * random and the file is only ever served through user-private-file, to the owner or staff.
 */
export async function uploadGuideDocument(
  deps: Deps,
  userId: string,
  kind: PrivateDocumentKind,
  upload: { bytes: Buffer; filename: string | null },
  vehicleId: string | null = null,
): Promise<PrivateDocument> {
  const type = (await fileTypeFromBuffer(upload.bytes))?.mime;
  if (!type || !(GUIDE_DOCUMENT_TYPES as readonly string[]).includes(type)) {
    throw fieldError('VALIDATION_FAILED', 'body.file', 'Only PDF, JPEG or PNG documents are accepted');
  }
  const guide = vehicleId ? await findGuideByUser(deps.db, userId) : await ensureGuide(deps, userId);
  if (!guide) throw new AppError('NOT_FOUND', 'Vehicle not found');
  if (vehicleId) await getOwnVehicle(deps.db, guide, vehicleId);
  const key = `private/guides/${guide.id}/${randomUUID()}.${DOCUMENT_EXTENSIONS[type]}`;
  await deps.storage.put(key, upload.bytes, type);
  try {
    // Counted and stored under the guide's lock, so uploads together cannot pass the limit.
    return await withGuideLocked(deps.db, guide.id, async (tx) => {
      if (vehicleId) await getOwnVehicle(tx, guide, vehicleId);
      const stored = await tx.$count(
        guideFiles,
        and(
          eq(guideFiles.guideId, guide.id),
          eq(guideFiles.kind, kind),
          vehicleId ? eq(guideFiles.vehicleId, vehicleId) : undefined,
        ),
      );
      if (stored >= GUIDE_DOCUMENT_MAX_COUNT) {
        throw new AppError('INVALID_STATE', `At most ${GUIDE_DOCUMENT_MAX_COUNT} documents of this kind`);
      }
      const [row] = await tx
        .insert(guideFiles)
        .values({
          guideId: guide.id,
          vehicleId,
          kind,
          storageKey: key,
          contentType: type,
          sizeBytes: upload.bytes.length,
          originalName: upload.filename,
          createdAt: deps.clock.now(),
        })
        .returning();
      if (!row) throw new Error('document insert returned no row');
      return toPrivateDocument(row);
    });
  } catch (error) {
    await deps.storage.delete(key);
    throw error;
  }
}

export async function deletePrivateFile(deps: Deps, userId: string, id: string): Promise<void> {
  const { file } = await getOwnFile(deps.db, userId, id, [
    'identity',
    'certificate',
    'vehicle_registration',
    'vehicle_insurance',
  ]);
  await deps.db.delete(guideFiles).where(eq(guideFiles.id, file.id));
  await removeStored(deps, file);
}

export async function uploadVehiclePhoto(deps: Deps, userId: string, vehicleId: string, upload: Buffer) {
  const guide = await findGuideByUser(deps.db, userId);
  if (!guide) throw new AppError('NOT_FOUND', 'Vehicle not found');
  await getOwnVehicle(deps.db, guide, vehicleId);
  const row = await storePhoto(deps, guide, upload, {
    kind: 'vehicle_photo',
    vehicleId,
    maxCount: VEHICLE_PHOTO_MAX_COUNT,
  });
  return { id: row.id, cardUrl: photoUrl(row.id, 'card'), galleryUrl: photoUrl(row.id, 'gallery') };
}

export async function deleteVehiclePhoto(deps: Deps, userId: string, id: string): Promise<void> {
  const { file } = await getOwnFile(deps.db, userId, id, ['vehicle_photo']);
  await deps.db.delete(guideFiles).where(eq(guideFiles.id, file.id));
  await removeStored(deps, file);
}

/** Storage keys of every file of a vehicle (to remove them after the vehicle's rows go). */
export async function listVehicleStorageKeys(db: Db | Tx, vehicleId: string): Promise<string[]> {
  const rows = await db
    .select({ storageKey: guideFiles.storageKey, cardKey: guideFiles.cardKey })
    .from(guideFiles)
    .where(eq(guideFiles.vehicleId, vehicleId));
  return rows.flatMap((row) => (row.cardKey ? [row.storageKey, row.cardKey] : [row.storageKey]));
}

// -- Serving -------------------------------------------------------------------------------------

/** A file row with its guide, when `viewer` may read it: public kinds of public guides; everything of their own; staff all. */
async function findReadableFile(db: Db, viewer: AuthUser | null, id: string, kinds: string[]) {
  const [row] = await db
    .select({ file: guideFiles, guide: guides })
    .from(guideFiles)
    .innerJoin(guides, eq(guides.id, guideFiles.guideId))
    .where(and(eq(guideFiles.id, id), inArray(guideFiles.kind, kinds)));
  if (!row) return null;
  const isOwner = viewer !== null && row.guide.userId === viewer.id;
  if (isOwner || isStaff(viewer)) return row.file;
  if (PUBLIC_KINDS.has(row.file.kind) && isPublicGuide(row.guide)) return row.file;
  return null;
}

export async function readPublicPhoto(deps: Deps, viewer: AuthUser | null, id: string, size: 'card' | 'gallery') {
  const file = await findReadableFile(deps.db, viewer, id, ['photo', 'vehicle_photo']);
  const key = file ? (size === 'card' ? (file.cardKey ?? file.storageKey) : file.storageKey) : null;
  const stored = key ? await deps.storage.get(key) : null;
  if (!stored) throw new AppError('NOT_FOUND', 'Photo not found');
  return { body: stored.body, contentType: 'image/webp' };
}

/** A video `viewer` may watch: its storage key, type and size; else 404. */
export async function getReadableVideo(deps: Deps, viewer: AuthUser | null, id: string) {
  const file = await findReadableFile(deps.db, viewer, id, ['video']);
  if (!file) throw new AppError('NOT_FOUND', 'Video not found');
  return { storageKey: file.storageKey, contentType: file.contentType, sizeBytes: file.sizeBytes };
}

/** A private document for its owner or staff; anyone else gets the same 404 as for an unknown id. */
export async function readPrivateFile(deps: Deps, viewer: AuthUser, id: string) {
  const file = await findReadableFile(deps.db, viewer, id, [
    'identity',
    'certificate',
    'vehicle_registration',
    'vehicle_insurance',
  ]);
  const stored = file ? await deps.storage.get(file.storageKey) : null;
  if (!file || !stored) throw new AppError('NOT_FOUND', 'File not found');
  return { body: stored.body, contentType: file.contentType, fileName: file.originalName };
}
