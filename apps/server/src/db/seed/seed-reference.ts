import { LOCALES, type Localized } from '@marco/contract/locales';
import { normalizeForSearch } from '@marco/contract/search-text';
import { sql } from 'drizzle-orm';
import type { Db } from '../client.js';
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
} from '../schema/index.js';
import * as data from './reference-data.js';

const searchTextOf = (names: Localized, ...extra: string[]) =>
  normalizeForSearch([...extra, ...LOCALES.map((locale) => names[locale])].join(' | '));

const excluded = (column: string) => sql.raw(`excluded.${column}`);

/**
 * Writes the reference data of spec §3. Idempotent: rows are matched by their stable key
 * and their texts updated; seeded exchange rates never overwrite rates set since.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(languages)
      .values(data.languages.map((item, position) => ({ code: item.code, names: item.names, position })))
      .onConflictDoUpdate({
        target: languages.code,
        set: { names: excluded('names'), position: excluded('position') },
      });

    await tx
      .insert(languageLevels)
      .values(data.languageLevels.map((item) => ({ key: item.key, rank: item.rank, names: item.names })))
      .onConflictDoUpdate({ target: languageLevels.key, set: { names: excluded('names'), rank: excluded('rank') } });

    for (const [table, items] of [
      [genders, data.genders],
      [verificationTypes, data.verificationTypes],
      [serviceKinds, data.serviceKinds],
    ] as const) {
      await tx
        .insert(table)
        .values(items.map((item, position) => ({ key: item.key, names: item.names, position })))
        .onConflictDoUpdate({ target: table.key, set: { names: excluded('names'), position: excluded('position') } });
    }

    await tx
      .insert(serviceTypes)
      .values(
        data.serviceTypes.map((item, position) => ({ key: item.key, set: item.set, names: item.names, position })),
      )
      .onConflictDoUpdate({
        target: serviceTypes.key,
        set: { names: excluded('names'), set: excluded('set'), position: excluded('position') },
      });

    const currencyRows = await tx
      .insert(currencies)
      .values(
        data.currencies.map((item, position) => ({
          code: item.code,
          label: item.label,
          symbol: item.symbol,
          names: item.names,
          position,
        })),
      )
      .onConflictDoUpdate({
        target: currencies.code,
        set: {
          label: excluded('label'),
          symbol: excluded('symbol'),
          names: excluded('names'),
          position: excluded('position'),
        },
      })
      .returning({ id: currencies.id, code: currencies.code });
    await tx
      .insert(currencyRates)
      .values(
        currencyRows.map((row) => ({
          currencyId: row.id,
          unitsPerUsd: data.currencies.find((item) => item.code === row.code)?.unitsPerUsd ?? 1,
        })),
      )
      .onConflictDoNothing();

    const countryRows = await tx
      .insert(countries)
      .values(
        data.countries.map((item) => ({
          code: item.code,
          names: item.names,
          lat: item.lat,
          lng: item.lng,
          searchText: searchTextOf(item.names, item.code),
        })),
      )
      .onConflictDoUpdate({
        target: countries.code,
        set: {
          names: excluded('names'),
          lat: excluded('lat'),
          lng: excluded('lng'),
          searchText: excluded('search_text'),
        },
      })
      .returning({ id: countries.id, code: countries.code });
    const countryId = new Map(countryRows.map((row) => [row.code, row.id]));
    const countryIdOf = (code: string) => {
      const found = countryId.get(code);
      if (!found) throw new Error(`reference data: unknown country ${code}`);
      return found;
    };

    const stateRows = await tx
      .insert(states)
      .values(
        data.states.map((item) => ({ code: item.code, countryId: countryIdOf(item.countryCode), names: item.names })),
      )
      .onConflictDoUpdate({ target: states.code, set: { names: excluded('names'), countryId: excluded('country_id') } })
      .returning({ id: states.id, code: states.code });
    const stateId = new Map(stateRows.map((row) => [row.code, row.id]));

    await tx
      .insert(cities)
      .values(
        data.cities.map((item) => ({
          key: item.key,
          countryId: countryIdOf(item.countryCode),
          stateId: item.stateCode ? (stateId.get(item.stateCode) ?? null) : null,
          names: item.names,
          lat: item.lat,
          lng: item.lng,
          timezone: item.timezone,
          searchText: searchTextOf(item.names, item.key),
        })),
      )
      .onConflictDoUpdate({
        target: cities.key,
        set: {
          names: excluded('names'),
          countryId: excluded('country_id'),
          stateId: excluded('state_id'),
          lat: excluded('lat'),
          lng: excluded('lng'),
          timezone: excluded('timezone'),
          searchText: excluded('search_text'),
        },
      });

    await tx
      .insert(onboardingContent)
      .values(data.onboardingContent.map((item) => ({ ...item })))
      .onConflictDoUpdate({
        target: [onboardingContent.kind, onboardingContent.key],
        set: { position: excluded('position'), title: excluded('title'), description: excluded('description') },
      });
  });
}
