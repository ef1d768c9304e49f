import { z } from 'zod';
import { CalendarDateSchema, IdSchema, LocaleQuerySchema, LocalizedSchema, listOf } from './common.js';
import { CurrencyCodeSchema, SERVICE_TYPE_SETS } from './reference.js';
import { keyField, nameField, textField } from './text.js';
import { WrittenLanguageSchema } from './written-language.js';

/*
 * Guides (issue 4): the become-a-guide application, the guide's own data and settings,
 * uploads, the public guide profile and the staff review. Paths are under /api/app/.
 *
 * Conventions of this context:
 * - `{id}` of a public call about a guide accepts the guide profile id OR the guide's user id.
 * - `{id}` of a call that changes the caller's guide accepts only the caller's own user id
 *   or own guide id; any other id answers 403 FORBIDDEN.
 * - Reference values are named by stable keys in requests: languages by ISO 639-1 `code`
 *   ('de'), levels, service kinds, service types and verification types by `key`.
 *   Countries, states and cities by id (as address-public).
 * - Money is an integer in minor units (cents, kuruş) plus a currency code.
 * - Local hours are integers of the guide's IANA time zone: startHour 0..23, endHour 1..24,
 *   endHour > startHour.
 * - Private files (identity documents, certificates, vehicle papers) are never served by a
 *   public URL: `downloadUrl` goes through an endpoint that checks the caller is the owner
 *   or staff on every read.
 */

// ---------------------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------------------

/** The application's life: draft → submitted → approved | rejected; approved ⇄ suspended (staff). */
export const GUIDE_STATUSES = ['draft', 'submitted', 'approved', 'rejected', 'suspended'] as const;
export const GuideStatusSchema = z.enum(GUIDE_STATUSES);
export type GuideStatus = z.infer<typeof GuideStatusSchema>;

/** spec §2: the 8 steps of become-a-guide, in order; the stage is the furthest completed (1..8, 0 = none). */
export const GUIDE_STEPS = [
  'basic_info',
  'languages_certificate',
  'schedule',
  'photo',
  'identity_verification',
  'bank_info',
  'intro_video',
  'completion',
] as const;
export type GuideStep = (typeof GUIDE_STEPS)[number];
export const GUIDE_STEP_COUNT = GUIDE_STEPS.length;

export const SERVICE_KIND_KEYS = ['guidance', 'translation'] as const;
export const ServiceKindKeySchema = z.enum(SERVICE_KIND_KEYS);

/** Guide photos: JPEG, PNG or WebP up to 5 MB, stored re-encoded as WebP in two widths. */
export const GUIDE_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const GUIDE_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const GUIDE_PHOTO_CARD_SIZE = 480;
export const GUIDE_PHOTO_GALLERY_SIZE = 1600;
export const GUIDE_PHOTO_MAX_COUNT = 20;
export const VEHICLE_PHOTO_MAX_COUNT = 10;
/** Intro video: MP4, WebM or MOV up to 200 MB (judged by the bytes). */
export const GUIDE_VIDEO_MAX_BYTES = 200 * 1024 * 1024;
export const GUIDE_VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/quicktime'] as const;
/** spec §9: 1–2 minutes suggested; outside it the upload succeeds with a warning. */
export const GUIDE_VIDEO_RECOMMENDED_SECONDS = { min: 60, max: 120 } as const;
/** Documents: PDF, JPEG or PNG up to 10 MB. */
export const GUIDE_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const GUIDE_DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export const GUIDE_DOCUMENT_MAX_COUNT = 10;

export const PRIVATE_DOCUMENT_KINDS = ['identity', 'certificate', 'vehicle_registration', 'vehicle_insurance'] as const;
export const PrivateDocumentKindSchema = z.enum(PRIVATE_DOCUMENT_KINDS);
export type PrivateDocumentKind = z.infer<typeof PrivateDocumentKindSchema>;

export const WORK_PLAN_TYPES = ['daily', 'weekly', 'monthly', 'special'] as const;
export const WorkPlanTypeSchema = z.enum(WORK_PLAN_TYPES);
export type WorkPlanType = z.infer<typeof WorkPlanTypeSchema>;

/** The longest window `user-guide-available-hours` answers at once. */
export const AVAILABILITY_MAX_DAYS = 62;

// ---------------------------------------------------------------------------------------
// Reusable fields
// ---------------------------------------------------------------------------------------

export const GuideIdParamsSchema = z.object({ id: IdSchema });
/** A calendar date, YYYY-MM-DD. */
export const DateOnlySchema = CalendarDateSchema;
export const StartHourSchema = z.number().int().min(0).max(23);
export const EndHourSchema = z.number().int().min(1).max(24);
export const HourlyRateMinorSchema = z.number().int().positive().max(100_000_000);

const hoursInOrder = (value: { startHour: number; endHour: number }, context: z.RefinementCtx) => {
  if (value.endHour <= value.startHour) {
    context.addIssue({ code: 'custom', path: ['endHour'], message: 'End hour must be after start hour' });
  }
};

const MOD97_COUNTRY_LENGTHS: Record<string, number> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BR: 29,
  BY: 28,
  CH: 21,
  CR: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  DO: 28,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  GT: 28,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IQ: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LC: 32,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MR: 27,
  MT: 31,
  MU: 30,
  NL: 18,
  NO: 15,
  PK: 24,
  PL: 28,
  PS: 29,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  SA: 24,
  SC: 31,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  ST: 25,
  SV: 28,
  TL: 23,
  TN: 24,
  TR: 26,
  UA: 29,
  VA: 22,
  VG: 24,
  XK: 20,
};

/** IBAN without spaces, upper-cased. */
export const normalizeIban = (value: string) => value.replace(/[\s-]+/g, '').toUpperCase();

/** True when `iban` (normalised) has its country's length and a valid ISO 13616 mod-97 checksum. */
export function isValidIban(value: string): boolean {
  const iban = normalizeIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const length = MOD97_COUNTRY_LENGTHS[iban.slice(0, 2)];
  if (length === undefined || iban.length !== length) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const character of rearranged) {
    const digits = /[A-Z]/.test(character) ? String(character.charCodeAt(0) - 55) : character;
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** SWIFT/BIC: 4 bank letters, 2 country letters, 2 location characters, optional 3 branch characters. */
export const isValidSwift = (value: string) => /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(value);

export const IbanSchema = z
  .string()
  .max(50)
  .transform(normalizeIban)
  .refine(isValidIban, 'Valid IBAN required (country length and checksum)');
export const SwiftSchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isValidSwift, 'Valid SWIFT/BIC required (8 or 11 characters)');

// ---------------------------------------------------------------------------------------
// Shared response pieces
// ---------------------------------------------------------------------------------------

export const NamedRefSchema = z.object({ id: IdSchema, key: z.string(), name: z.string(), names: LocalizedSchema });
export type NamedRef = z.infer<typeof NamedRefSchema>;

export const PlaceRefSchema = z.object({ id: IdSchema, code: z.string(), name: z.string() });

export const GuideLanguageSchema = z.object({
  /** The row id (delete-user-mr-language/{id}). */
  id: IdSchema,
  languageId: IdSchema,
  code: z.string(),
  name: z.string(),
  names: LocalizedSchema,
  levelId: IdSchema,
  levelKey: z.string(),
  levelName: z.string(),
  levelRank: z.number().int(),
  isPrimary: z.boolean(),
});
export type GuideLanguage = z.infer<typeof GuideLanguageSchema>;
export const GuideLanguageListSchema = listOf(GuideLanguageSchema);

export const GuideServiceTypeSchema = NamedRefSchema.extend({ set: z.enum(SERVICE_TYPE_SETS) });
export const GuideServiceKindSchema = NamedRefSchema.extend({ serviceTypes: z.array(GuideServiceTypeSchema) });
export type GuideServiceKind = z.infer<typeof GuideServiceKindSchema>;
/** `get-guide-service-type/{id}` and the answer of `create-update/{a}/{b}`. */
export const GuideServiceTypesSchema = z.object({ guideId: IdSchema, serviceKinds: z.array(GuideServiceKindSchema) });
export type GuideServiceTypes = z.infer<typeof GuideServiceTypesSchema>;

export const GuidePhotoSchema = z.object({
  id: IdSchema,
  position: z.number().int(),
  isCover: z.boolean(),
  /** 480 px WebP (cards), public. */
  cardUrl: z.string(),
  /** 1600 px WebP (galleries), public. */
  galleryUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type GuidePhoto = z.infer<typeof GuidePhotoSchema>;
export const GuidePhotoListSchema = listOf(GuidePhotoSchema);

export const GuideVideoSchema = z.object({
  id: IdSchema,
  url: z.string(),
  contentType: z.enum(GUIDE_VIDEO_TYPES),
  sizeBytes: z.number().int(),
  /** Read from the MP4/MOV header when possible, else as sent by the client, else null. */
  durationSeconds: z.number().nullable(),
  durationSource: z.enum(['file', 'client']).nullable(),
  createdAt: z.iso.datetime(),
});
export type GuideVideo = z.infer<typeof GuideVideoSchema>;
export const GuideVideoListSchema = listOf(GuideVideoSchema);
/** The upload answer: the video plus warnings (never a refusal) such as a duration outside 60–120 s. */
export const GuideVideoUploadedSchema = GuideVideoSchema.extend({
  warnings: z.array(z.enum(['DURATION_OUTSIDE_RECOMMENDED', 'DURATION_UNKNOWN'])),
});
export type GuideVideoUploaded = z.infer<typeof GuideVideoUploadedSchema>;

/** A private file: only its owner and staff can read it, through `downloadUrl`. */
export const PrivateDocumentSchema = z.object({
  id: IdSchema,
  kind: PrivateDocumentKindSchema,
  vehicleId: IdSchema.nullable(),
  fileName: z.string().nullable(),
  contentType: z.enum(GUIDE_DOCUMENT_TYPES),
  sizeBytes: z.number().int(),
  /** Authorised download: `/api/app/file-management-public/user-private-file?id=…` (owner or staff). */
  downloadUrl: z.string(),
  createdAt: z.iso.datetime(),
});
export type PrivateDocument = z.infer<typeof PrivateDocumentSchema>;
export const PrivateDocumentListSchema = listOf(PrivateDocumentSchema);
/** `check-user-identity-doc-file` / `check-user-certificate`. */
export const DocumentCheckSchema = z.object({ exists: z.boolean(), data: z.array(PrivateDocumentSchema) });
export type DocumentCheck = z.infer<typeof DocumentCheckSchema>;

// ---------------------------------------------------------------------------------------
// user-guide-stage-public
// ---------------------------------------------------------------------------------------

/** `GET get-user-guide-stage`, and the answer of `PUT update-user-guide-stage/{id}`. */
export const GuideStageSchema = z.object({
  /** Null until the caller starts an application. */
  guideId: IdSchema.nullable(),
  status: GuideStatusSchema.nullable(),
  /** The furthest completed step, 0..8 (0: none). Resume at step stage + 1. */
  stage: z.number().int().min(0).max(GUIDE_STEP_COUNT),
  steps: z.array(z.enum(GUIDE_STEPS)),
});
export type GuideStage = z.infer<typeof GuideStageSchema>;
/**
 * `PUT update-user-guide-stage/{id}` ({id}: the caller's user id or guide id): records that
 * step `stage` is completed. The stored stage never goes back (max of old and new). Creates
 * the draft application when the caller has none.
 */
export const UpdateGuideStageSchema = z.object({ stage: z.number().int().min(1).max(GUIDE_STEP_COUNT) });
export type UpdateGuideStage = z.infer<typeof UpdateGuideStageSchema>;

// ---------------------------------------------------------------------------------------
// user-guide-operation-public: status, own profile (basic info), ID verification
// ---------------------------------------------------------------------------------------

/** `GET is-user-guide`: isGuide is true for an approved guide (active or paused): guide mode is open. */
export const IsUserGuideSchema = z.object({
  isGuide: z.boolean(),
  guideId: IdSchema.nullable(),
  status: GuideStatusSchema.nullable(),
  isActive: z.boolean(),
});
export type IsUserGuide = z.infer<typeof IsUserGuideSchema>;

/**
 * `POST update-user-guide-status?status=…` — the guide's own status call:
 * - `submitted`: submit the application (from draft or rejected). Needs basic info (country
 *   and city), a primary language, a work schedule plan, a photo, an ID verification with a
 *   document, bank info and an hourly rate (both counted as step `bank_info`); otherwise
 *   409 INVALID_STATE with `details.missing` (step keys). Sets the stage to 8.
 * - `active` / `inactive`: an approved guide shows or hides (pauses) the public profile.
 * Anything else from the current status answers 409 INVALID_STATE.
 */
export const GUIDE_STATUS_ACTIONS = ['submitted', 'active', 'inactive'] as const;
export const UpdateGuideStatusQuerySchema = z.object({ status: z.enum(GUIDE_STATUS_ACTIONS) });
export type UpdateGuideStatusQuery = z.infer<typeof UpdateGuideStatusQuerySchema>;

export const GuideApplicationStateSchema = z.object({
  guideId: IdSchema,
  status: GuideStatusSchema,
  isActive: z.boolean(),
  stage: z.number().int().min(0).max(GUIDE_STEP_COUNT),
  /** Set when staff rejected the application. */
  rejectionReason: z.string().nullable(),
  suspensionReason: z.string().nullable(),
  submittedAt: z.iso.datetime().nullable(),
  reviewedAt: z.iso.datetime().nullable(),
  /** Step keys still missing before the application can be submitted. */
  missing: z.array(z.enum(GUIDE_STEPS)),
});
export type GuideApplicationState = z.infer<typeof GuideApplicationStateSchema>;

/** The caller's own guide profile (settings): everything except bank data and files. */
export const MyGuideSchema = GuideApplicationStateSchema.extend({
  userId: IdSchema,
  about: z.string().nullable(),
  aboutLanguage: WrittenLanguageSchema,
  country: PlaceRefSchema.nullable(),
  stateId: IdSchema.nullable(),
  city: PlaceRefSchema.nullable(),
  street: z.string().nullable(),
  timezone: z.string(),
  hourlyRateMinor: z.number().int().nullable(),
  currency: CurrencyCodeSchema.nullable(),
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  verified: z.boolean(),
  certificated: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type MyGuide = z.infer<typeof MyGuideSchema>;
/** `GET user-guide-operation-public/get-user-guide`: null before the caller applies, the state of most members. */
export const MyGuideOrNullSchema = MyGuideSchema.nullable();

/**
 * `PUT user-guide-operation-public/update-user-guide` (step 1, basic info; settings "about
 * me"): only the fields present change, null clears one. Creates the draft application when
 * the caller has none. The city must belong to the country. `timezone` is the IANA zone the
 * work schedule is read in (default: the city's zone when a city is set, else UTC).
 */
export const UpdateMyGuideSchema = z.object({
  about: textField({ multiline: true }).max(2000).nullable().optional(),
  countryId: IdSchema.nullable().optional(),
  stateId: IdSchema.nullable().optional(),
  cityId: IdSchema.nullable().optional(),
  street: textField().max(200).nullable().optional(),
  timezone: keyField().min(1).max(64).optional(),
});
export type UpdateMyGuide = z.input<typeof UpdateMyGuideSchema>;

/** `GET user-guide-operation-public/get-user-guide-id-verification` (own). */
export const IdVerificationSchema = z.object({
  verificationType: NamedRefSchema.nullable(),
  issuingCountry: PlaceRefSchema.nullable(),
  issueDate: DateOnlySchema.nullable(),
  expiryDate: DateOnlySchema.nullable(),
  /** The identity documents uploaded with upload-user-identity-doc-file. */
  documents: z.array(PrivateDocumentSchema),
  updatedAt: z.iso.datetime().nullable(),
});
export type IdVerification = z.infer<typeof IdVerificationSchema>;
/** `PUT user-guide-operation-public/update-user-guide-id-verification`: method, issuing country, date. */
export const UpdateIdVerificationSchema = z.object({
  /** 'drivers_license' | 'passport' | 'id_card' (guid-id-verification-types). */
  verificationTypeKey: keyField().min(1).max(64),
  issuingCountryId: IdSchema,
  /** Issue date, not in the future. */
  issueDate: DateOnlySchema,
  expiryDate: DateOnlySchema.nullable().optional(),
});
export type UpdateIdVerification = z.input<typeof UpdateIdVerificationSchema>;

// ---------------------------------------------------------------------------------------
// Work schedule and free dates (user-guide-operation-public)
// ---------------------------------------------------------------------------------------

/**
 * One plan of the work schedule, in the guide's time zone, working [startHour, endHour):
 * - daily: every day;
 * - weekly: on `weekdays` (ISO 1 = Monday … 7 = Sunday), every `repeatEveryWeeks` weeks
 *   counted from the week of `startsOn` (1 = every week);
 * - monthly: on `dayOfMonth` (1..31; months without that day are skipped);
 * - special: once, on `date`.
 * `startsOn` / `endsOn` (inclusive, optional) bound daily, weekly and monthly plans.
 */
const workPlanFields = {
  planType: WorkPlanTypeSchema,
  startHour: StartHourSchema,
  endHour: EndHourSchema,
  weekdays: z.array(z.number().int().min(1).max(7)).max(7).optional(),
  repeatEveryWeeks: z.number().int().min(1).max(52).optional(),
  dayOfMonth: z.number().int().min(1).max(31).optional(),
  date: DateOnlySchema.optional(),
  startsOn: DateOnlySchema.nullable().optional(),
  endsOn: DateOnlySchema.nullable().optional(),
};
const checkWorkPlan = (plan: z.infer<z.ZodObject<typeof workPlanFields>>, context: z.RefinementCtx) => {
  hoursInOrder(plan, context);
  if (plan.planType === 'weekly' && !plan.weekdays?.length) {
    context.addIssue({ code: 'custom', path: ['weekdays'], message: 'A weekly plan needs at least one weekday' });
  }
  if (plan.planType === 'monthly' && plan.dayOfMonth === undefined) {
    context.addIssue({ code: 'custom', path: ['dayOfMonth'], message: 'A monthly plan needs its day of the month' });
  }
  if (plan.planType === 'special' && !plan.date) {
    context.addIssue({ code: 'custom', path: ['date'], message: 'A special plan needs its date' });
  }
  if (plan.startsOn && plan.endsOn && plan.endsOn < plan.startsOn) {
    context.addIssue({ code: 'custom', path: ['endsOn'], message: 'The end date must not be before the start date' });
  }
};
export const WorkPlanInputSchema = z.object(workPlanFields).superRefine(checkWorkPlan);
export type WorkPlanInput = z.input<typeof WorkPlanInputSchema>;

export const WorkPlanSchema = z.object({
  id: IdSchema,
  planType: WorkPlanTypeSchema,
  startHour: z.number().int(),
  endHour: z.number().int(),
  weekdays: z.array(z.number().int()),
  repeatEveryWeeks: z.number().int(),
  dayOfMonth: z.number().int().nullable(),
  date: DateOnlySchema.nullable(),
  startsOn: DateOnlySchema.nullable(),
  endsOn: DateOnlySchema.nullable(),
  createdAt: z.iso.datetime(),
});
export type WorkPlan = z.infer<typeof WorkPlanSchema>;
/** The schedule of a guide: its time zone and plans. */
export const WorkScheduleSchema = z.object({ guideId: IdSchema, timezone: z.string(), data: z.array(WorkPlanSchema) });
export type WorkSchedule = z.infer<typeof WorkScheduleSchema>;
/** `PUT update-user-guide-work-schedule`: replaces every plan at once (the week-view editor); optional time zone. */
export const ReplaceWorkScheduleSchema = z.object({
  timezone: keyField().min(1).max(64).optional(),
  plans: z.array(WorkPlanInputSchema).max(100),
});
export type ReplaceWorkSchedule = z.input<typeof ReplaceWorkScheduleSchema>;

/** A free date: a day the guide is available beyond the schedule, [startHour, endHour) local (default the whole day). */
export const CreateFreeDateSchema = z
  .object({
    date: DateOnlySchema,
    startHour: StartHourSchema.default(0),
    endHour: EndHourSchema.default(24),
  })
  .superRefine(hoursInOrder);
export type CreateFreeDate = z.input<typeof CreateFreeDateSchema>;
export const FreeDateSchema = z.object({
  id: IdSchema,
  date: DateOnlySchema,
  startHour: z.number().int(),
  endHour: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type FreeDate = z.infer<typeof FreeDateSchema>;
export const FreeDateListSchema = z.object({ guideId: IdSchema, timezone: z.string(), data: z.array(FreeDateSchema) });
export type FreeDateList = z.infer<typeof FreeDateListSchema>;
/** Optional bounds (inclusive) of the free-date lists; by-id lists default to today onwards. */
export const FreeDatesQuerySchema = z.object({ from: DateOnlySchema.optional(), to: DateOnlySchema.optional() });

/** `GET user-guide-available-hours/{id}?from=&to=`: instants (ISO with offset or Z), at most 62 days apart. */
export const AvailableHoursQuerySchema = z.object({
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
});
export const HourSlotSchema = z.object({ start: z.iso.datetime(), end: z.iso.datetime() });
export type HourSlot = z.infer<typeof HourSlotSchema>;
/** One-hour slots (UTC instants) the guide is available in: schedule ∪ free dates − held reservations. */
export const AvailableHoursSchema = z.object({
  guideId: IdSchema,
  timezone: z.string(),
  data: z.array(HourSlotSchema),
});
export type AvailableHours = z.infer<typeof AvailableHoursSchema>;

// ---------------------------------------------------------------------------------------
// user-guide-pricing-public: hourly rate, bank info
// ---------------------------------------------------------------------------------------

/** `POST create-update`: the caller's hourly rate (creates the draft application when missing). */
export const UpdateGuidePriceSchema = z.object({
  hourlyRateMinor: HourlyRateMinorSchema,
  currency: CurrencyCodeSchema,
});
export type UpdateGuidePrice = z.infer<typeof UpdateGuidePriceSchema>;
/** `get-price/{id}` and the answer of `create-update`; null amounts until a rate is set. */
export const GuidePriceSchema = z.object({
  guideId: IdSchema,
  hourlyRateMinor: z.number().int().nullable(),
  currency: CurrencyCodeSchema.nullable(),
});
export type GuidePrice = z.infer<typeof GuidePriceSchema>;
/** `get-all`: the caller's price list: the guide's hourly rate and each vehicle's additional hourly rate. */
export const PriceItemSchema = z.object({
  kind: z.enum(['guide', 'vehicle']),
  /** Guide id or vehicle id. */
  id: IdSchema,
  label: z.string(),
  hourlyRateMinor: z.number().int().nullable(),
  currency: CurrencyCodeSchema.nullable(),
});
export type PriceItem = z.infer<typeof PriceItemSchema>;
export const PriceListSchema = listOf(PriceItemSchema);

/** `POST user-guide-pricing-public/create-update-bank-info`. */
export const UpdateBankInfoSchema = z.object({
  bankName: nameField().min(1, 'Bank name is required').max(120),
  accountNumber: nameField().max(40).nullable().optional(),
  iban: IbanSchema,
  swift: SwiftSchema,
  holderFirstName: nameField().min(1, 'First name is required').max(64),
  holderLastName: nameField().min(1, 'Last name is required').max(64),
});
export type UpdateBankInfo = z.input<typeof UpdateBankInfoSchema>;
/** The caller's bank information (own only). */
export const BankInfoSchema = z.object({
  bankName: z.string(),
  accountNumber: z.string().nullable(),
  iban: z.string(),
  swift: z.string(),
  holderFirstName: z.string(),
  holderLastName: z.string(),
  updatedAt: z.iso.datetime(),
});
export type BankInfo = z.infer<typeof BankInfoSchema>;
/** `GET user-guide-pricing-public/get-bank-info`: null until the caller gives them (a 404 would be an error in every console). */
export const BankInfoOrNullSchema = BankInfoSchema.nullable();

// ---------------------------------------------------------------------------------------
// user-mr-language-public
// ---------------------------------------------------------------------------------------

export const GuideLanguageInputSchema = z.object({
  languageCode: nameField().toLowerCase().min(2).max(8),
  levelKey: nameField().min(1).max(32),
  isPrimary: z.boolean().default(false),
});
export type GuideLanguageInput = z.input<typeof GuideLanguageInputSchema>;
/**
 * `PUT update-user-mr-languages`, two forms:
 * - body `{ languages: [...] }`: replaces the whole list; exactly one must be primary;
 * - query `?languageCode=de&levelKey=fluent&isPrimary=true` (no body): adds or changes one
 *   language; `isPrimary=true` makes it the primary one; the first language is primary.
 * Unknown language or level: 400.
 */
export const UpdateGuideLanguagesQuerySchema = LocaleQuerySchema.extend({
  languageCode: nameField().toLowerCase().min(2).max(8).optional(),
  levelKey: nameField().min(1).max(32).optional(),
  isPrimary: z.enum(['true', 'false']).optional(),
});
export const UpdateGuideLanguagesSchema = z.object({
  languages: z
    .array(GuideLanguageInputSchema)
    .min(1)
    .max(20)
    .refine((list) => list.filter((language) => language.isPrimary).length === 1, 'Exactly one primary language'),
});
export type UpdateGuideLanguages = z.input<typeof UpdateGuideLanguagesSchema>;
/** `get-user-mr-languages-for-edit`: the caller's languages plus every choice. */
export const GuideLanguagesForEditSchema = z.object({
  data: z.array(GuideLanguageSchema),
  languages: z.array(z.object({ id: IdSchema, code: z.string(), name: z.string(), names: LocalizedSchema })),
  levels: z.array(NamedRefSchema.extend({ rank: z.number().int() })),
});
export type GuideLanguagesForEdit = z.infer<typeof GuideLanguagesForEditSchema>;

// ---------------------------------------------------------------------------------------
// service-type-public/create-update/{a}/{b}
// ---------------------------------------------------------------------------------------

/**
 * `POST service-type-public/create-update/{a}/{b}`: {a} = the caller's guide id (or own user
 * id); {b} = a service kind key ('guidance' | 'translation'). The body sets the service
 * types the guide offers under that kind (replacing the previous ones); `enabled: false`
 * (or an empty list with enabled false) removes the kind. Unknown keys: 400.
 */
export const ServiceTypeParamsSchema = z.object({ a: IdSchema, b: keyField().min(1).max(32) });
export const UpdateGuideServiceTypesSchema = z.object({
  enabled: z.boolean().default(true),
  serviceTypeKeys: z.array(keyField().min(1).max(64)).max(60).default([]),
});
export type UpdateGuideServiceTypes = z.input<typeof UpdateGuideServiceTypesSchema>;

// ---------------------------------------------------------------------------------------
// Vehicles (user-guide-vehicle-public)
// ---------------------------------------------------------------------------------------

export const VehicleInputSchema = z.object({
  brand: nameField().min(1).max(60),
  model: nameField().min(1).max(60),
  color: nameField().min(1).max(40),
  plate: nameField().min(1).max(20),
  seatCount: z.number().int().min(1).max(60),
  hasAirConditioning: z.boolean().default(false),
  hasChildSeat: z.boolean().default(false),
  /** Added to the guide's hourly rate when the vehicle is used; in the guide's currency. */
  additionalHourlyRateMinor: z.number().int().min(0).max(100_000_000).default(0),
});
export type VehicleInput = z.input<typeof VehicleInputSchema>;
export const VehiclePhotoSchema = z.object({ id: IdSchema, cardUrl: z.string(), galleryUrl: z.string() });
export const PublicVehicleSchema = z.object({
  id: IdSchema,
  brand: z.string(),
  model: z.string(),
  color: z.string(),
  seatCount: z.number().int(),
  hasAirConditioning: z.boolean(),
  hasChildSeat: z.boolean(),
  additionalHourlyRateMinor: z.number().int(),
  currency: CurrencyCodeSchema.nullable(),
  photos: z.array(VehiclePhotoSchema),
});
export type PublicVehicle = z.infer<typeof PublicVehicleSchema>;
/** The owner's view adds the plate and the private papers. */
export const VehicleSchema = PublicVehicleSchema.extend({
  plate: z.string(),
  documents: z.array(PrivateDocumentSchema),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Vehicle = z.infer<typeof VehicleSchema>;
export const VehicleListSchema = listOf(VehicleSchema);

// ---------------------------------------------------------------------------------------
// file-management-public
// ---------------------------------------------------------------------------------------

/** `?id=` of the file calls (delete-user-guide-photo-file, user-private-file, …). */
export const FileIdQuerySchema = z.object({ id: IdSchema });
/** `user-public-photo-file?id=&size=`: a guide or vehicle photo (image/webp). */
export const PublicPhotoQuerySchema = z.object({ id: IdSchema, size: z.enum(['card', 'gallery']).default('gallery') });
/** `get-user-public-photo-by-ids?ids=a,b` (own) and `get-guide-public-photo-by-ids/{id}?ids=`: optional comma-separated filter. */
export const PhotoIdsQuerySchema = z.object({ ids: keyField().max(2000).optional() });
/** `PUT reorder-user-guide-photo-files`: every own photo id, in the new order. */
export const ReorderPhotosSchema = z.object({ ids: z.array(IdSchema).min(1).max(GUIDE_PHOTO_MAX_COUNT) });
/** Multipart upload calls: the file in `file` (also accepted: File, ImageContent, content). */
export const UPLOAD_FILE_FIELDS = ['file', 'File', 'ImageContent', 'content'] as const;
/**
 * `upload-user-guide-video-file`: multipart `file`, optional text field `durationSeconds`
 * (the client's reading) used when the server cannot read the duration from the file.
 */
export const VideoUploadQuerySchema = z.object({ durationSeconds: z.coerce.number().positive().max(3600).optional() });
/** `upload-user-vehicle-photo-file?vehicleId=` and `upload-user-vehicle-doc-file?vehicleId=&kind=`. */
export const VehiclePhotoUploadQuerySchema = z.object({ vehicleId: IdSchema });
export const VehicleDocUploadQuerySchema = z.object({
  vehicleId: IdSchema,
  kind: z.enum(['vehicle_registration', 'vehicle_insurance']),
});
/** File bytes (image/webp, video/*, application/pdf …), not JSON. */
export const FileBytesSchema = z.any().describe('file bytes');

// ---------------------------------------------------------------------------------------
// Public guide profile: user-detail-public/get-guide-user-detail-with-id/{id}
// ---------------------------------------------------------------------------------------

/** Approved, active guides only (else 404 GUIDE_NOT_FOUND). Nothing private: no bank data, documents, phone, e-mail, plate. */
/** A guide's answers shown once they have this many requests in the window (issue 19 item 3). */
export const RESPONSE_MIN_REQUESTS = 5;

/**
 * How a guide answers reservation requests over the last 90 days: the share answered
 * (approved or rejected) within 24 hours, in percent, and the median time to an answer.
 * Null (or absent) until the guide has RESPONSE_MIN_REQUESTS requests that count.
 */
export const GuideResponseSchema = z.object({
  ratePercent: z.number().int().min(0).max(100),
  medianMinutes: z.number().int().min(0).nullable(),
});
export type GuideResponse = z.infer<typeof GuideResponseSchema>;

export const GuideDetailSchema = z.object({
  id: IdSchema,
  userId: IdSchema,
  name: z.string().nullable(),
  surname: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  about: z.string().nullable(),
  /** Language `about` was written in; null when not known. */
  aboutLanguage: WrittenLanguageSchema,
  country: PlaceRefSchema.nullable(),
  city: PlaceRefSchema.nullable(),
  timezone: z.string(),
  gender: NamedRefSchema.nullable(),
  languages: z.array(GuideLanguageSchema),
  serviceKinds: z.array(GuideServiceKindSchema),
  hourlyRateMinor: z.number().int().nullable(),
  currency: CurrencyCodeSchema.nullable(),
  photos: z.array(GuidePhotoSchema),
  coverPhotoUrl: z.string().nullable(),
  video: GuideVideoSchema.nullable(),
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  response: GuideResponseSchema.nullable().optional(),
  verified: z.boolean(),
  certificated: z.boolean(),
  vehicles: z.array(PublicVehicleSchema),
  createdAt: z.iso.datetime(),
});
export type GuideDetail = z.infer<typeof GuideDetailSchema>;
export const GuideDetailQuerySchema = LocaleQuerySchema;

// ---------------------------------------------------------------------------------------
// Staff: /api/app/admin/guides… (role 'staff'; others 403)
// ---------------------------------------------------------------------------------------

export const AdminGuideListQuerySchema = LocaleQuerySchema.extend({
  status: GuideStatusSchema.default('submitted'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const AdminGuideSummarySchema = z.object({
  id: IdSchema,
  userId: IdSchema,
  name: z.string().nullable(),
  surname: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  email: z.string().nullable(),
  status: GuideStatusSchema,
  isActive: z.boolean(),
  stage: z.number().int(),
  city: PlaceRefSchema.nullable(),
  country: PlaceRefSchema.nullable(),
  verified: z.boolean(),
  certificated: z.boolean(),
  submittedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type AdminGuideSummary = z.infer<typeof AdminGuideSummarySchema>;
export const AdminGuideListSchema = z.object({
  data: z.array(AdminGuideSummarySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AdminGuideList = z.infer<typeof AdminGuideListSchema>;
/** One application with everything staff review, private documents included (download links are authorised). */
export const AdminGuideDetailSchema = AdminGuideSummarySchema.extend({
  about: z.string().nullable(),
  aboutLanguage: WrittenLanguageSchema,
  street: z.string().nullable(),
  timezone: z.string(),
  avatarUrl: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  suspensionReason: z.string().nullable(),
  reviewedAt: z.iso.datetime().nullable(),
  missing: z.array(z.enum(GUIDE_STEPS)),
  languages: z.array(GuideLanguageSchema),
  serviceKinds: z.array(GuideServiceKindSchema),
  hourlyRateMinor: z.number().int().nullable(),
  currency: CurrencyCodeSchema.nullable(),
  schedule: z.array(WorkPlanSchema),
  photos: z.array(GuidePhotoSchema),
  video: GuideVideoSchema.nullable(),
  idVerification: IdVerificationSchema,
  certificates: z.array(PrivateDocumentSchema),
  bankInfo: BankInfoSchema.nullable(),
  vehicles: z.array(VehicleSchema),
});
export type AdminGuideDetail = z.infer<typeof AdminGuideDetailSchema>;
export const RejectGuideSchema = z.object({
  reason: textField({ multiline: true }).min(1, 'A reason is required').max(2000),
});
export type RejectGuide = z.infer<typeof RejectGuideSchema>;
export const SuspendGuideSchema = z.object({ reason: textField({ multiline: true }).max(2000).optional() });
export type SuspendGuide = z.infer<typeof SuspendGuideSchema>;
/** `PUT /api/app/admin/guides/{id}/flags`: only the flags present change. */
export const GuideFlagsSchema = z.object({ verified: z.boolean().optional(), certificated: z.boolean().optional() });
export type GuideFlags = z.infer<typeof GuideFlagsSchema>;
