import type { Localized } from '@marco/contract/locales';
import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
const names = () => jsonb('names').$type<Localized>().notNull();

export const languages = pgTable('languages', {
  id: id(),
  code: text('code').notNull().unique(),
  names: names(),
  position: integer('position').notNull(),
});

export const languageLevels = pgTable('language_levels', {
  id: id(),
  key: text('key').notNull().unique(),
  rank: integer('rank').notNull().unique(),
  names: names(),
});

export const genders = pgTable('genders', {
  id: id(),
  key: text('key').notNull().unique(),
  names: names(),
  position: integer('position').notNull(),
});

export const currencies = pgTable(
  'currencies',
  {
    id: id(),
    code: text('code').notNull().unique(),
    label: text('label').notNull(),
    symbol: text('symbol').notNull(),
    names: names(),
    position: integer('position').notNull(),
  },
  (table) => [check('currencies_code_iso', sql`${table.code} ~ '^[A-Z]{3}$'`)],
);

/** Exchange rates against the US dollar; one current row per currency. */
export const currencyRates = pgTable(
  'currency_rates',
  {
    currencyId: uuid('currency_id')
      .primaryKey()
      .references(() => currencies.id, { onDelete: 'cascade' }),
    unitsPerUsd: numeric('units_per_usd', { precision: 18, scale: 6, mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('currency_rates_positive', sql`${table.unitsPerUsd} > 0`)],
);

export const verificationTypes = pgTable('verification_types', {
  id: id(),
  key: text('key').notNull().unique(),
  names: names(),
  position: integer('position').notNull(),
});

export const serviceKinds = pgTable('service_kinds', {
  id: id(),
  key: text('key').notNull().unique(),
  names: names(),
  position: integer('position').notNull(),
});

export const serviceTypes = pgTable(
  'service_types',
  {
    id: id(),
    key: text('key').notNull().unique(),
    set: text('set').notNull(),
    names: names(),
    position: integer('position').notNull(),
  },
  (table) => [
    check('service_types_set', sql`${table.set} in ('primary', 'secondary')`),
    index('service_types_set_position').on(table.set, table.position),
  ],
);

export const countries = pgTable(
  'countries',
  {
    id: id(),
    code: text('code').notNull().unique(),
    names: names(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    /** Every name in every locale, lower-cased and without accents, for trigram search. */
    searchText: text('search_text').notNull(),
  },
  (table) => [index('countries_search_trgm').using('gin', sql`${table.searchText} gin_trgm_ops`)],
);

export const states = pgTable(
  'states',
  {
    id: id(),
    code: text('code').notNull().unique(),
    countryId: uuid('country_id')
      .notNull()
      .references(() => countries.id, { onDelete: 'cascade' }),
    names: names(),
  },
  (table) => [index('states_country').on(table.countryId)],
);

export const cities = pgTable(
  'cities',
  {
    id: id(),
    key: text('key').notNull().unique(),
    countryId: uuid('country_id')
      .notNull()
      .references(() => countries.id, { onDelete: 'cascade' }),
    stateId: uuid('state_id').references(() => states.id, { onDelete: 'set null' }),
    names: names(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    timezone: text('timezone').notNull(),
    searchText: text('search_text').notNull(),
  },
  (table) => [
    index('cities_country').on(table.countryId),
    index('cities_state').on(table.stateId),
    index('cities_search_trgm').using('gin', sql`${table.searchText} gin_trgm_ops`),
  ],
);

export const onboardingContent = pgTable(
  'onboarding_content',
  {
    id: id(),
    kind: text('kind').notNull(),
    position: integer('position').notNull(),
    key: text('key').notNull(),
    title: jsonb('title').$type<Localized>().notNull(),
    description: jsonb('description').$type<Localized>().notNull(),
  },
  (table) => [
    unique('onboarding_content_kind_key').on(table.kind, table.key),
    check('onboarding_content_kind', sql`${table.kind} in ('become_guide_step', 'feature_step')`),
  ],
);
