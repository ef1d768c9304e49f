import {
  AddressListSchema,
  AddressParamsSchema,
  AddressQuerySchema,
  AddressSchema,
  BugReportCreatedSchema,
  CreateAddressSchema,
  CreateBugReportSchema,
  DeleteAccountSchema,
  MyProfileSchema,
  PROFILE_PICTURE_MAX_BYTES,
  ProfilePictureBytesSchema,
  ProfilePictureResultSchema,
  SetProfilePictureQuerySchema,
  UpdateAddressSchema,
  UpdateMyProfileSchema,
  UpdateUserDetailSchema,
  UpdateUserProfileDetailSchema,
  UserAboutSchema,
  UserBirthDateTextSchema,
  UserInfoSchema,
} from '@marco/contract/accounts';
import { SuccessSchema, UserIdParamsSchema } from '@marco/contract/auth';
import { LocaleQuerySchema } from '@marco/contract/common';
import { ErrorBodySchema } from '@marco/contract/errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clearSessionCookie, requireUser, signedInSecurity, userOf } from '../../platform/auth/index.js';
import { AppError, fieldError } from '../../platform/errors.js';
import { apiLocale, detectLocale } from '../../platform/locale.js';
import { getUserOrThrow } from '../auth/users.js';
import {
  createUserAddress,
  deleteUserAddress,
  getUserAddress,
  listUserAddresses,
  updateUserAddress,
} from './addresses.js';
import { createBugReport } from './bug-reports.js';
import { deleteAccount } from './delete-account.js';
import { withEmailConfirmation } from './email-confirmation.js';
import {
  getMyProfile,
  getUserInfo,
  toUserInfo,
  updateMyProfile,
  updateProfile,
  updateUserProfileDetail,
} from './profile.js';
import { getProfilePicture, setProfilePicture } from './profile-picture.js';

const tags = ['accounts'];
const APP = '/api/app';
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema]));
const signedIn = signedInSecurity;
const guarded = { onRequest: requireUser };

/** The multipart field names accepted for the image (spec §7 names it ImageContent). */
const IMAGE_FIELDS = new Set(['ImageContent', 'imageContent', 'image', 'file']);

/** Reads the uploaded image of a multipart request, at most 5 MB (spec §5). */
async function readUploadedImage(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw fieldError('VALIDATION_FAILED', 'body.ImageContent', 'Send the image as multipart/form-data in ImageContent');
  }
  let image: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: PROFILE_PICTURE_MAX_BYTES, files: 1 } })) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (IMAGE_FIELDS.has(part.fieldname)) image = bytes;
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('IMAGE_TOO_LARGE', 'Image too large (maximum 5MB)');
    }
    throw error;
  }
  if (!image?.length) throw fieldError('VALIDATION_FAILED', 'body.ImageContent', 'An image is required');
  return image;
}

/**
 * The caller's profile, settings, avatar, addresses, feedback and account deletion
 * (issue 3 items 7–9, 11). Every user-scoped call reads and writes only the caller's data.
 */
export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { db } = deps;

  // -- Profile ---------------------------------------------------------------------------

  app.get(
    '/api/account/my-profile',
    { schema: { tags, ...signedIn, response: { 200: MyProfileSchema, ...errors(401) } }, ...guarded },
    async (request) => getMyProfile(db, userOf(request).id),
  );

  app.put(
    '/api/account/my-profile',
    {
      schema: {
        tags,
        summary: 'Updates the fields present; a stale concurrencyStamp answers 409 STALE_UPDATE',
        ...signedIn,
        body: UpdateMyProfileSchema,
        response: { 200: MyProfileSchema, ...errors(400, 401, 409) },
      },
      ...guarded,
    },
    async (request) => {
      const userId = userOf(request).id;
      return withEmailConfirmation({ ...deps, log: request.log }, { userId, locale: detectLocale(request) }, () =>
        updateMyProfile(deps, userId, request.body),
      );
    },
  );

  app.delete(
    '/api/account/my-profile',
    {
      schema: {
        tags,
        summary: 'Deletes the account (personal data erased, sessions revoked); password required when set',
        ...signedIn,
        body: DeleteAccountSchema.nullish(),
        response: { 200: SuccessSchema, ...errors(400, 401, 429) },
      },
      ...guarded,
    },
    async (request, reply) => {
      await deleteAccount(deps, { user: userOf(request), password: request.body?.password });
      clearSessionCookie(request, reply, deps.config);
      return { success: true as const };
    },
  );

  // -- user-detail-public ----------------------------------------------------------------

  app.get(
    `${APP}/user-detail-public/get-user-info`,
    { schema: { tags, ...signedIn, response: { 200: UserInfoSchema, ...errors(401) } }, ...guarded },
    async (request) => getUserInfo(db, userOf(request).id),
  );

  app.get(
    `${APP}/user-detail-public/get-user-about`,
    { schema: { tags, ...signedIn, response: { 200: UserAboutSchema, ...errors(401) } }, ...guarded },
    async (request) => ({ about: (await getUserOrThrow(db, userOf(request).id)).about }),
  );

  app.get(
    `${APP}/user-detail-public/get-user-birthdate`,
    {
      schema: {
        tags,
        summary: 'The birth date as text: ISO midnight UTC (e.g. 1990-05-01T00:00:00.000Z), empty when unset',
        ...signedIn,
        produces: ['text/plain'],
        response: { 200: UserBirthDateTextSchema, ...errors(401) },
      },
      ...guarded,
    },
    async (request, reply) => {
      const { birthDate } = await getUserOrThrow(db, userOf(request).id);
      return reply.type('text/plain; charset=utf-8').send(birthDate ? `${birthDate}T00:00:00.000Z` : '');
    },
  );

  app.put(
    `${APP}/user-detail-public/update-user-detail`,
    {
      schema: {
        tags,
        summary: 'Name and surname (onboarding)',
        ...signedIn,
        body: UpdateUserDetailSchema,
        response: { 200: UserInfoSchema, ...errors(400, 401, 409) },
      },
      ...guarded,
    },
    async (request) => {
      const { name, surname, concurrencyStamp } = request.body;
      return toUserInfo(
        await updateProfile(deps, { userId: userOf(request).id, changes: { name, surname }, concurrencyStamp }),
      );
    },
  );

  app.put(
    `${APP}/user-detail-public/update-user-profile-detail`,
    {
      schema: {
        tags,
        summary: 'Birth date, about, currency and gender; only the fields present change',
        ...signedIn,
        body: UpdateUserProfileDetailSchema,
        response: { 200: MyProfileSchema, ...errors(400, 401, 409) },
      },
      ...guarded,
    },
    async (request) => updateUserProfileDetail(deps, userOf(request).id, request.body),
  );

  // -- Profile picture -------------------------------------------------------------------

  app.post(
    `${APP}/custom-user-account-public/set-profile-picture`,
    {
      schema: {
        tags,
        summary: "Sets the caller's avatar: multipart ImageContent (JPEG, PNG, GIF or WebP, at most 5MB)",
        ...signedIn,
        consumes: ['multipart/form-data'],
        querystring: SetProfilePictureQuerySchema,
        response: { 200: ProfilePictureResultSchema, ...errors(400, 401, 413, 415) },
      },
      ...guarded,
    },
    async (request) => setProfilePicture(deps, userOf(request).id, await readUploadedImage(request)),
  );

  app.get(
    `${APP}/custom-user-account-public/get-profile-picture/:id`,
    {
      schema: {
        tags,
        summary: 'The public avatar of user {id} (image/webp); 404 when there is none',
        params: UserIdParamsSchema,
        produces: ['image/webp'],
        response: { 200: ProfilePictureBytesSchema, 304: ProfilePictureBytesSchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const picture = await getProfilePicture(deps, request.params.id);
      const etag = `"${picture.key.split('/').pop()}"`;
      reply.header('cache-control', 'public, max-age=300').header('etag', etag);
      reply.header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type(picture.contentType).send(picture.body);
    },
  );

  // -- Addresses -------------------------------------------------------------------------

  app.get(
    `${APP}/address-public/get-user-address`,
    {
      schema: {
        tags,
        summary: "The caller's addresses, with place names in the asked locale",
        ...signedIn,
        querystring: AddressQuerySchema,
        response: { 200: AddressListSchema, ...errors(401) },
      },
      ...guarded,
    },
    async (request) => ({
      data: await listUserAddresses(db, userOf(request).id, apiLocale(request, request.query.locale)),
    }),
  );

  app.get(
    `${APP}/address-public/get-user-address-by-id/:id`,
    {
      schema: {
        tags,
        ...signedIn,
        params: AddressParamsSchema,
        querystring: AddressQuerySchema,
        response: { 200: AddressSchema, ...errors(401, 404) },
      },
      ...guarded,
    },
    async (request) =>
      getUserAddress(db, userOf(request).id, request.params.id, apiLocale(request, request.query.locale)),
  );

  app.post(
    `${APP}/address-public/create-user-address`,
    {
      schema: {
        tags,
        ...signedIn,
        querystring: LocaleQuerySchema,
        body: CreateAddressSchema,
        response: { 200: AddressSchema, ...errors(400, 401) },
      },
      ...guarded,
    },
    async (request) =>
      createUserAddress(deps, userOf(request).id, request.body, apiLocale(request, request.query.locale)),
  );

  app.put(
    `${APP}/address-public/update-user-address`,
    {
      schema: {
        tags,
        ...signedIn,
        querystring: LocaleQuerySchema,
        body: UpdateAddressSchema,
        response: { 200: AddressSchema, ...errors(400, 401, 404) },
      },
      ...guarded,
    },
    async (request) =>
      updateUserAddress(deps, userOf(request).id, request.body, apiLocale(request, request.query.locale)),
  );

  app.delete(
    `${APP}/address-public/delete-user-address/:id`,
    {
      schema: {
        tags,
        ...signedIn,
        params: AddressParamsSchema,
        response: { 200: SuccessSchema, ...errors(401, 404) },
      },
      ...guarded,
    },
    async (request) => {
      await deleteUserAddress(deps, userOf(request).id, request.params.id);
      return { success: true as const };
    },
  );

  // -- Feedback --------------------------------------------------------------------------

  app.post(
    `${APP}/report-client-bug-public/create`,
    {
      schema: {
        tags,
        summary: 'Stores a problem report (visitors too; signed-in reporters are linked)',
        body: CreateBugReportSchema,
        response: { 200: BugReportCreatedSchema, ...errors(400, 429) },
      },
    },
    async (request) =>
      createBugReport(deps, {
        ...request.body,
        userId: request.user?.id ?? null,
        userAgent: request.headers['user-agent'],
        locale: detectLocale(request),
        ip: request.ip,
      }),
  );
};
