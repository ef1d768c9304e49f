import type { BankInfo, GuidePrice, PriceItem, UpdateBankInfo, UpdateGuidePrice } from '@marco/contract/guides';
import type { CurrencyCode } from '@marco/contract/reference';
import { asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import type { Db } from '../../db/client.js';
import { guideBankAccounts, guides, guideVehicles } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { ensureGuide, findGuideByUser, type GuideRow } from './guide-profile.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

export const toGuidePrice = (guide: GuideRow): GuidePrice => ({
  guideId: guide.id,
  hourlyRateMinor: guide.hourlyRateMinor,
  currency: guide.currency as CurrencyCode | null,
});

/** Sets the caller's hourly rate (integer minor units, > 0) and currency. */
export async function setGuidePrice(deps: Deps, userId: string, input: UpdateGuidePrice): Promise<GuidePrice> {
  const guide = await ensureGuide(deps, userId);
  const [updated] = await deps.db
    .update(guides)
    .set({ hourlyRateMinor: input.hourlyRateMinor, currency: input.currency, updatedAt: deps.clock.now() })
    .where(eq(guides.id, guide.id))
    .returning();
  if (!updated) throw new AppError('GUIDE_NOT_FOUND', 'Guide not found');
  return toGuidePrice(updated);
}

/** The caller's price list: the guide's rate, then each vehicle's additional rate (in the guide's currency). */
export async function listOwnPrices(db: Db, userId: string): Promise<PriceItem[]> {
  const guide = await findGuideByUser(db, userId);
  if (!guide) return [];
  const vehicles = await db
    .select()
    .from(guideVehicles)
    .where(eq(guideVehicles.guideId, guide.id))
    .orderBy(asc(guideVehicles.createdAt));
  const currency = guide.currency as CurrencyCode | null;
  return [
    { kind: 'guide', id: guide.id, label: 'hourly_rate', hourlyRateMinor: guide.hourlyRateMinor, currency },
    ...vehicles.map((vehicle) => ({
      kind: 'vehicle' as const,
      id: vehicle.id,
      label: `${vehicle.brand} ${vehicle.model}`,
      hourlyRateMinor: vehicle.additionalHourlyRateMinor,
      currency,
    })),
  ];
}

const toBankInfo = (row: typeof guideBankAccounts.$inferSelect): BankInfo => ({
  bankName: row.bankName,
  accountNumber: row.accountNumber,
  iban: row.iban,
  swift: row.swift,
  holderFirstName: row.holderFirstName,
  holderLastName: row.holderLastName,
  updatedAt: row.updatedAt.toISOString(),
});

/** A guide's bank details, or null. Private: only the owner's and staff calls use this. */
export async function findBankInfo(db: Db, guideId: string): Promise<BankInfo | null> {
  const [row] = await db.select().from(guideBankAccounts).where(eq(guideBankAccounts.guideId, guideId));
  return row ? toBankInfo(row) : null;
}

/** The caller's bank details; null before they give them, a normal state of an application. */
export async function getOwnBankInfo(db: Db, userId: string): Promise<BankInfo | null> {
  const guide = await findGuideByUser(db, userId);
  return guide ? findBankInfo(db, guide.id) : null;
}

/** IBAN and SWIFT/BIC are checked by the contract schema (mod-97 and country length; format). */
export async function setBankInfo(deps: Deps, userId: string, input: UpdateBankInfo): Promise<BankInfo> {
  const guide = await ensureGuide(deps, userId);
  const now = deps.clock.now();
  const values = {
    bankName: input.bankName,
    accountNumber: input.accountNumber ?? null,
    iban: input.iban,
    swift: input.swift,
    holderFirstName: input.holderFirstName,
    holderLastName: input.holderLastName,
    updatedAt: now,
  };
  const [row] = await deps.db
    .insert(guideBankAccounts)
    .values({ guideId: guide.id, ...values, createdAt: now })
    .onConflictDoUpdate({ target: guideBankAccounts.guideId, set: values })
    .returning();
  if (!row) throw new Error('bank info upsert returned no row');
  return toBankInfo(row);
}
