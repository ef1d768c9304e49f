import { z } from 'zod';
import { IdSchema, LocaleSchema } from './common.js';
import {
  AVAILABILITY_MAX_DAYS,
  DateOnlySchema,
  GuideResponseSchema,
  PlaceRefSchema,
  ServiceKindKeySchema,
} from './guides.js';
import { CurrencyCodeSchema } from './reference.js';
import { nameField } from './text.js';

/*
 * Guide search (issue 5): `POST /api/app/search-public/search-guides-public`.
 * Approved, active guides only; every field of a result is public profile data.
 */

/** `responds_fastest`: shortest median time to answer a request first (issue 19 item 3); guides without enough requests last. */
export const SEARCH_SORTS = ['price_asc', 'price_desc', 'newest', 'rating', 'reviews', 'responds_fastest'] as const;
export const SearchSortSchema = z.enum(SEARCH_SORTS);
export type SearchSort = z.infer<typeof SearchSortSchema>;

export const SEARCH_PAGE_SIZE_MAX = 50;
export const SEARCH_PAGE_SIZE_DEFAULT = 20;
/** The longest date range a search accepts (as the availability call). */
export const SEARCH_MAX_DAYS = AVAILABILITY_MAX_DAYS;

/**
 * The search body. Every filter is optional:
 * - `location`: a country or city id from `search-places` (`type` says which);
 * - `dateFrom`/`dateTo` (inclusive calendar dates, read in each guide's own time zone):
 *   the guide has at least one free hour on those days (schedule ∪ free dates);
 * - `languages`: ISO 639-1 codes, the guide speaks any of them (unknown code → 400);
 * - `maxPriceMinor` with `currency`: maximum hourly rate in the visitor's currency (minor
 *   units), compared after conversion through the rates table;
 * - `gender` (key), `serviceTypes` (keys, any of), `serviceKind` (key), `minRating` (0..5).
 * `currency` is also the currency of `priceMinor` in the results (default USD).
 */
export const SearchGuidesSchema = z
  .object({
    location: z.object({ type: z.enum(['country', 'city']), id: IdSchema }).optional(),
    dateFrom: DateOnlySchema.optional(),
    dateTo: DateOnlySchema.optional(),
    languages: z.array(nameField().toLowerCase().length(2)).max(20).optional(),
    maxPriceMinor: z.number().int().positive().max(100_000_000).optional(),
    currency: CurrencyCodeSchema.default('USD'),
    gender: nameField().min(1).max(40).optional(),
    serviceTypes: z.array(nameField().min(1).max(60)).max(30).optional(),
    serviceKind: ServiceKindKeySchema.optional(),
    minRating: z.number().min(0).max(5).optional(),
    sort: SearchSortSchema.default('rating'),
    page: z.number().int().min(1).max(10_000).default(1),
    pageSize: z.number().int().min(1).max(SEARCH_PAGE_SIZE_MAX).default(SEARCH_PAGE_SIZE_DEFAULT),
    locale: LocaleSchema.optional(),
  })
  .superRefine((value, context) => {
    if ((value.dateFrom === undefined) !== (value.dateTo === undefined)) {
      context.addIssue({ code: 'custom', path: ['dateTo'], message: 'dateFrom and dateTo go together' });
    }
    if (value.dateFrom && value.dateTo) {
      if (value.dateTo < value.dateFrom) {
        context.addIssue({ code: 'custom', path: ['dateTo'], message: 'dateTo must not be before dateFrom' });
      } else {
        const days = (Date.parse(value.dateTo) - Date.parse(value.dateFrom)) / 86_400_000 + 1;
        if (days > SEARCH_MAX_DAYS) {
          context.addIssue({ code: 'custom', path: ['dateTo'], message: `At most ${SEARCH_MAX_DAYS} days` });
        }
      }
    }
  });
export type SearchGuides = z.input<typeof SearchGuidesSchema>;
export type SearchGuidesParsed = z.output<typeof SearchGuidesSchema>;

export const GuideCardLanguageSchema = z.object({ code: z.string(), name: z.string(), levelKey: z.string() });

/** One result card: public profile data only. */
export const GuideCardSchema = z.object({
  id: IdSchema,
  userId: IdSchema,
  name: z.string().nullable(),
  surname: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  /** The cover photo, card size (480 px WebP). */
  coverPhotoUrl: z.string().nullable(),
  city: PlaceRefSchema.nullable(),
  country: PlaceRefSchema.nullable(),
  /** Primary first. */
  languages: z.array(GuideCardLanguageSchema),
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  response: GuideResponseSchema.nullable().optional(),
  /** The guide's own rate and currency. */
  hourlyRateMinor: z.number().int(),
  hourlyRateCurrency: CurrencyCodeSchema,
  /** The rate converted into the asked `currency` (rounded to the minor unit). */
  priceMinor: z.number().int(),
  currency: CurrencyCodeSchema,
  verified: z.boolean(),
  certificated: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type GuideCard = z.infer<typeof GuideCardSchema>;

/**
 * A filtered search counts its matches up to this many (or to the end of the asked page, if
 * further); beyond that `totalCapped` is true, `total` is that limit, and the interface says
 * "1,000+" (issue 17: a count never reads every match).
 */
export const SEARCH_TOTAL_CAP = 1000;

export const SearchGuidesResultSchema = z.object({
  data: z.array(GuideCardSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Exact unless `totalCapped`: then there are more matches than this. */
  total: z.number().int(),
  totalCapped: z.boolean(),
});
export type SearchGuidesResult = z.infer<typeof SearchGuidesResultSchema>;
