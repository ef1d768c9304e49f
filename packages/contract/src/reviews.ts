import { z } from 'zod';
import { IdSchema, LocaleSchema, listOf } from './common.js';
import { GUIDE_PHOTO_MAX_BYTES, GUIDE_PHOTO_TYPES, PlaceRefSchema } from './guides.js';
import { CurrencyCodeSchema } from './reference.js';
import { textField } from './text.js';
import { WrittenLanguageSchema } from './written-language.js';

/*
 * Reviews (issue 6) under /api/app/review-public/, and average hourly rates under
 * /api/app/average-rate-public/.
 *
 * - `POST upload-photo` (multipart, field `file`, signed in): stores one photo of the
 *   caller for a review to come; answers ReviewPhoto. Only the uploader may attach it.
 * - `POST create` (signed in): the reservation's own tourist, once the reservation is
 *   `completed`, once per reservation. Another user's reservation → 404 NOT_FOUND; not
 *   completed → 409 INVALID_STATE; already reviewed → 409 CONFLICT; a photo id that is not
 *   the caller's own unattached photo → 400 VALIDATION_FAILED on the field `photoIds`.
 *   The guide's rating (average, one decimal) and review count change in the same
 *   transaction.
 * - `POST {id}/reply` (signed in): the reviewed guide only (else 404), once (else 409
 *   CONFLICT).
 * - `GET photo?id=&size=thumb|full` (public once attached; before that, its uploader only):
 *   the photo's bytes (image/webp). The `url`s of ReviewPhoto point here.
 * - `GET guide/{guideId}` (public): the guide's reviews, newest first, paged (404
 *   GUIDE_NOT_FOUND when the guide is not public).
 * - `GET testimonials` (public): recent 4–5 star reviews with a comment, for the home page.
 * - `GET my?role=tourist|guide` (signed in): reviews the caller wrote, or received as a guide.
 * - `GET /api/app/average-rate-public/get-average-rates?currency=` (public): average hourly
 *   rates of approved, active guides by city and by language, converted into `currency`
 *   through the rates table.
 *
 * Reviews and replies are plain text (the web renders them as text, never HTML). A reviewer
 * is shown only by display name: first name and the initial of the last name.
 */

// ---------------------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------------------

export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
export const REVIEW_COMMENT_MAX = 2000;
export const REVIEW_REPLY_MAX = 2000;
export const REVIEW_PHOTO_MAX_COUNT = 5;
export const REVIEW_PHOTO_MAX_BYTES = GUIDE_PHOTO_MAX_BYTES;
export const REVIEW_PHOTO_TYPES = GUIDE_PHOTO_TYPES;
export const REVIEW_PAGE_SIZE_MAX = 50;
export const REVIEW_PAGE_SIZE_DEFAULT = 10;
export const TESTIMONIALS_MAX = 12;
export const TESTIMONIALS_DEFAULT = 6;
/** Lowest rating a review needs to be shown as a testimonial. */
export const TESTIMONIAL_MIN_RATING = 4;

// ---------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------

export const ReviewRatingSchema = z.number().int().min(REVIEW_RATING_MIN).max(REVIEW_RATING_MAX);

/** `POST review-public/create`. */
export const CreateReviewSchema = z.object({
  reservationId: IdSchema,
  rating: ReviewRatingSchema,
  comment: textField({ multiline: true }).max(REVIEW_COMMENT_MAX).default(''),
  /** Ids answered by `upload-photo`, in display order. */
  photoIds: z
    .array(IdSchema)
    .max(REVIEW_PHOTO_MAX_COUNT)
    .default([])
    .refine((ids) => new Set(ids).size === ids.length, { message: 'photo ids must be distinct' }),
});
export type CreateReview = z.input<typeof CreateReviewSchema>;

/** `POST review-public/{id}/reply`. */
export const ReplyToReviewSchema = z.object({
  comment: textField({ multiline: true }).min(1).max(REVIEW_REPLY_MAX),
});
export type ReplyToReview = z.infer<typeof ReplyToReviewSchema>;

export const ReviewIdParamsSchema = z.object({ id: IdSchema });
/** `GET photo`. */
export const ReviewPhotoQuerySchema = z.object({ id: IdSchema, size: z.enum(['thumb', 'full']).default('full') });
export const GuideReviewsParamsSchema = z.object({ guideId: IdSchema });

/** `GET guide/{guideId}`. */
export const ReviewListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(REVIEW_PAGE_SIZE_MAX).default(REVIEW_PAGE_SIZE_DEFAULT),
});
export type ReviewListQuery = z.input<typeof ReviewListQuerySchema>;

/** `GET my`: `tourist` = reviews the caller wrote; `guide` = reviews of the caller's guide profile. */
export const MyReviewsQuerySchema = ReviewListQuerySchema.extend({
  role: z.enum(['tourist', 'guide']).default('tourist'),
});
export type MyReviewsQuery = z.input<typeof MyReviewsQuerySchema>;

/** `GET testimonials`. */
export const TestimonialsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(TESTIMONIALS_MAX).default(TESTIMONIALS_DEFAULT),
  locale: LocaleSchema.optional(),
});
export type TestimonialsQuery = z.input<typeof TestimonialsQuerySchema>;

// ---------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------

/** A review photo, public once attached to a review. */
export const ReviewPhotoSchema = z.object({
  id: IdSchema,
  /** 480 px WebP (thumbnails). */
  thumbUrl: z.string(),
  /** 1600 px WebP (full view). */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ReviewPhoto = z.infer<typeof ReviewPhotoSchema>;

export const ReviewReplySchema = z.object({
  comment: z.string(),
  /** Language the reply was written in; null when not known. */
  language: WrittenLanguageSchema,
  createdAt: z.iso.datetime(),
});
export type ReviewReply = z.infer<typeof ReviewReplySchema>;

export const ReviewSchema = z.object({
  id: IdSchema,
  guideId: IdSchema,
  rating: z.number().int(),
  /** Plain text; may be empty. */
  comment: z.string(),
  /** Language the comment was written in; null when not known. */
  language: WrittenLanguageSchema,
  photos: z.array(ReviewPhotoSchema),
  /**
   * First name and the initial of the last name, e.g. "Ayşe K."; nothing else of the
   * reviewer. Empty when the reviewer deleted their account (the web shows "Traveller").
   */
  reviewerName: z.string(),
  createdAt: z.iso.datetime(),
  reply: ReviewReplySchema.nullable(),
});
export type Review = z.infer<typeof ReviewSchema>;

export const ReviewListSchema = z.object({
  data: z.array(ReviewSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type ReviewList = z.infer<typeof ReviewListSchema>;

/** The caller's own reviews (`GET my`, `create`, `reply`): a review plus its reservation. */
export const MyReviewSchema = ReviewSchema.extend({ reservationId: IdSchema });
export type MyReview = z.infer<typeof MyReviewSchema>;
export const MyReviewListSchema = ReviewListSchema.extend({ data: z.array(MyReviewSchema) });
export type MyReviewList = z.infer<typeof MyReviewListSchema>;

/** A home-page testimonial: a review with the public name and city of its guide. */
export const TestimonialSchema = ReviewSchema.extend({
  guide: z.object({
    id: IdSchema,
    name: z.string().nullable(),
    surname: z.string().nullable(),
    city: PlaceRefSchema.nullable(),
  }),
});
export type Testimonial = z.infer<typeof TestimonialSchema>;
export const TestimonialListSchema = listOf(TestimonialSchema);
export type TestimonialList = z.infer<typeof TestimonialListSchema>;

/** What a reservation shows once reviewed ("review submitted"). */
export const ReservationReviewSchema = z.object({ id: IdSchema, rating: z.number().int() });
export type ReservationReview = z.infer<typeof ReservationReviewSchema>;

// ---------------------------------------------------------------------------------------
// Average rates
// ---------------------------------------------------------------------------------------

/** `GET average-rate-public/get-average-rates`. */
export const AverageRatesQuerySchema = z.object({
  currency: CurrencyCodeSchema.default('USD'),
  locale: LocaleSchema.optional(),
});
export type AverageRatesQuery = z.input<typeof AverageRatesQuerySchema>;

/** Hourly rates of the guides of one group, in minor units of the asked currency (rounded). */
export const AverageRateSchema = z.object({
  averageHourlyMinor: z.number().int(),
  minHourlyMinor: z.number().int(),
  maxHourlyMinor: z.number().int(),
  guideCount: z.number().int(),
});
export type AverageRate = z.infer<typeof AverageRateSchema>;

/** A city (code = its reference code, name in the asked locale). */
export const CityAverageRateSchema = AverageRateSchema.extend({
  city: PlaceRefSchema,
  country: PlaceRefSchema.nullable(),
});
export type CityAverageRate = z.infer<typeof CityAverageRateSchema>;

/** A language the guides speak (code = ISO 639-1). */
export const LanguageAverageRateSchema = AverageRateSchema.extend({
  language: z.object({ id: IdSchema, code: z.string(), name: z.string() }),
});
export type LanguageAverageRate = z.infer<typeof LanguageAverageRateSchema>;

export const AverageRatesSchema = z.object({
  currency: CurrencyCodeSchema,
  /** All approved, active guides with a rate; null when there are none. */
  overall: AverageRateSchema.nullable(),
  /** Most guides first. */
  byCity: z.array(CityAverageRateSchema),
  /** Most guides first. */
  byLanguage: z.array(LanguageAverageRateSchema),
});
export type AverageRates = z.infer<typeof AverageRatesSchema>;
