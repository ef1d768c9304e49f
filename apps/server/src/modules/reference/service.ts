import type { Locale, Localized } from '@marco/contract/locales';
import type { Place } from '@marco/contract/reference';
import { normalizeForSearch } from '@marco/contract/search-text';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  cities,
  countries,
  currencies,
  currencyRates,
  genders,
  languageLevels,
  languages,
  onboardingContent,
  serviceKinds,
  serviceTypes,
  states,
  verificationTypes,
} from '../../db/schema/index.js';

const named =
  (locale: Locale) =>
  <T extends { names: Localized }>(row: T): T & { name: string } => ({ ...row, name: row.names[locale] });

export async function listLanguages(db: Db, locale: Locale) {
  const rows = await db
    .select({ id: languages.id, code: languages.code, names: languages.names })
    .from(languages)
    .orderBy(asc(languages.position));
  return rows.map(named(locale));
}

export async function listLanguageLevels(db: Db, locale: Locale) {
  const rows = await db
    .select({ id: languageLevels.id, key: languageLevels.key, rank: languageLevels.rank, names: languageLevels.names })
    .from(languageLevels)
    .orderBy(asc(languageLevels.rank));
  return rows.map(named(locale));
}

/** Reference tables that are a key and its names in every locale, in their display order. */
async function listKeyed(
  db: Db,
  locale: Locale,
  table: typeof genders | typeof verificationTypes | typeof serviceKinds,
) {
  const rows = await db
    .select({ id: table.id, key: table.key, names: table.names })
    .from(table)
    .orderBy(asc(table.position));
  return rows.map(named(locale));
}

export const listGenders = (db: Db, locale: Locale) => listKeyed(db, locale, genders);

export const listVerificationTypes = (db: Db, locale: Locale) => listKeyed(db, locale, verificationTypes);

export async function listCurrencies(db: Db, locale: Locale) {
  const rows = await db
    .select({
      id: currencies.id,
      code: currencies.code,
      label: currencies.label,
      symbol: currencies.symbol,
      names: currencies.names,
      unitsPerUsd: currencyRates.unitsPerUsd,
      updatedAt: currencyRates.updatedAt,
    })
    .from(currencies)
    .innerJoin(currencyRates, eq(currencyRates.currencyId, currencies.id))
    .orderBy(asc(currencies.position));
  return rows.map((row) => ({
    ...row,
    name: row.names[locale],
    code: row.code as 'USD' | 'TRY' | 'EUR',
    updatedAt: row.updatedAt.toISOString(),
  }));
}

export async function listServiceTypes(db: Db, locale: Locale, set?: 'primary' | 'secondary') {
  const rows = await db
    .select({ id: serviceTypes.id, key: serviceTypes.key, set: serviceTypes.set, names: serviceTypes.names })
    .from(serviceTypes)
    .where(set ? eq(serviceTypes.set, set) : undefined)
    .orderBy(asc(serviceTypes.set), asc(serviceTypes.position));
  return rows.map((row) => ({ ...row, name: row.names[locale], set: row.set as 'primary' | 'secondary' }));
}

export const listServiceKinds = (db: Db, locale: Locale) => listKeyed(db, locale, serviceKinds);

export async function listOnboardingContent(db: Db, locale: Locale) {
  const rows = await db
    .select()
    .from(onboardingContent)
    .orderBy(asc(onboardingContent.kind), asc(onboardingContent.position));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind as 'become_guide_step' | 'feature_step',
    position: row.position,
    key: row.key,
    title: row.title[locale],
    description: row.description[locale],
  }));
}

export async function listCountries(db: Db, locale: Locale) {
  const rows = await db
    .select({ id: countries.id, code: countries.code, names: countries.names, lat: countries.lat, lng: countries.lng })
    .from(countries);
  return rows.map(named(locale)).sort((a, b) => a.name.localeCompare(b.name, locale));
}

export async function listStates(db: Db, locale: Locale, countryId: string) {
  const rows = await db
    .select({ id: states.id, code: states.code, countryId: states.countryId, names: states.names })
    .from(states)
    .where(eq(states.countryId, countryId));
  return rows.map(named(locale)).sort((a, b) => a.name.localeCompare(b.name, locale));
}

export async function listCities(db: Db, locale: Locale, filter: { countryId?: string; stateId?: string }) {
  const conditions = [
    filter.countryId ? eq(cities.countryId, filter.countryId) : undefined,
    filter.stateId ? eq(cities.stateId, filter.stateId) : undefined,
  ].filter((condition) => condition !== undefined);
  const rows = await db
    .select({
      id: cities.id,
      key: cities.key,
      countryId: cities.countryId,
      stateId: cities.stateId,
      names: cities.names,
      lat: cities.lat,
      lng: cities.lng,
      timezone: cities.timezone,
    })
    .from(cities)
    .where(conditions.length ? sql.join(conditions, sql` and `) : undefined);
  return rows.map(named(locale)).sort((a, b) => a.name.localeCompare(b.name, locale));
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

/**
 * Countries and cities whose name in any locale contains the query, or resembles it
 * (trigram word similarity, so 'istanbol' still finds İstanbul). Names that start with
 * the query rank first.
 */
export async function searchPlaces(db: Db, locale: Locale, query: string | undefined, limit: number): Promise<Place[]> {
  const folded = normalizeForSearch(query ?? '');
  const contains = `%${escapeLike(folded)}%`;
  const startsWord = `%| ${escapeLike(folded)}%`;
  const places = sql`(
    select ${countries.id} as id, 'country' as type, ${countries.code} as key, ${countries.names} as names,
           ${countries.code} as country_code, null::jsonb as country_names, ${countries.lat} as lat, ${countries.lng} as lng,
           ${countries.searchText} as search_text
      from ${countries}
    union all
    select ${cities.id}, 'city', ${cities.key}, ${cities.names}, ${countries.code}, ${countries.names},
           ${cities.lat}, ${cities.lng}, ${cities.searchText}
      from ${cities} join ${countries} on ${countries.id} = ${cities.countryId}
  ) as places`;
  const where = folded ? sql`where search_text like ${contains} or ${folded} <% search_text` : sql``;
  const order = folded
    ? sql`order by (search_text like ${startsWord} or search_text like ${`${escapeLike(folded)}%`}) desc,
                   word_similarity(${folded}, search_text) desc, type desc, key`
    : sql`order by type desc, key`;
  const result = await db.execute<{
    id: string;
    type: 'country' | 'city';
    key: string;
    names: Localized;
    country_code: string;
    country_names: Localized | null;
    lat: number;
    lng: number;
  }>(
    sql`select id, type, key, names, country_code, country_names, lat, lng from ${places} ${where} ${order} limit ${limit}`,
  );
  return result.rows.map((row) => ({
    id: row.id,
    type: row.type,
    key: row.key,
    name: row.names[locale],
    names: row.names,
    countryCode: row.country_code,
    countryName: row.country_names ? row.country_names[locale] : null,
    lat: Number(row.lat),
    lng: Number(row.lng),
  }));
}
