import type { ExchangeRateChange, ExchangeRates, ExchangeRatesQuery } from '@marco/contract/rates';
import type { CurrencyCode } from '@marco/contract/reference';
import { asc, count, desc, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { currencies, currencyRates, exchangeRateChanges, users } from '../../db/schema/index.js';

/** At most this many scheduled rates are listed; finance schedules a few at a time. */
const SCHEDULED_LIMIT = 100;

const changeColumns = {
  id: exchangeRateChanges.id,
  currency: currencies.code,
  unitsPerUsd: exchangeRateChanges.unitsPerUsd,
  effectiveAt: exchangeRateChanges.effectiveAt,
  source: exchangeRateChanges.source,
  createdAt: exchangeRateChanges.createdAt,
  userId: users.id,
  name: users.name,
  surname: users.surname,
};

type ChangeRow = {
  id: string;
  currency: string;
  unitsPerUsd: number;
  effectiveAt: Date;
  source: string;
  createdAt: Date;
  userId: string;
  name: string | null;
  surname: string | null;
};

const toChange = (row: ChangeRow): ExchangeRateChange => ({
  id: row.id,
  currency: row.currency as CurrencyCode,
  unitsPerUsd: Number(row.unitsPerUsd),
  effectiveAt: row.effectiveAt.toISOString(),
  source: row.source as 'form' | 'csv',
  createdAt: row.createdAt.toISOString(),
  createdBy: { userId: row.userId, name: [row.name, row.surname].filter(Boolean).join(' ') || null },
});

const selectChanges = (db: Db) =>
  db
    .select(changeColumns)
    .from(exchangeRateChanges)
    .innerJoin(currencies, eq(currencies.id, exchangeRateChanges.currencyId))
    .innerJoin(users, eq(users.id, exchangeRateChanges.createdBy));

/**
 * The rates in force, the ones scheduled after `now` (soonest first) and the history of
 * those that took effect (newest first, paged); each list reads exchange_rate_changes_effective.
 */
export async function listExchangeRates(db: Db, query: ExchangeRatesQuery, now: Date): Promise<ExchangeRates> {
  const [current, scheduled, history, [total]] = await Promise.all([
    db
      .select({ currency: currencies.code, unitsPerUsd: currencyRates.unitsPerUsd, since: currencyRates.updatedAt })
      .from(currencyRates)
      .innerJoin(currencies, eq(currencies.id, currencyRates.currencyId))
      .orderBy(asc(currencies.position)),
    selectChanges(db)
      .where(gt(exchangeRateChanges.effectiveAt, now))
      .orderBy(asc(exchangeRateChanges.effectiveAt), asc(exchangeRateChanges.id))
      .limit(SCHEDULED_LIMIT),
    selectChanges(db)
      .where(lte(exchangeRateChanges.effectiveAt, now))
      .orderBy(desc(exchangeRateChanges.effectiveAt), desc(exchangeRateChanges.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(exchangeRateChanges).where(lte(exchangeRateChanges.effectiveAt, now)),
  ]);
  return {
    current: current.map((row) => ({
      currency: row.currency as CurrencyCode,
      unitsPerUsd: Number(row.unitsPerUsd),
      since: row.since.toISOString(),
    })),
    scheduled: scheduled.map(toChange),
    history: { data: history.map(toChange), page: query.page, pageSize: query.pageSize, total: total?.value ?? 0 },
  };
}
