import { z } from 'zod';
import { IdSchema, LocaleQuerySchema, LocalizedSchema, listOf } from './common.js';
import { nameField } from './text.js';

/** A reference item with a stable key, its name in the asked locale, and its names in all. */
const NamedItemSchema = z.object({
  id: IdSchema,
  key: z.string(),
  name: z.string(),
  names: LocalizedSchema,
});

export const LanguageSchema = z.object({ id: IdSchema, code: z.string(), name: z.string(), names: LocalizedSchema });
export type Language = z.infer<typeof LanguageSchema>;
export const LanguageListSchema = listOf(LanguageSchema);

export const LanguageLevelSchema = NamedItemSchema.extend({ rank: z.number().int() });
export type LanguageLevel = z.infer<typeof LanguageLevelSchema>;
export const LanguageLevelListSchema = listOf(LanguageLevelSchema);

export const GenderSchema = NamedItemSchema;
export type Gender = z.infer<typeof GenderSchema>;
export const GenderListSchema = listOf(GenderSchema);

export const VerificationTypeSchema = NamedItemSchema;
export const VerificationTypeListSchema = listOf(VerificationTypeSchema);

export const CURRENCY_CODES = ['USD', 'TRY', 'EUR'] as const;
export const CurrencyCodeSchema = z.enum(CURRENCY_CODES);
export type CurrencyCode = z.infer<typeof CurrencyCodeSchema>;
export const CurrencySchema = z.object({
  id: IdSchema,
  code: CurrencyCodeSchema,
  label: z.string(),
  symbol: z.string(),
  name: z.string(),
  names: LocalizedSchema,
  /** How many units of this currency one US dollar buys. */
  unitsPerUsd: z.number().positive(),
  updatedAt: z.iso.datetime(),
});
export type Currency = z.infer<typeof CurrencySchema>;
export const CurrencyListSchema = listOf(CurrencySchema);

export const SERVICE_TYPE_SETS = ['primary', 'secondary'] as const;
export const ServiceTypeSchema = NamedItemSchema.extend({ set: z.enum(SERVICE_TYPE_SETS) });
export type ServiceType = z.infer<typeof ServiceTypeSchema>;
export const ServiceKindSchema = NamedItemSchema;
export const ServiceTypeAllSchema = z.object({
  data: z.array(ServiceTypeSchema),
  serviceKinds: z.array(ServiceKindSchema),
});
export const ServiceTypeListQuerySchema = LocaleQuerySchema.extend({
  set: z.enum(SERVICE_TYPE_SETS).default('primary'),
});
export const ServiceTypeListSchema = listOf(ServiceTypeSchema);

export const OnboardingItemSchema = z.object({
  id: IdSchema,
  kind: z.enum(['become_guide_step', 'feature_step']),
  position: z.number().int(),
  key: z.string(),
  title: z.string(),
  description: z.string(),
});
export type OnboardingItem = z.infer<typeof OnboardingItemSchema>;
export const OnboardingListSchema = listOf(OnboardingItemSchema);

export const CountrySchema = z.object({
  id: IdSchema,
  code: z.string(),
  name: z.string(),
  names: LocalizedSchema,
  lat: z.number(),
  lng: z.number(),
});
export type Country = z.infer<typeof CountrySchema>;
export const CountryListSchema = listOf(CountrySchema);

export const StateSchema = z.object({
  id: IdSchema,
  code: z.string(),
  countryId: IdSchema,
  name: z.string(),
  names: LocalizedSchema,
});
export type State = z.infer<typeof StateSchema>;
export const StatesQuerySchema = LocaleQuerySchema.extend({ countryId: IdSchema });
export const StateListSchema = listOf(StateSchema);

export const CitySchema = z.object({
  id: IdSchema,
  key: z.string(),
  countryId: IdSchema,
  stateId: IdSchema.nullable(),
  name: z.string(),
  names: LocalizedSchema,
  lat: z.number(),
  lng: z.number(),
  timezone: z.string(),
});
export type City = z.infer<typeof CitySchema>;
export const CitiesQuerySchema = LocaleQuerySchema.extend({
  countryId: IdSchema.optional(),
  stateId: IdSchema.optional(),
});
export const CityListSchema = listOf(CitySchema);

export const PlaceSchema = z.object({
  id: IdSchema,
  type: z.enum(['country', 'city']),
  key: z.string(),
  name: z.string(),
  names: LocalizedSchema,
  countryCode: z.string(),
  /** For a city: its country's name in the asked locale; for a country: null. */
  countryName: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  /** Approved, active guides in the place; present once guides exist. */
  guideCount: z.number().int().optional(),
});
export type Place = z.infer<typeof PlaceSchema>;
export const SearchPlacesQuerySchema = LocaleQuerySchema.extend({
  query: nameField().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(50),
});
export const PlaceListSchema = listOf(PlaceSchema);

export const HealthSchema = z.object({ status: z.literal('ok'), database: z.literal('ok'), version: z.string() });

/** `GET /api/health/live`: the process answers; nothing it depends on is asked. */
export const LivenessSchema = z.object({ status: z.literal('ok') });
/** What `GET /api/health/ready` asks; Redis only when the instance is configured with it. */
export const ReadinessCheckSchema = z.enum(['database', 'redis', 'storage']);
export type ReadinessCheck = z.infer<typeof ReadinessCheckSchema>;
/** 200: every check asked passed. */
export const ReadinessSchema = z.object({
  status: z.literal('ok'),
  checks: z.object({ database: z.literal('ok'), storage: z.literal('ok'), redis: z.literal('ok').optional() }),
});
export type Readiness = z.infer<typeof ReadinessSchema>;
const CheckOutcomeSchema = z.enum(['ok', 'failed', 'timeout']);
/** The `details` of the 503 answer (code NETWORK_ERROR): each check asked, and which failed. */
export const ReadinessFailureSchema = z.object({
  failed: z.array(ReadinessCheckSchema),
  checks: z.object({ database: CheckOutcomeSchema, storage: CheckOutcomeSchema, redis: CheckOutcomeSchema.optional() }),
});
export type ReadinessFailure = z.infer<typeof ReadinessFailureSchema>;
