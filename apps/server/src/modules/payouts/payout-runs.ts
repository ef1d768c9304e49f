import type { PayoutBatchSummary } from '@marco/contract/payouts';
import { CURRENCY_CODES } from '@marco/contract/reference';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import type { Db } from '../../db/client.js';
import { bankAccountVerifications, guideBankAccounts, guides, payoutBatches, payouts } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { runExclusively, type ScheduledJob } from '../../platform/scheduler/index.js';
import { uuidv7 } from '../../platform/uuid-v7.js';
import { recordStaffAction, type StaffActor } from '../staff/audit.js';
import { guideMoneyOf } from './balances.js';
import { holderNameOf, isVerifiedCondition } from './bank-accounts.js';
import { summariesOf } from './payout-batches.js';

type Currency = (typeof CURRENCY_CODES)[number];
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type PayoutDeps = Pick<AppDeps, 'db' | 'config' | 'clock'>;

/** The advisory lock of payout runs, scheduled or started by finance: one run at a time across instances. */
export const PAYOUT_RUN_LOCK = 6_018_004;

export const minimumOf = (config: AppDeps['config'], currency: Currency): number =>
  ({
    EUR: config.PAYOUT_MINIMUM_EUR_MINOR,
    USD: config.PAYOUT_MINIMUM_USD_MINOR,
    TRY: config.PAYOUT_MINIMUM_TRY_MINOR,
  })[currency];

/**
 * Makes the batch of `currency`: one pending payout of the whole available balance for each
 * guide with verified bank details, no hold, and at least the minimum available. Answers the
 * batch id, or null when nobody is due or the currency's previous batch is still unsent.
 */
async function makeBatch(
  tx: Tx,
  deps: PayoutDeps,
  currency: Currency,
  options: { now: Date; createdBy: string | null; scheduledDay: string | null },
): Promise<string | null> {
  const [open] = await tx
    .select({ id: payoutBatches.id })
    .from(payoutBatches)
    .where(and(eq(payoutBatches.currency, currency), inArray(payoutBatches.status, ['review', 'exported'])));
  if (open) return null;
  const accounts = await tx
    .select({
      guideUserId: guides.userId,
      iban: guideBankAccounts.iban,
      swift: guideBankAccounts.swift,
      holderFirstName: guideBankAccounts.holderFirstName,
      holderLastName: guideBankAccounts.holderLastName,
    })
    .from(guideBankAccounts)
    .innerJoin(guides, eq(guides.id, guideBankAccounts.guideId))
    .innerJoin(bankAccountVerifications, and(eq(bankAccountVerifications.guideId, guides.id), isVerifiedCondition));
  if (!accounts.length) return null;
  const money = await guideMoneyOf(
    tx as unknown as Db,
    accounts.map((account) => account.guideUserId),
    { now: options.now, holdDays: deps.config.PAYOUT_HOLD_DAYS },
  );
  const minimum = minimumOf(deps.config, currency);
  const due = accounts.flatMap((account) => {
    const guideMoney = money.get(account.guideUserId);
    const available = guideMoney?.balances.get(currency)?.availableMinor ?? 0;
    return guideMoney && !guideMoney.isHeld && available >= minimum ? [{ ...account, amountMinor: available }] : [];
  });
  if (!due.length) return null;
  const batchId = uuidv7(options.now);
  await tx.insert(payoutBatches).values({
    id: batchId,
    currency,
    status: 'review',
    scheduledWeek: options.scheduledDay,
    createdBy: options.createdBy,
    createdAt: options.now,
  });
  await tx.insert(payouts).values(
    due.map((payout) => ({
      id: uuidv7(options.now),
      batchId,
      guideUserId: payout.guideUserId,
      currency,
      amountMinor: payout.amountMinor,
      holderName: holderNameOf(payout),
      iban: payout.iban,
      swift: payout.swift,
      createdAt: options.now,
    })),
  );
  return batchId;
}

/**
 * A payout run started by finance: a batch per currency (or for `currency` only) under the
 * run lock. 409 when another run holds the lock, or when `currency`'s last batch is unsent.
 */
export async function startPayoutRun(
  deps: PayoutDeps,
  actor: StaffActor,
  currency: Currency | undefined,
): Promise<PayoutBatchSummary[]> {
  const now = deps.clock.now();
  let made: PayoutBatchSummary[] = [];
  const ran = await runExclusively(deps.db, PAYOUT_RUN_LOCK, async (db) => {
    const tx = db as unknown as Tx;
    if (currency) {
      const [open] = await tx
        .select({ id: payoutBatches.id })
        .from(payoutBatches)
        .where(and(eq(payoutBatches.currency, currency), inArray(payoutBatches.status, ['review', 'exported'])));
      if (open) {
        throw new AppError('INVALID_STATE', 'The last batch of this currency has not been sent yet', {
          reason: 'batch_open',
          batchId: open.id,
        });
      }
    }
    const ids: string[] = [];
    for (const code of currency ? [currency] : CURRENCY_CODES) {
      const id = await makeBatch(tx, deps, code, { now, createdBy: actor.user.id, scheduledDay: null });
      if (id) ids.push(id);
    }
    made = await summariesOf(db, ids);
    for (const batch of made) {
      await recordStaffAction(tx, actor, {
        action: 'payout.run',
        targetType: 'payout_batch',
        targetId: batch.id,
        before: null,
        after: { currency: batch.currency, payoutCount: batch.payoutCount, totalMinor: batch.totalMinor },
        at: now,
      });
    }
  });
  if (!ran)
    throw new AppError('CONFLICT', 'A payout run is under way; try again in a moment', { reason: 'run_in_progress' });
  return made;
}

/** The UTC date of `now` when it is the configured payout weekday, else null. */
export function scheduledDayOf(now: Date, weekday: number): string | null {
  return now.getUTCDay() === weekday ? now.toISOString().slice(0, 10) : null;
}

/**
 * The weekly run: on the configured weekday, one batch per currency not made yet that day
 * (payout_batches_week), skipping a currency whose previous batch is still unsent.
 */
export async function runScheduledPayouts(db: Db, deps: PayoutDeps): Promise<void> {
  const now = deps.clock.now();
  const day = scheduledDayOf(now, deps.config.PAYOUT_WEEKDAY);
  if (!day) return;
  const tx = db as unknown as Tx;
  const made = await tx
    .select({ currency: payoutBatches.currency })
    .from(payoutBatches)
    .where(and(eq(payoutBatches.scheduledWeek, day), inArray(payoutBatches.currency, [...CURRENCY_CODES])));
  const done = new Set(made.map((row) => row.currency));
  for (const currency of CURRENCY_CODES) {
    if (!done.has(currency)) await makeBatch(tx, deps, currency, { now, createdBy: null, scheduledDay: day });
  }
}

export const payoutRunJob = (deps: PayoutDeps): ScheduledJob => ({
  name: 'payout-run',
  lockKey: PAYOUT_RUN_LOCK,
  intervalMs: 15 * 60_000,
  run: (db) => runScheduledPayouts(db, deps),
});
