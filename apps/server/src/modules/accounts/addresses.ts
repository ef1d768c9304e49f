import type { Address, CreateAddressSchema, UpdateAddressSchema } from '@marco/contract/accounts';
import type { Locale, Localized } from '@marco/contract/locales';
import { and, asc, eq, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import type { Db } from '../../db/client.js';
import { cities, countries, states, userAddresses, users } from '../../db/schema/index.js';
import { AppError, fieldError } from '../../platform/errors.js';

type AddressDeps = Pick<AppDeps, 'db' | 'clock'>;
type AddressFields = z.infer<typeof CreateAddressSchema>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A user keeps a handful of addresses, not a directory. */
export const MAX_ADDRESSES = 20;

const notFound = () => new AppError('NOT_FOUND', 'Address not found');

const stateTable = alias(states, 'address_state');
const cityTable = alias(cities, 'address_city');

async function listAddressRows(db: Db, userId: string, id?: string) {
  return db
    .select({
      address: userAddresses,
      countryNames: countries.names,
      stateNames: stateTable.names,
      cityNames: cityTable.names,
    })
    .from(userAddresses)
    .innerJoin(countries, eq(countries.id, userAddresses.countryId))
    .leftJoin(stateTable, eq(stateTable.id, userAddresses.stateId))
    .leftJoin(cityTable, eq(cityTable.id, userAddresses.cityId))
    .where(and(eq(userAddresses.userId, userId), id ? eq(userAddresses.id, id) : undefined))
    .orderBy(asc(userAddresses.createdAt), asc(userAddresses.id));
}

type AddressRow = Awaited<ReturnType<typeof listAddressRows>>[number];

const toAddress =
  (locale: Locale) =>
  ({ address, countryNames, stateNames, cityNames }: AddressRow): Address => ({
    id: address.id,
    countryId: address.countryId,
    countryName: countryNames[locale],
    stateId: address.stateId,
    stateName: stateNames ? (stateNames as Localized)[locale] : null,
    cityId: address.cityId,
    cityName: cityNames ? (cityNames as Localized)[locale] : null,
    street: address.street,
    postalCode: address.postalCode,
    isDefault: address.isDefault,
    createdAt: address.createdAt.toISOString(),
    updatedAt: address.updatedAt.toISOString(),
  });

/** The caller's addresses; another user's never appear. */
export async function listUserAddresses(db: Db, userId: string, locale: Locale): Promise<Address[]> {
  return (await listAddressRows(db, userId)).map(toAddress(locale));
}

/** One of the caller's addresses; another user's id answers NOT_FOUND, as an unknown one does. */
export async function getUserAddress(db: Db, userId: string, id: string, locale: Locale): Promise<Address> {
  const [row] = await listAddressRows(db, userId, id);
  if (!row) throw notFound();
  return toAddress(locale)(row);
}

/** The state must lie in the country, the city in the country (and in the state, when both are given). */
async function assertPlacesFit(db: Db, fields: AddressFields, prefix: string) {
  const [country] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, fields.countryId));
  if (!country) throw fieldError('VALIDATION_FAILED', `${prefix}.countryId`, 'Unknown country');
  if (fields.stateId) {
    const [state] = await db.select().from(states).where(eq(states.id, fields.stateId));
    if (!state || state.countryId !== fields.countryId) {
      throw fieldError('VALIDATION_FAILED', `${prefix}.stateId`, 'The state is not in this country');
    }
  }
  if (fields.cityId) {
    const [city] = await db.select().from(cities).where(eq(cities.id, fields.cityId));
    if (!city || city.countryId !== fields.countryId || (fields.stateId && city.stateId !== fields.stateId)) {
      throw fieldError('VALIDATION_FAILED', `${prefix}.cityId`, 'The city is not in this country or state');
    }
  }
}

const columnsOf = (fields: AddressFields) => ({
  countryId: fields.countryId,
  stateId: fields.stateId ?? null,
  cityId: fields.cityId ?? null,
  street: fields.street || null,
  postalCode: fields.postalCode || null,
});

/** One user's address writes wait for each other, so the limit and the single default hold when they race. */
async function lockUserAddresses(tx: Tx, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

async function clearOtherDefaults(tx: Tx, userId: string, keptId: string, now: Date) {
  await tx
    .update(userAddresses)
    .set({ isDefault: false, updatedAt: now })
    .where(and(eq(userAddresses.userId, userId), eq(userAddresses.isDefault, true), ne(userAddresses.id, keptId)));
}

/** A user's first address is their default whatever was asked; `isDefault` makes a later one the default. */
export async function createUserAddress(
  deps: AddressDeps,
  userId: string,
  fields: AddressFields,
  locale: Locale,
): Promise<Address> {
  await assertPlacesFit(deps.db, fields, 'body');
  const id = await deps.db.transaction(async (tx) => {
    await lockUserAddresses(tx, userId);
    const count = await tx.$count(userAddresses, eq(userAddresses.userId, userId));
    if (count >= MAX_ADDRESSES) throw new AppError('OPERATION_FAILED', `At most ${MAX_ADDRESSES} addresses`);
    const now = deps.clock.now();
    const isDefault = count === 0 || fields.isDefault === true;
    if (isDefault) {
      await tx
        .update(userAddresses)
        .set({ isDefault: false, updatedAt: now })
        .where(and(eq(userAddresses.userId, userId), eq(userAddresses.isDefault, true)));
    }
    const [created] = await tx
      .insert(userAddresses)
      .values({ userId, ...columnsOf(fields), isDefault, createdAt: now, updatedAt: now })
      .returning({ id: userAddresses.id });
    if (!created) throw new Error('address insert returned no row');
    return created.id;
  });
  return getUserAddress(deps.db, userId, id, locale);
}

/**
 * Replaces one of the caller's addresses. `isDefault: true` makes it the default; the default
 * stops being it only when another address becomes the default, so the user always has one.
 */
export async function updateUserAddress(
  deps: AddressDeps,
  userId: string,
  input: z.infer<typeof UpdateAddressSchema>,
  locale: Locale,
): Promise<Address> {
  const { id, ...fields } = input;
  await assertPlacesFit(deps.db, fields, 'body');
  await deps.db.transaction(async (tx) => {
    await lockUserAddresses(tx, userId);
    const now = deps.clock.now();
    const owned = and(eq(userAddresses.id, id), eq(userAddresses.userId, userId));
    const [existing] = await tx.select({ id: userAddresses.id }).from(userAddresses).where(owned);
    if (!existing) throw notFound();
    if (fields.isDefault === true) await clearOtherDefaults(tx, userId, id, now);
    await tx
      .update(userAddresses)
      .set({ ...columnsOf(fields), ...(fields.isDefault === true ? { isDefault: true } : {}), updatedAt: now })
      .where(owned);
  });
  return getUserAddress(deps.db, userId, id, locale);
}

/** Deleting the default makes the oldest remaining address the default. */
export async function deleteUserAddress(deps: AddressDeps, userId: string, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await lockUserAddresses(tx, userId);
    const [deleted] = await tx
      .delete(userAddresses)
      .where(and(eq(userAddresses.id, id), eq(userAddresses.userId, userId)))
      .returning({ isDefault: userAddresses.isDefault });
    if (!deleted) throw notFound();
    if (!deleted.isDefault) return;
    const [next] = await tx
      .select({ id: userAddresses.id })
      .from(userAddresses)
      .where(eq(userAddresses.userId, userId))
      .orderBy(asc(userAddresses.createdAt), asc(userAddresses.id))
      .limit(1);
    if (next) {
      await tx
        .update(userAddresses)
        .set({ isDefault: true, updatedAt: deps.clock.now() })
        .where(eq(userAddresses.id, next.id));
    }
  });
}
