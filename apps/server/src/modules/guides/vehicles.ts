import type { PublicVehicle, Vehicle, VehicleInput } from '@marco/contract/guides';
import type { CurrencyCode } from '@marco/contract/reference';
import { and, asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import type { Db } from '../../db/client.js';
import { guideVehicles } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { listVehicleFiles, listVehicleStorageKeys, photoUrl, toPrivateDocument } from '../files/guide-files.js';
import { ensureGuide, findGuideByUser, type GuideRow, withGuideLocked } from './guide-profile.js';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'storage'>;

const MAX_VEHICLES = 10;

/** A guide's vehicles; `withPrivate` adds the plate and the papers (owner and staff only). */
export async function listVehicles(db: Db, guide: GuideRow, withPrivate: true): Promise<Vehicle[]>;
export async function listVehicles(db: Db, guide: GuideRow, withPrivate: false): Promise<PublicVehicle[]>;
export async function listVehicles(
  db: Db,
  guide: GuideRow,
  withPrivate: boolean,
): Promise<PublicVehicle[] | Vehicle[]> {
  const rows = await db
    .select()
    .from(guideVehicles)
    .where(eq(guideVehicles.guideId, guide.id))
    .orderBy(asc(guideVehicles.createdAt), asc(guideVehicles.id));
  const files = await listVehicleFiles(
    db,
    rows.map((row) => row.id),
  );
  const currency = guide.currency as CurrencyCode | null;
  return rows.map((row) => {
    const own = files.filter((file) => file.vehicleId === row.id);
    const publicView: PublicVehicle = {
      id: row.id,
      brand: row.brand,
      model: row.model,
      color: row.color,
      seatCount: row.seatCount,
      hasAirConditioning: row.hasAirConditioning,
      hasChildSeat: row.hasChildSeat,
      additionalHourlyRateMinor: row.additionalHourlyRateMinor,
      currency,
      photos: own
        .filter((file) => file.kind === 'vehicle_photo')
        .map((file) => ({ id: file.id, cardUrl: photoUrl(file.id, 'card'), galleryUrl: photoUrl(file.id, 'gallery') })),
    };
    if (!withPrivate) return publicView;
    return {
      ...publicView,
      plate: row.plate,
      documents: own.filter((file) => file.kind !== 'vehicle_photo').map(toPrivateDocument),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

const vehicleValues = (input: VehicleInput) => ({
  brand: input.brand,
  model: input.model,
  color: input.color,
  plate: input.plate.toUpperCase(),
  seatCount: input.seatCount,
  hasAirConditioning: input.hasAirConditioning ?? false,
  hasChildSeat: input.hasChildSeat ?? false,
  additionalHourlyRateMinor: input.additionalHourlyRateMinor ?? 0,
});

export async function listOwnVehicles(db: Db, userId: string): Promise<Vehicle[]> {
  const guide = await findGuideByUser(db, userId);
  return guide ? listVehicles(db, guide, true) : [];
}

async function getOwnVehicle(db: Db, userId: string, vehicleId: string): Promise<Vehicle> {
  const vehicle = (await listOwnVehicles(db, userId)).find((entry) => entry.id === vehicleId);
  if (!vehicle) throw new AppError('NOT_FOUND', 'Vehicle not found');
  return vehicle;
}

export async function createVehicle(deps: Deps, userId: string, input: VehicleInput): Promise<Vehicle> {
  const guide = await ensureGuide(deps, userId);
  const now = deps.clock.now();
  // Counted and added under the guide's lock, so vehicles added together cannot pass the limit.
  const row = await withGuideLocked(deps.db, guide.id, async (tx) => {
    if ((await tx.$count(guideVehicles, eq(guideVehicles.guideId, guide.id))) >= MAX_VEHICLES) {
      throw new AppError('INVALID_STATE', `At most ${MAX_VEHICLES} vehicles`);
    }
    const [inserted] = await tx
      .insert(guideVehicles)
      .values({ guideId: guide.id, ...vehicleValues(input), createdAt: now, updatedAt: now })
      .returning({ id: guideVehicles.id });
    if (!inserted) throw new Error('vehicle insert returned no row');
    return inserted;
  });
  return getOwnVehicle(deps.db, userId, row.id);
}

export async function updateVehicle(deps: Deps, userId: string, vehicleId: string, input: VehicleInput) {
  const guide = await findGuideByUser(deps.db, userId);
  const updated = guide
    ? await deps.db
        .update(guideVehicles)
        .set({ ...vehicleValues(input), updatedAt: deps.clock.now() })
        .where(and(eq(guideVehicles.id, vehicleId), eq(guideVehicles.guideId, guide.id)))
        .returning({ id: guideVehicles.id })
    : [];
  if (!updated.length) throw new AppError('NOT_FOUND', 'Vehicle not found');
  return getOwnVehicle(deps.db, userId, vehicleId);
}

/** Deletes the vehicle with its photos and papers (rows cascade; stored files are removed after). */
export async function deleteVehicle(deps: Deps, userId: string, vehicleId: string): Promise<void> {
  const guide = await findGuideByUser(deps.db, userId);
  if (!guide) throw new AppError('NOT_FOUND', 'Vehicle not found');
  // Under the guide's lock, as a photo or paper of the vehicle is stored: either the upload
  // finds the vehicle gone (404) or its file is among the keys removed here.
  const keys = await withGuideLocked(deps.db, guide.id, async (tx) => {
    const stored = await listVehicleStorageKeys(tx, vehicleId);
    const deleted = await tx
      .delete(guideVehicles)
      .where(and(eq(guideVehicles.id, vehicleId), eq(guideVehicles.guideId, guide.id)))
      .returning({ id: guideVehicles.id });
    if (!deleted.length) throw new AppError('NOT_FOUND', 'Vehicle not found');
    return stored;
  });
  for (const key of keys) await deps.storage.delete(key);
}
