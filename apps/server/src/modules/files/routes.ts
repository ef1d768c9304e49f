import { SuccessSchema } from '@marco/contract/auth';
import { ErrorBodySchema } from '@marco/contract/errors';
import {
  DocumentCheckSchema,
  FileBytesSchema,
  FileIdQuerySchema,
  GUIDE_DOCUMENT_MAX_BYTES,
  GUIDE_PHOTO_MAX_BYTES,
  GUIDE_VIDEO_TYPES,
  GuideIdParamsSchema,
  GuidePhotoListSchema,
  GuidePhotoSchema,
  GuideVideoListSchema,
  GuideVideoUploadedSchema,
  PhotoIdsQuerySchema,
  PrivateDocumentSchema,
  PublicPhotoQuerySchema,
  ReorderPhotosSchema,
  VehicleDocUploadQuerySchema,
  VehiclePhotoSchema,
  VehiclePhotoUploadQuerySchema,
  VideoUploadQuerySchema,
} from '@marco/contract/guides';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedInSecurity, userOf } from '../../platform/auth/index.js';
import { AppError, fieldError } from '../../platform/errors.js';
import { findGuideByUser, getReadableGuide } from '../guides/guide-profile.js';
import {
  deleteGuidePhoto,
  deleteGuideVideo,
  deletePrivateFile,
  deleteVehiclePhoto,
  findGuideVideo,
  getReadableVideo,
  listGuideDocuments,
  listGuidePhotos,
  readPrivateFile,
  readPublicPhoto,
  reorderGuidePhotos,
  setCoverPhoto,
  uploadGuideDocument,
  uploadGuidePhoto,
  uploadGuideVideo,
  uploadVehiclePhoto,
} from './guide-files.js';
import { readUploadBuffer, streamUploadToFile } from './uploads.js';

const tags = ['files'];
const P = '/api/app/file-management-public';
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema]));
const guarded = { onRequest: requireUser };
const signedIn = signedInSecurity;

const photoLimits = {
  maxBytes: GUIDE_PHOTO_MAX_BYTES,
  tooLarge: () => new AppError('IMAGE_TOO_LARGE', 'Image too large (maximum 5MB)'),
};
const documentLimits = {
  maxBytes: GUIDE_DOCUMENT_MAX_BYTES,
  tooLarge: () => new AppError('PAYLOAD_TOO_LARGE', 'Document too large (maximum 10MB)'),
};
const VIDEO_MIMES = new Set<string>([...GUIDE_VIDEO_TYPES, 'video/x-m4v']);

const parseIds = (ids: string | undefined) =>
  ids === undefined
    ? undefined
    : ids
        .split(',')
        .map((id) => id.trim())
        .filter((id) => /^[0-9a-f-]{36}$/i.test(id));

/** `bytes=start-end` of a Range header against a file of `size` bytes; null for none or unusable. */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '') || size === 0) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start <= end && start < size ? { start, end } : null;
}

const sendPrivate = (reply: FastifyReply) =>
  reply.header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff');

/**
 * file-management-public (spec §7): guide photos and video (public), identity documents,
 * certificates and vehicle papers (private: owner and staff only, through user-private-file).
 */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { db } = deps;
  // spec: 200 MB (GUIDE_VIDEO_MAX_BYTES); operators may change it with GUIDE_VIDEO_MAX_MB.
  const videoMaxBytes = deps.config.GUIDE_VIDEO_MAX_MB * 1024 * 1024;

  // -- Photos ----------------------------------------------------------------------------

  app.post(
    `${P}/upload-user-guide-photo-file`,
    {
      schema: {
        tags,
        summary: 'Multipart `file`: JPEG, PNG or WebP ≤ 5 MB; stored as WebP 480 px (card) and 1600 px (gallery)',
        consumes: ['multipart/form-data'],
        ...signedIn,
        response: { 200: GuidePhotoSchema, ...errors(400, 401, 409, 413, 415) },
      },
      ...guarded,
    },
    async (request) => {
      const upload = await readUploadBuffer(request, photoLimits);
      return uploadGuidePhoto(deps, userOf(request).id, upload.bytes);
    },
  );

  app.get(
    `${P}/get-user-public-photo-by-ids`,
    {
      schema: {
        tags,
        summary: "The caller's guide photos in order (optionally only `ids`, comma-separated)",
        ...signedIn,
        querystring: PhotoIdsQuerySchema,
        response: { 200: GuidePhotoListSchema, ...errors(401) },
      },
      ...guarded,
    },
    async (request) => {
      const guide = await findGuideByUser(db, userOf(request).id);
      return { data: guide ? await listGuidePhotos(db, guide.id, parseIds(request.query.ids)) : [] };
    },
  );

  app.get(
    `${P}/get-guide-public-photo-by-ids/:id`,
    {
      schema: {
        tags,
        summary: 'Photos of guide {id} (guide id or user id), in order; optional `ids` filter',
        params: GuideIdParamsSchema,
        querystring: PhotoIdsQuerySchema,
        response: { 200: GuidePhotoListSchema, ...errors(400, 404) },
      },
    },
    async (request) => {
      const guide = await getReadableGuide(db, request.user, request.params.id);
      return { data: await listGuidePhotos(db, guide.id, parseIds(request.query.ids)) };
    },
  );

  app.get(
    `${P}/user-public-photo-file`,
    {
      schema: {
        tags,
        summary: 'Bytes (image/webp) of a guide or vehicle photo; size card (480 px) or gallery (1600 px)',
        querystring: PublicPhotoQuerySchema,
        response: { 200: FileBytesSchema, ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const photo = await readPublicPhoto(deps, request.user, request.query.id, request.query.size);
      return reply
        .header('content-type', photo.contentType)
        .header('cache-control', 'public, max-age=3600')
        .send(photo.body);
    },
  );

  app.delete(
    `${P}/delete-user-guide-photo-file`,
    {
      schema: {
        tags,
        summary: "Deletes one of the caller's photos (?id=); answers the remaining ones",
        ...signedIn,
        querystring: FileIdQuerySchema,
        response: { 200: GuidePhotoListSchema, ...errors(400, 401, 404) },
      },
      ...guarded,
    },
    async (request) => ({ data: await deleteGuidePhoto(deps, userOf(request).id, request.query.id) }),
  );

  app.put(
    `${P}/reorder-user-guide-photo-files`,
    {
      schema: {
        tags,
        summary: "Orders the caller's photos: body.ids lists every own photo id once",
        ...signedIn,
        body: ReorderPhotosSchema,
        response: { 200: GuidePhotoListSchema, ...errors(400, 401, 404) },
      },
      ...guarded,
    },
    async (request) => ({ data: await reorderGuidePhotos(deps, userOf(request).id, request.body.ids) }),
  );

  app.put(
    `${P}/set-user-guide-cover-photo`,
    {
      schema: {
        tags,
        summary: "Makes photo ?id= the caller's cover photo",
        ...signedIn,
        querystring: FileIdQuerySchema,
        response: { 200: GuidePhotoListSchema, ...errors(400, 401, 404) },
      },
      ...guarded,
    },
    async (request) => ({ data: await setCoverPhoto(deps, userOf(request).id, request.query.id) }),
  );

  // -- Video -----------------------------------------------------------------------------

  app.post(
    `${P}/upload-user-guide-video-file`,
    {
      schema: {
        tags,
        summary:
          'Multipart `file`: MP4, WebM or MOV ≤ 200 MB (by its bytes), streamed; replaces the intro video. ' +
          'Optional `durationSeconds` (field or query) when the file has no readable duration; outside 60–120 s answers a warning',
        consumes: ['multipart/form-data'],
        ...signedIn,
        querystring: VideoUploadQuerySchema,
        response: { 200: GuideVideoUploadedSchema, ...errors(400, 401, 413) },
      },
      ...guarded,
    },
    async (request) => {
      const upload = await streamUploadToFile(request, {
        maxBytes: videoMaxBytes,
        tooLarge: () =>
          new AppError('PAYLOAD_TOO_LARGE', `Video too large (maximum ${deps.config.GUIDE_VIDEO_MAX_MB}MB)`),
        accepts: (mime) => mime !== undefined && VIDEO_MIMES.has(mime),
        wrongType: () => fieldError('VALIDATION_FAILED', 'body.file', 'Only MP4, WebM or MOV videos are accepted'),
      });
      try {
        const fieldDuration = upload.fields.durationSeconds ? Number(upload.fields.durationSeconds) : undefined;
        const clientDuration =
          request.query.durationSeconds ??
          (fieldDuration !== undefined && Number.isFinite(fieldDuration) && fieldDuration > 0 && fieldDuration <= 3600
            ? fieldDuration
            : undefined);
        return await uploadGuideVideo(deps, userOf(request).id, upload, clientDuration);
      } finally {
        await upload.discard();
      }
    },
  );

  app.get(
    `${P}/get-guide-public-video-by-ids/:id`,
    {
      schema: {
        tags,
        summary: 'The intro video of guide {id} (guide id or user id): `{ data: [] }` or one video',
        params: GuideIdParamsSchema,
        response: { 200: GuideVideoListSchema, ...errors(400, 404) },
      },
    },
    async (request) => {
      const guide = await getReadableGuide(db, request.user, request.params.id);
      const video = await findGuideVideo(db, guide.id);
      return { data: video ? [video] : [] };
    },
  );

  app.get(
    `${P}/user-guide-video-file`,
    {
      schema: {
        tags,
        summary: 'Bytes of an intro video (?id=), streamed; honours a single Range',
        querystring: FileIdQuerySchema,
        response: { 200: FileBytesSchema, 206: FileBytesSchema, 416: ErrorBodySchema, ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const video = await getReadableVideo(deps, request.user, request.query.id);
      const size = video.sizeBytes;
      const rangeHeader = request.headers.range;
      const range = parseRange(rangeHeader, size);
      if (rangeHeader && !range) {
        return reply
          .status(416)
          .header('content-range', `bytes */${size}`)
          .send({ error: { code: 'VALIDATION_FAILED', message: 'Range not satisfiable' } });
      }
      const opened = await deps.storage.openRead(video.storageKey, range ?? undefined);
      if (!opened) throw new AppError('NOT_FOUND', 'Video not found');
      reply
        .header('content-type', video.contentType)
        .header('accept-ranges', 'bytes')
        .header('cache-control', 'public, max-age=3600');
      if (range) {
        reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
          .header('content-length', String(range.end - range.start + 1));
      } else {
        reply.header('content-length', String(size));
      }
      return reply.send(opened.stream);
    },
  );

  app.delete(
    `${P}/delete-user-guide-video-file`,
    {
      schema: {
        tags,
        summary: "Deletes the caller's intro video (?id=)",
        ...signedIn,
        querystring: FileIdQuerySchema,
        response: { 200: SuccessSchema, ...errors(400, 401, 404) },
      },
      ...guarded,
    },
    async (request) => {
      await deleteGuideVideo(deps, userOf(request).id, request.query.id);
      return { success: true as const };
    },
  );

  // -- Private documents -------------------------------------------------------------------

  for (const [url, kind, summary] of [
    [`${P}/upload-user-identity-doc-file`, 'identity', 'an identity document'],
    [`${P}/upload-user-certificate`, 'certificate', 'a guide certificate'],
  ] as const) {
    app.post(
      url,
      {
        schema: {
          tags,
          summary: `Multipart \`file\`: ${summary}, PDF, JPEG or PNG ≤ 10 MB (by its bytes). Private`,
          consumes: ['multipart/form-data'],
          ...signedIn,
          response: { 200: PrivateDocumentSchema, ...errors(400, 401, 409, 413) },
        },
        ...guarded,
      },
      async (request) => {
        const upload = await readUploadBuffer(request, documentLimits);
        return uploadGuideDocument(deps, userOf(request).id, kind, upload);
      },
    );
  }

  for (const [url, kind] of [
    [`${P}/check-user-identity-doc-file`, 'identity'],
    [`${P}/check-user-certificate`, 'certificate'],
  ] as const) {
    app.get(
      url,
      {
        schema: {
          tags,
          summary: `Whether the caller has uploaded ${kind === 'identity' ? 'identity documents' : 'a certificate'}, and which`,
          ...signedIn,
          response: { 200: DocumentCheckSchema, ...errors(401) },
        },
        ...guarded,
      },
      async (request) => {
        const guide = await findGuideByUser(db, userOf(request).id);
        const data = guide ? await listGuideDocuments(db, guide.id, [kind]) : [];
        return { exists: data.length > 0, data };
      },
    );
  }

  app.post(
    `${P}/upload-user-vehicle-doc-file`,
    {
      schema: {
        tags,
        summary:
          "Multipart `file`: registration or traffic-insurance paper of the caller's vehicle ?vehicleId=. Private",
        consumes: ['multipart/form-data'],
        ...signedIn,
        querystring: VehicleDocUploadQuerySchema,
        response: { 200: PrivateDocumentSchema, ...errors(400, 401, 404, 409, 413) },
      },
      ...guarded,
    },
    async (request) => {
      const upload = await readUploadBuffer(request, documentLimits);
      return uploadGuideDocument(deps, userOf(request).id, request.query.kind, upload, request.query.vehicleId);
    },
  );

  app.get(
    `${P}/user-private-file`,
    {
      schema: {
        tags,
        summary: 'Bytes of a private document (?id=): its owner and staff only; anyone else 404',
        ...signedIn,
        querystring: FileIdQuerySchema,
        response: { 200: FileBytesSchema, ...errors(400, 401, 404) },
      },
      ...guarded,
    },
    async (request, reply) => {
      const file = await readPrivateFile(deps, userOf(request), request.query.id);
      const name = (file.fileName ?? 'document').replace(/[^\w.-]+/g, '_');
      return sendPrivate(reply)
        .header('content-type', file.contentType)
        .header('content-disposition', `inline; filename="${name}"`)
        .send(file.body);
    },
  );

  app.delete(
    `${P}/delete-user-private-file`,
    {
      schema: {
        tags,
        summary: "Deletes one of the caller's private documents (?id=)",
        ...signedIn,
        querystring: FileIdQuerySchema,
        response: { 200: SuccessSchema, ...errors(400, 401, 404) },
      },
      ...guarded,
    },
    async (request) => {
      await deletePrivateFile(deps, userOf(request).id, request.query.id);
      return { success: true as const };
    },
  );

  // -- Vehicle photos ------------------------------------------------------------------------

  app.post(
    `${P}/upload-user-vehicle-photo-file`,
    {
      schema: {
        tags,
        summary: "Multipart `file`: a photo of the caller's vehicle ?vehicleId= (JPEG, PNG or WebP ≤ 5 MB). Public",
        consumes: ['multipart/form-data'],
        ...signedIn,
        querystring: VehiclePhotoUploadQuerySchema,
        response: { 200: VehiclePhotoSchema, ...errors(400, 401, 404, 409, 413, 415) },
      },
      ...guarded,
    },
    async (request) => {
      const upload = await readUploadBuffer(request, photoLimits);
      return uploadVehiclePhoto(deps, userOf(request).id, request.query.vehicleId, upload.bytes);
    },
  );

  app.delete(
    `${P}/delete-user-vehicle-photo-file`,
    {
      schema: {
        tags,
        summary: "Deletes a photo (?id=) of one of the caller's vehicles",
        ...signedIn,
        querystring: FileIdQuerySchema,
        response: { 200: SuccessSchema, ...errors(400, 401, 404) },
      },
      ...guarded,
    },
    async (request) => {
      await deleteVehiclePhoto(deps, userOf(request).id, request.query.id);
      return { success: true as const };
    },
  );
};
