import type { SetExchangeRate } from '@marco/contract/rates';
import { eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import { currencies, currencyRates, exchangeRateChanges } from '../../db/schema/index.js';
import { uuidv7 } from '../../platform/uuid-v7.js';
import { recordStaffAction, type StaffActor } from '../staff/audit.js';
import { applyDueExchangeRates } from './apply-due-rates.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/**
 * Records new rates (finance) with the audit entry in one transaction: every rate or none.
 * A rate without an effective time is in force from now; those already due are put in force
 * in the same transaction, so the answer and every price after it show them.
 */
export async function setExchangeRates(
  deps: Deps,
  actor: StaffActor,
  rates: SetExchangeRate[],
  source: 'form' | 'csv',
): Promise<number> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const codes = [...new Set(rates.map((rate) => rate.currency))];
    const known = await tx
      .select({ id: currencies.id, code: currencies.code, unitsPerUsd: currencyRates.unitsPerUsd })
      .from(currencies)
      .innerJoin(currencyRates, eq(currencyRates.currencyId, currencies.id))
      .where(inArray(currencies.code, codes));
    const idOf = new Map(known.map((row) => [row.code, row.id]));
    const rows = rates.map((rate, index) => {
      const currencyId = idOf.get(rate.currency);
      if (!currencyId) throw new Error(`currency ${rate.currency} is not in the reference data`);
      return {
        id: uuidv7(new Date(now.getTime() + index)),
        currencyId,
        unitsPerUsd: rate.unitsPerUsd,
        effectiveAt: rate.effectiveAt ? new Date(rate.effectiveAt) : now,
        source,
        createdBy: actor.user.id,
        createdAt: now,
      };
    });
    await tx.insert(exchangeRateChanges).values(rows);
    await recordStaffAction(tx, actor, {
      action: source === 'csv' ? 'exchange_rate.import' : 'exchange_rate.set',
      targetType: 'currency',
      targetId: codes.join(' '),
      before: { inForce: Object.fromEntries(known.map((row) => [row.code, row.unitsPerUsd])) },
      after: {
        rates: rows.map((row, index) => ({
          id: row.id,
          currency: rates[index]?.currency,
          unitsPerUsd: row.unitsPerUsd,
          effectiveAt: row.effectiveAt.toISOString(),
        })),
      },
      at: now,
    });
    await applyDueExchangeRates(tx as unknown as Deps['db'], now);
  });
  return rates.length;
}
