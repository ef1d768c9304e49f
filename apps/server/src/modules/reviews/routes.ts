import { ErrorBodySchema } from '@marco/contract/errors';
import { FileBytesSchema } from '@marco/contract/guides';
import {
  CreateReviewSchema,
  GuideReviewsParamsSchema,
  MyReviewListSchema,
  MyReviewSchema,
  MyReviewsQuerySchema,
  REVIEW_PHOTO_MAX_BYTES,
  ReplyToReviewSchema,
  ReviewIdParamsSchema,
  ReviewListQuerySchema,
  ReviewListSchema,
  ReviewPhotoQuerySchema,
  ReviewPhotoSchema,
  TestimonialListSchema,
  TestimonialsQuerySchema,
} from '@marco/contract/reviews';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedInSecurity, userOf } from '../../platform/auth/index.js';
import { AppError } from '../../platform/errors.js';
import { apiLocale, writtenLanguage } from '../../platform/locale.js';
import { readUploadBuffer } from '../files/uploads.js';
import { readReviewPhoto, uploadReviewPhoto } from './photos.js';
import { createReview, listGuideReviews, listMyReviews, listTestimonials, replyToReview } from './service.js';

const tags = ['reviews'];
const PREFIX = '/api/app/review-public';
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema]));
const guarded = { onRequest: requireUser };

const photoLimits = {
  maxBytes: REVIEW_PHOTO_MAX_BYTES,
  tooLarge: () => new AppError('IMAGE_TOO_LARGE', 'Image too large (maximum 5MB)'),
};

/** Reviews (issue 6): a tourist rates a completed reservation once; its guide replies once. */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post(
    `${PREFIX}/upload-photo`,
    {
      schema: {
        tags,
        summary: 'Stores one photo (multipart field "file": JPEG, PNG or WebP, at most 5 MB) for a review to come',
        ...signedInSecurity,
        consumes: ['multipart/form-data'],
        response: { 200: ReviewPhotoSchema, ...errors(400, 401, 409, 413) },
      },
      ...guarded,
    },
    async (request) => {
      const upload = await readUploadBuffer(request, photoLimits);
      return uploadReviewPhoto(deps, userOf(request).id, upload.bytes);
    },
  );

  app.get(
    `${PREFIX}/photo`,
    {
      schema: {
        tags,
        summary: "Bytes (image/webp) of a review photo: public once attached, else its uploader's only",
        querystring: ReviewPhotoQuerySchema,
        response: { 200: FileBytesSchema, ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const photo = await readReviewPhoto(deps, request.user?.id ?? null, request.query.id, request.query.size);
      return reply
        .header('content-type', photo.contentType)
        .header('cache-control', photo.public ? 'public, max-age=3600' : 'private, no-store')
        .send(photo.body);
    },
  );

  app.post(
    `${PREFIX}/create`,
    {
      schema: {
        tags,
        summary:
          "The reservation's tourist rates it once it is completed, once (1–5 stars, comment, up to 5 own photos)",
        ...signedInSecurity,
        body: CreateReviewSchema,
        response: { 200: MyReviewSchema, ...errors(400, 401, 404, 409) },
      },
      ...guarded,
    },
    async (request) => createReview(deps, userOf(request).id, request.body, writtenLanguage(request)),
  );

  app.post(
    `${PREFIX}/:id/reply`,
    {
      schema: {
        tags,
        summary: 'The reviewed guide replies, once',
        ...signedInSecurity,
        params: ReviewIdParamsSchema,
        body: ReplyToReviewSchema,
        response: { 200: MyReviewSchema, ...errors(400, 401, 404, 409) },
      },
      ...guarded,
    },
    async (request) =>
      replyToReview(deps, userOf(request).id, request.params.id, request.body.comment, writtenLanguage(request)),
  );

  app.get(
    `${PREFIX}/guide/:guideId`,
    {
      schema: {
        tags,
        summary: "A public guide's reviews, newest first, paged",
        params: GuideReviewsParamsSchema,
        querystring: ReviewListQuerySchema,
        response: { 200: ReviewListSchema, ...errors(400, 404) },
      },
    },
    async (request) => listGuideReviews(deps.db, request.params.guideId, request.query),
  );

  app.get(
    `${PREFIX}/testimonials`,
    {
      schema: {
        tags,
        summary: 'Recent 4–5 star reviews with a comment (one per guide), for the home page',
        querystring: TestimonialsQuerySchema,
        response: { 200: TestimonialListSchema, ...errors(400) },
      },
    },
    async (request) => ({
      data: await listTestimonials(deps.db, request.query.limit, apiLocale(request, request.query.locale)),
    }),
  );

  app.get(
    `${PREFIX}/my`,
    {
      schema: {
        tags,
        summary: 'Reviews the caller wrote (role=tourist) or received as a guide (role=guide), newest first',
        ...signedInSecurity,
        querystring: MyReviewsQuerySchema,
        response: { 200: MyReviewListSchema, ...errors(400, 401) },
      },
      ...guarded,
    },
    async (request) => listMyReviews(deps.db, userOf(request).id, request.query),
  );
};
