import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cities, countries, currencies, genders, states } from './reference.js';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * Every person with an account. A deleted account keeps its row (and id) for accounting,
 * with its personal fields erased: see accounts/delete-account.ts.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** E.164; null for an external sign-in without a phone, and after deletion. */
    phoneNumber: text('phone_number'),
    phoneConfirmed: boolean('phone_confirmed').notNull().default(false),
    userName: text('user_name').notNull(),
    name: text('name'),
    surname: text('surname'),
    email: text('email'),
    emailConfirmed: boolean('email_confirmed').notNull().default(false),
    /** argon2id; null until a password is set (unfinished sign-up, social sign-in). */
    passwordHash: text('password_hash'),
    isExternal: boolean('is_external').notNull().default(false),
    timezone: text('timezone').notNull().default('UTC'),
    /**
     * The language chosen in settings for e-mails, SMS and push; null follows the one last
     * used in the app (user_locales).
     */
    locale: text('locale'),
    birthDate: date('birth_date', { mode: 'string' }),
    about: text('about'),
    genderId: uuid('gender_id').references(() => genders.id, { onDelete: 'set null' }),
    currencyId: uuid('currency_id').references(() => currencies.id, { onDelete: 'set null' }),
    notifyAds: boolean('notify_ads').notNull().default(false),
    notifyMessages: boolean('notify_messages').notNull().default(true),
    notifyAppUpdates: boolean('notify_app_updates').notNull().default(true),
    /** Storage key of the re-encoded avatar. */
    profilePictureKey: text('profile_picture_key'),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    /** Changes on every profile update: a stale update answers 409 instead of overwriting. */
    concurrencyStamp: uuid('concurrency_stamp').notNull().defaultRandom(),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    termsVersion: text('terms_version'),
    privacyAcceptedAt: timestamp('privacy_accepted_at', { withTimezone: true }),
    privacyVersion: text('privacy_version'),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    failedLoginWindowStart: timestamp('failed_login_window_start', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    ...timestamps,
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('users_phone_number').on(table.phoneNumber),
    uniqueIndex('users_user_name').on(sql`lower(${table.userName})`),
    uniqueIndex('users_email').on(sql`lower(${table.email})`),
    check('users_phone_e164', sql`${table.phoneNumber} ~ '^\\+[1-9][0-9]{6,14}$'`),
    check('users_failed_login_count', sql`${table.failedLoginCount} >= 0`),
    check('users_locale', sql`${table.locale} in ('en', 'tr', 'ar', 'de', 'es', 'fr', 'it', 'ru')`),
  ],
);

/** Postal addresses of a user (address-public); only the owner reads or changes them. */
export const userAddresses = pgTable(
  'user_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    countryId: uuid('country_id')
      .notNull()
      .references(() => countries.id),
    stateId: uuid('state_id').references(() => states.id, { onDelete: 'set null' }),
    cityId: uuid('city_id').references(() => cities.id, { onDelete: 'set null' }),
    street: text('street'),
    postalCode: text('postal_code'),
    /** The address the user chose as theirs; a user with addresses has exactly one. */
    isDefault: boolean('is_default').notNull().default(false),
    ...timestamps,
  },
  (table) => [
    index('user_addresses_user').on(table.userId, table.createdAt),
    uniqueIndex('user_addresses_one_default').on(table.userId).where(sql`is_default`),
  ],
);
