import {
  DISPUTE_PHOTO_MAX_BYTES,
  DisputeMessageInputSchema,
  DisputeParamsSchema,
  DisputePhotoParamsSchema,
  DisputeQueueQuerySchema,
  DisputeQueueSchema,
  DisputeSchema,
  OpenDisputeSchema,
  ReservationDisputeParamsSchema,
  ReservationDisputeStateSchema,
  ResolveDisputeSchema,
  StaffDisputeDetailSchema,
} from '@marco/contract/disputes';
import { ErrorBodySchema } from '@marco/contract/errors';
import { FileBytesSchema } from '@marco/contract/guides';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedInSecurity, userOf } from '../../platform/auth/index.js';
import { AppError } from '../../platform/errors.js';
import { readUploadBuffer } from '../files/uploads.js';
import { rememberCallerLocale } from '../notifications/notice.js';
import { requireStaff } from '../staff/staff-guard.js';
import {
  addDisputePhoto,
  getDisputeForParty,
  getDisputeForStaff,
  listDisputes,
  openDispute,
  postPartyMessage,
  postStaffMessage,
  readDisputePhoto,
  reservationDisputeState,
  resolveDispute,
} from './service.js';

const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema]));
const actorOf = (request: FastifyRequest) => ({ user: userOf(request), requestId: request.id });
const noStore = { 'cache-control': 'private, no-store' };
const D = '/api/app/disputes';
const S = '/api/app/staff/disputes';
const photoLimits = {
  maxBytes: DISPUTE_PHOTO_MAX_BYTES,
  tooLarge: () => new AppError('IMAGE_TOO_LARGE', 'Image too large (maximum 5MB)'),
};
// Support handles cases; finance reads them and resolves with refunds above the support
// limit, as on the desk; admin holds both roles.
const support = { onRequest: requireStaff('support') };
const supportOrFinance = { onRequest: requireStaff('support', 'finance') };

/** Disputes (issue 18 item 3, docs/decisions/026). */
export const disputesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.addHook('preHandler', rememberCallerLocale(deps));
  const tags = ['disputes'];
  const signedIn = { onRequest: requireUser };

  app.get(
    '/api/app/reservations/:reservationId/dispute',
    {
      schema: {
        tags,
        summary:
          "Whether the caller (the reservation's traveller or guide) may report a problem now, and its case if there is one",
        ...signedInSecurity,
        params: ReservationDisputeParamsSchema,
        response: { 200: ReservationDisputeStateSchema, ...errors(400, 401, 404) },
      },
      ...signedIn,
    },
    async (request, reply) =>
      reply
        .headers(noStore)
        .send(await reservationDisputeState(deps, userOf(request).id, request.params.reservationId)),
  );

  app.post(
    D,
    {
      schema: {
        tags,
        summary:
          'Reports a problem with a reservation that started, up to 14 days after its end (its traveller or guide): opens a case and holds the guide’s earnings from it',
        ...signedInSecurity,
        body: OpenDisputeSchema,
        response: { 201: DisputeSchema, ...errors(400, 401, 404, 409) },
      },
      ...signedIn,
    },
    async (request, reply) => reply.code(201).send(await openDispute(deps, userOf(request), request.body)),
  );

  app.get(
    `${D}/:id`,
    {
      schema: {
        tags,
        summary: 'A case of one of your reservations: its messages, photos, status and outcome',
        ...signedInSecurity,
        params: DisputeParamsSchema,
        response: { 200: DisputeSchema, ...errors(400, 401, 404) },
      },
      ...signedIn,
    },
    async (request, reply) =>
      reply.headers(noStore).send(await getDisputeForParty(deps, userOf(request), request.params.id)),
  );

  app.post(
    `${D}/:id/messages`,
    {
      schema: {
        tags,
        summary: 'Writes on an open case of one of your reservations',
        ...signedInSecurity,
        params: DisputeParamsSchema,
        body: DisputeMessageInputSchema,
        response: { 200: DisputeSchema, ...errors(400, 401, 404, 409) },
      },
      ...signedIn,
    },
    async (request) => postPartyMessage(deps, userOf(request), request.params.id, request.body.text),
  );

  app.post(
    `${D}/:id/photos`,
    {
      schema: {
        tags,
        summary: 'Multipart `file`: a JPEG, PNG or WebP photo ≤ 5 MB for an open case; at most 5 per case',
        consumes: ['multipart/form-data'],
        ...signedInSecurity,
        params: DisputeParamsSchema,
        response: { 200: DisputeSchema, ...errors(400, 401, 404, 409, 413, 415) },
      },
      ...signedIn,
    },
    async (request) => {
      const upload = await readUploadBuffer(request, photoLimits);
      return addDisputePhoto(deps, userOf(request), request.params.id, upload.bytes);
    },
  );

  app.get(
    `${D}/:id/photos/:photoId`,
    {
      schema: {
        tags,
        summary: "A case's photo (WebP): the case's parties and support staff only; anyone else 404",
        ...signedInSecurity,
        params: DisputePhotoParamsSchema,
        response: { 200: FileBytesSchema, ...errors(400, 401, 404) },
      },
      ...signedIn,
    },
    async (request, reply) => {
      const photo = await readDisputePhoto(deps, userOf(request), request.params.id, request.params.photoId);
      return reply
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-type', photo.contentType)
        .send(photo.body);
    },
  );

  const staffTags = ['staff'];

  app.get(
    S,
    {
      schema: {
        tags: staffTags,
        summary: 'Cases: open ones oldest first (the queue), or resolved ones newest first; paged (support, finance)',
        ...signedInSecurity,
        querystring: DisputeQueueQuerySchema,
        response: { 200: DisputeQueueSchema, ...errors(400, 401, 403) },
      },
      ...supportOrFinance,
    },
    async (request, reply) => reply.headers(noStore).send(await listDisputes(deps.db, request.query)),
  );

  app.get(
    `${S}/:id`,
    {
      schema: {
        tags: staffTags,
        summary:
          "A case with its messages, photos and reservation, what can be refunded, and while it is open the parties' conversation (support, finance)",
        ...signedInSecurity,
        params: DisputeParamsSchema,
        response: { 200: StaffDisputeDetailSchema, ...errors(400, 401, 403, 404) },
      },
      ...supportOrFinance,
    },
    async (request, reply) => reply.headers(noStore).send(await getDisputeForStaff(deps, request.params.id)),
  );

  app.post(
    `${S}/:id/messages`,
    {
      schema: {
        tags: staffTags,
        summary: 'Writes on an open case as staff (support)',
        ...signedInSecurity,
        params: DisputeParamsSchema,
        body: DisputeMessageInputSchema,
        response: { 200: StaffDisputeDetailSchema, ...errors(400, 401, 403, 404, 409) },
      },
      ...support,
    },
    async (request) => postStaffMessage(deps, actorOf(request), request.params.id, request.body.text),
  );

  app.post(
    `${S}/:id/resolve`,
    {
      schema: {
        tags: staffTags,
        summary:
          'Resolves an open case once with a written outcome: no action, a partial or full refund (support up to the configured limit, finance above it) or a penalty debited from the guide; releases the hold on the earnings',
        ...signedInSecurity,
        params: DisputeParamsSchema,
        body: ResolveDisputeSchema,
        response: { 200: StaffDisputeDetailSchema, ...errors(400, 401, 403, 404, 409) },
      },
      ...supportOrFinance,
    },
    async (request) => resolveDispute(deps, actorOf(request), request.params.id, request.body, request.log),
  );
};
