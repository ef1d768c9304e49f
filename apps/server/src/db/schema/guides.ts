import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  cities,
  countries,
  languageLevels,
  languages,
  serviceKinds,
  serviceTypes,
  states,
  verificationTypes,
} from './reference.js';
import { users } from './users.js';

/*
 * The `guides` migration set (docs/decisions/003): every table of the guides context.
 * Search reads `guides` (status, is_active, city_id, country_id, hourly_rate_minor,
 * currency, rating, created_at; gender through users.gender_id) and `guide_languages`.
 */

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** One guide profile (and application) per user. Public only when status = 'approved' and is_active. */
export const guides = pgTable(
  'guides',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('draft'),
    /** The guide's own switch (pausing); only meaningful once approved. */
    isActive: boolean('is_active').notNull().default(true),
    /** Furthest completed become-a-guide step, 0..8. */
    stage: smallint('stage').notNull().default(0),
    about: text('about'),
    /** Language `about` was written in (WCAG 3.1.2: readers mark it with lang); null when not known. */
    aboutLanguage: text('about_language'),
    countryId: uuid('country_id').references(() => countries.id, { onDelete: 'set null' }),
    stateId: uuid('state_id').references(() => states.id, { onDelete: 'set null' }),
    cityId: uuid('city_id').references(() => cities.id, { onDelete: 'set null' }),
    street: text('street'),
    /** IANA zone the work schedule is read in. */
    timezone: text('timezone').notNull().default('UTC'),
    hourlyRateMinor: integer('hourly_rate_minor'),
    currency: text('currency'),
    rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }),
    reviewCount: integer('review_count').notNull().default(0),
    verified: boolean('verified').notNull().default(false),
    certificated: boolean('certificated').notNull().default(false),
    rejectionReason: text('rejection_reason'),
    suspensionReason: text('suspension_reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('guides_user').on(table.userId),
    check('guides_status', sql`${table.status} in ('draft', 'submitted', 'approved', 'rejected', 'suspended')`),
    check('guides_stage', sql`${table.stage} between 0 and 8`),
    check('guides_hourly_rate_positive', sql`${table.hourlyRateMinor} > 0`),
    check('guides_currency', sql`${table.currency} in ('USD', 'TRY', 'EUR')`),
    check('guides_rate_with_currency', sql`(${table.hourlyRateMinor} is null) = (${table.currency} is null)`),
    check('guides_rating', sql`${table.rating} between 0 and 5`),
    check('guides_review_count', sql`${table.reviewCount} >= 0`),
    index('guides_public_city').on(table.cityId, table.hourlyRateMinor).where(sql`status = 'approved' and is_active`),
    index('guides_public_country')
      .on(table.countryId, table.hourlyRateMinor)
      .where(sql`status = 'approved' and is_active`),
    index('guides_public_created').on(table.createdAt).where(sql`status = 'approved' and is_active`),
    index('guides_public_rating').on(table.rating, table.reviewCount).where(sql`status = 'approved' and is_active`),
    index('guides_status_submitted').on(table.status, table.submittedAt),
  ],
);

/** Spoken languages of a guide: exactly one primary (at most one enforced here, at least one by the service). */
export const guideLanguages = pgTable(
  'guide_languages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    guideId: uuid('guide_id')
      .notNull()
      .references(() => guides.id, { onDelete: 'cascade' }),
    languageId: uuid('language_id')
      .notNull()
      .references(() => languages.id),
    levelId: uuid('level_id')
      .notNull()
      .references(() => languageLevels.id),
    isPrimary: boolean('is_primary').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('guide_languages_guide_language').on(table.guideId, table.languageId),
    uniqueIndex('guide_languages_one_primary').on(table.guideId).where(sql`is_primary`),
    index('guide_languages_language').on(table.languageId, table.levelId, table.guideId),
  ],
);

/** Service kinds (guidance, translation) a guide offers. */
export const guideServiceKinds = pgTable(
  'guide_service_kinds',
  {
    guideId: uuid('guide_id')
      .notNull()
      .references(() => guides.id, { onDelete: 'cascade' }),
    serviceKindId: uuid('service_kind_id')
      .notNull()
      .references(() => serviceKinds.id),
  },
  (table) => [
    primaryKey({ columns: [table.guideId, table.serviceKindId] }),
    index('guide_service_kinds_kind').on(table.serviceKindId),
  ],
);

/** Service types a guide offers under one of their service kinds. */
export const guideServiceTypes = pgTable(
  'guide_service_types',
  {
    guideId: uuid('guide_id')
      .notNull()
      .references(() => guides.id, { onDelete: 'cascade' }),
    serviceKindId: uuid('service_kind_id')
      .notNull()
      .references(() => serviceKinds.id),
    serviceTypeId: uuid('service_type_id')
      .notNull()
      .references(() => serviceTypes.id),
  },
  (table) => [
    primaryKey({ columns: [table.guideId, table.serviceKindId, table.serviceTypeId] }),
    index('guide_service_types_type').on(table.serviceTypeId, table.guideId),
  ],
);

/** Where a guide is paid. Private: owner and staff only. */
export const guideBankAccounts = pgTable('guide_bank_accounts', {
  guideId: uuid('guide_id')
    .primaryKey()
    .references(() => guides.id, { onDelete: 'cascade' }),
  bankName: text('bank_name').notNull(),
  accountNumber: text('account_number'),
  iban: text('iban').notNull(),
  swift: text('swift').notNull(),
  holderFirstName: text('holder_first_name').notNull(),
  holderLastName: text('holder_last_name').notNull(),
  ...timestamps,
});

/** Identity verification details; the document files are guide_files of kind 'identity'. */
export const guideIdVerifications = pgTable('guide_id_verifications', {
  guideId: uuid('guide_id')
    .primaryKey()
    .references(() => guides.id, { onDelete: 'cascade' }),
  verificationTypeId: uuid('verification_type_id')
    .notNull()
    .references(() => verificationTypes.id),
  issuingCountryId: uuid('issuing_country_id')
    .notNull()
    .references(() => countries.id),
  issueDate: date('issue_date', { mode: 'string' }).notNull(),
  expiryDate: date('expiry_date', { mode: 'string' }),
  ...timestamps,
});

export const guideVehicles = pgTable(
  'guide_vehicles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    guideId: uuid('guide_id')
      .notNull()
      .references(() => guides.id, { onDelete: 'cascade' }),
    brand: text('brand').notNull(),
    model: text('model').notNull(),
    color: text('color').notNull(),
    plate: text('plate').notNull(),
    seatCount: smallint('seat_count').notNull(),
    hasAirConditioning: boolean('has_air_conditioning').notNull().default(false),
    hasChildSeat: boolean('has_child_seat').notNull().default(false),
    /** In the guide's currency. */
    additionalHourlyRateMinor: integer('additional_hourly_rate_minor').notNull().default(0),
    ...timestamps,
  },
  (table) => [
    index('guide_vehicles_guide').on(table.guideId, table.createdAt),
    check('guide_vehicles_seat_count', sql`${table.seatCount} between 1 and 60`),
    check('guide_vehicles_rate', sql`${table.additionalHourlyRateMinor} >= 0`),
  ],
);

/**
 * Every uploaded file of a guide. Public kinds: photo, video, vehicle_photo. Private kinds
 * (served only to the owner and staff): identity, certificate, vehicle_registration,
 * vehicle_insurance. Storage keys are random, made by the server.
 */
export const guideFiles = pgTable(
  'guide_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    guideId: uuid('guide_id')
      .notNull()
      .references(() => guides.id, { onDelete: 'cascade' }),
    vehicleId: uuid('vehicle_id').references(() => guideVehicles.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** The file itself (video, document) or the gallery size of a photo. */
    storageKey: text('storage_key').notNull(),
    /** The card size of a photo. */
    cardKey: text('card_key'),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    originalName: text('original_name'),
    width: integer('width'),
    height: integer('height'),
    durationSeconds: doublePrecision('duration_seconds'),
    durationSource: text('duration_source'),
    position: integer('position').notNull().default(0),
    isCover: boolean('is_cover').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'guide_files_kind',
      sql`${table.kind} in ('photo', 'video', 'vehicle_photo', 'identity', 'certificate', 'vehicle_registration', 'vehicle_insurance')`,
    ),
    check(
      'guide_files_vehicle',
      sql`(${table.vehicleId} is not null) = (${table.kind} in ('vehicle_photo', 'vehicle_registration', 'vehicle_insurance'))`,
    ),
    check('guide_files_cover_photo', sql`not ${table.isCover} or ${table.kind} = 'photo'`),
    check('guide_files_duration_source', sql`${table.durationSource} in ('file', 'client')`),
    uniqueIndex('guide_files_storage_key').on(table.storageKey),
    uniqueIndex('guide_files_one_cover').on(table.guideId).where(sql`is_cover`),
    uniqueIndex('guide_files_one_video').on(table.guideId).where(sql`kind = 'video'`),
    index('guide_files_guide_kind').on(table.guideId, table.kind, table.position),
    index('guide_files_vehicle').on(table.vehicleId),
  ],
);

/** Plans of the work schedule, in the guide's time zone; hours [start_hour, end_hour). */
export const guideWorkPlans = pgTable(
  'guide_work_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    guideId: uuid('guide_id')
      .notNull()
      .references(() => guides.id, { onDelete: 'cascade' }),
    planType: text('plan_type').notNull(),
    startHour: smallint('start_hour').notNull(),
    endHour: smallint('end_hour').notNull(),
    /** ISO weekdays, 1 = Monday … 7 = Sunday (weekly plans). */
    weekdays: smallint('weekdays').array().notNull().default(sql`'{}'::smallint[]`),
    repeatEveryWeeks: smallint('repeat_every_weeks').notNull().default(1),
    dayOfMonth: smallint('day_of_month'),
    date: date('date', { mode: 'string' }),
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('guide_work_plans_guide').on(table.guideId),
    check('guide_work_plans_type', sql`${table.planType} in ('daily', 'weekly', 'monthly', 'special')`),
    check(
      'guide_work_plans_hours',
      sql`${table.startHour} between 0 and 23 and ${table.endHour} between 1 and 24 and ${table.endHour} > ${table.startHour}`,
    ),
    check('guide_work_plans_repeat', sql`${table.repeatEveryWeeks} between 1 and 52`),
    check('guide_work_plans_day_of_month', sql`${table.dayOfMonth} between 1 and 31`),
    check(
      'guide_work_plans_shape',
      sql`(${table.planType} <> 'weekly' or cardinality(${table.weekdays}) > 0)
        and (${table.planType} <> 'monthly' or ${table.dayOfMonth} is not null)
        and (${table.planType} <> 'special' or ${table.date} is not null)`,
    ),
  ],
);

/** Free dates: days the guide is available beyond the schedule, hours [start_hour, end_hour) local. */
export const guideFreeDates = pgTable(
  'guide_free_dates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    guideId: uuid('guide_id')
      .notNull()
      .references(() => guides.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    startHour: smallint('start_hour').notNull(),
    endHour: smallint('end_hour').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('guide_free_dates_guide_date').on(table.guideId, table.date),
    check(
      'guide_free_dates_hours',
      sql`${table.startHour} between 0 and 23 and ${table.endHour} between 1 and 24 and ${table.endHour} > ${table.startHour}`,
    ),
  ],
);
