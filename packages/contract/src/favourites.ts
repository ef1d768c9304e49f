import { z } from 'zod';
import { IdSchema, LocaleSchema } from './common.js';
import { DateOnlySchema, PlaceRefSchema } from './guides.js';
import { CurrencyCodeSchema } from './reference.js';

/*
 * Favourites (issue 19): a signed-in traveller keeps a list of guides, under
 * /api/app/favourite-public/. Every call reads or changes the caller's own list only: no
 * call takes a user id. How many travellers keep a guide is shown to that guide alone.
 */

/** The most guides one list keeps: the hearts of every card come from one call. */
export const FAVOURITES_MAX = 500;
export const FAVOURITES_PAGE_SIZE_MAX = 50;
export const FAVOURITES_PAGE_SIZE_DEFAULT = 20;

export const FavouriteGuideParamsSchema = z.object({ guideId: IdSchema });

export const FavouriteStateSchema = z.object({ guideId: IdSchema, isFavourite: z.boolean() });
export type FavouriteState = z.infer<typeof FavouriteStateSchema>;

/** Ids of the caller's favourite guides, newest first (the hearts on cards and profiles). */
export const FavouriteIdsSchema = z.object({ data: z.array(IdSchema) });
export type FavouriteIds = z.infer<typeof FavouriteIdsSchema>;

export const FavouritesQuerySchema = z.object({
  /** The currency prices are shown in; default: the caller's currency preference, else USD. */
  currency: CurrencyCodeSchema.optional(),
  locale: LocaleSchema.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(FAVOURITES_PAGE_SIZE_MAX).default(FAVOURITES_PAGE_SIZE_DEFAULT),
});
export type FavouritesQuery = z.input<typeof FavouritesQuerySchema>;

/** One kept guide: public profile data, the current price and the next day with a free hour. */
export const FavouriteGuideSchema = z.object({
  guideId: IdSchema,
  name: z.string().nullable(),
  surname: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  coverPhotoUrl: z.string().nullable(),
  city: PlaceRefSchema.nullable(),
  country: PlaceRefSchema.nullable(),
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  /** False once the guide is paused, suspended or gone from search: kept, shown as unavailable. */
  isAvailable: z.boolean(),
  /** The guide's current hourly rate converted into `currency`; null while unavailable or unpriced. */
  priceMinor: z.number().int().nullable(),
  currency: CurrencyCodeSchema,
  /** The guide's next local date (their time zone) with a free hour, within 90 days; null if none. */
  nextFreeDate: DateOnlySchema.nullable(),
  savedAt: z.iso.datetime(),
});
export type FavouriteGuide = z.infer<typeof FavouriteGuideSchema>;

export const FavouriteGuideListSchema = z.object({
  data: z.array(FavouriteGuideSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type FavouriteGuideList = z.infer<typeof FavouriteGuideListSchema>;

/** For the guide only: how many travellers keep them. */
export const FavouriteCountSchema = z.object({ count: z.number().int() });
export type FavouriteCount = z.infer<typeof FavouriteCountSchema>;
