import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import type { Db } from '../../db/client.js';
import type { ScheduledJob } from '../../platform/scheduler/index.js';

export const EXCHANGE_RATES_LOCK = 6_018_006;

/**
 * Puts in force, for each currency, its change with the latest effective time not after
 * `now`, when `currency_rates` does not hold it yet; answers how many currencies changed.
 * Writing `currency_rates` is what moves prices everywhere: its triggers recompute the
 * guides' search prices, advance the search generation (kept searches and rendered pages)
 * and notify every instance's reference lists (decisions 007, 010, 015).
 */
export async function applyDueExchangeRates(db: Db, now: Date): Promise<number> {
  const due = sql`
    select distinct on (currency_id) currency_id, units_per_usd, effective_at
      from exchange_rate_changes
     where effective_at <= ${now.toISOString()}::timestamptz
     order by currency_id, effective_at desc, id desc`;
  const notInForce = sql`(r.units_per_usd <> due.units_per_usd or r.updated_at <> due.effective_at)`;
  // The update only when a rate is due: its statement triggers fire whether or not a row
  // changes, and each firing drops every kept search and rendered page on every instance,
  // which a tick every 15 s with nothing due did (decision 019).
  const pending = await db.execute(sql`
    select 1 from currency_rates r join (${due}) due on due.currency_id = r.currency_id where ${notInForce} limit 1`);
  if (pending.rows.length === 0) return 0;
  const result = await db.execute(sql`
    update currency_rates r
       set units_per_usd = due.units_per_usd, updated_at = due.effective_at
      from (${due}) due
     where r.currency_id = due.currency_id
       and ${notInForce}`);
  return result.rowCount ?? 0;
}

/**
 * A rate scheduled for later takes effect on the first tick after its time, on whichever
 * instance holds the lock, without a restart; the tick is one indexed query when nothing is due.
 */
export const exchangeRatesJob = (deps: Pick<AppDeps, 'clock'>): ScheduledJob => ({
  name: 'rates-apply-due',
  lockKey: EXCHANGE_RATES_LOCK,
  intervalMs: 15_000,
  run: async (db: Db) => {
    await applyDueExchangeRates(db, deps.clock.now());
  },
});
