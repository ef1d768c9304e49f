import type { PayoutBalance } from '@marco/contract/payouts';
import { CURRENCY_CODES } from '@marco/contract/reference';
import { and, eq, inArray, isNull, sql, sum } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { earningHolds, guideAccountEntries, payouts } from '../../db/schema/index.js';
import { guideLedgerByReservation } from '../payments/guide-ledger-by-reservation.js';

type Currency = (typeof CURRENCY_CODES)[number];
const DAY_MS = 86_400_000;

export interface GuideMoney {
  balances: Map<Currency, PayoutBalance>;
  /** An open case (or other hold) keeps some of the guide's earnings: no payout until it ends. */
  isHeld: boolean;
}

const emptyBalance = (currency: Currency): PayoutBalance => ({
  currency,
  availableMinor: 0,
  heldMinor: 0,
  pendingMinor: 0,
  paidMinor: 0,
});

/**
 * Every figure of decision 025 for the guides named (all guides when null), at `now`:
 * available = earnings past `holdDays` and not held, plus the non-payment movements
 * (payouts sent, returned, penalties), less payouts waiting in an unsent batch;
 * held = earnings in their hold period or held; pending = in an unsent batch; paid = sent and
 * not returned. available + held + pending is always the guide's ledger balance.
 */
export async function guideMoneyOf(
  db: Db,
  guideUserIds: string[] | null,
  options: { now: Date; holdDays: number },
): Promise<Map<string, GuideMoney>> {
  const byGuide = (column: AnyPgColumn) => (guideUserIds ? inArray(column, guideUserIds) : undefined);
  const [reservationNets, holds, entries, pending] = await Promise.all([
    guideLedgerByReservation(db, guideUserIds),
    db
      .select({ guideUserId: earningHolds.guideUserId, reservationId: earningHolds.reservationId })
      .from(earningHolds)
      .where(and(isNull(earningHolds.releasedAt), byGuide(earningHolds.guideUserId))),
    db
      .select({
        guideUserId: guideAccountEntries.guideUserId,
        currency: guideAccountEntries.currency,
        total: sum(guideAccountEntries.amountMinor).mapWith(Number),
        paid: sum(
          sql<number>`case when ${guideAccountEntries.kind} in ('payout', 'payout_return') then -${guideAccountEntries.amountMinor} else 0 end`,
        ).mapWith(Number),
      })
      .from(guideAccountEntries)
      .where(byGuide(guideAccountEntries.guideUserId))
      .groupBy(guideAccountEntries.guideUserId, guideAccountEntries.currency),
    db
      .select({
        guideUserId: payouts.guideUserId,
        currency: payouts.currency,
        total: sum(payouts.amountMinor).mapWith(Number),
      })
      .from(payouts)
      .where(and(eq(payouts.status, 'pending'), byGuide(payouts.guideUserId)))
      .groupBy(payouts.guideUserId, payouts.currency),
  ]);

  const result = new Map<string, GuideMoney>();
  const balanceOf = (guideUserId: string, currency: string): PayoutBalance => {
    let money = result.get(guideUserId);
    if (!money) {
      money = { balances: new Map(), isHeld: false };
      result.set(guideUserId, money);
    }
    const code = currency as Currency;
    let balance = money.balances.get(code);
    if (!balance) {
      balance = emptyBalance(code);
      money.balances.set(code, balance);
    }
    return balance;
  };

  const heldReservations = new Set(holds.map((hold) => hold.reservationId));
  const releasedBefore = options.now.getTime() - options.holdDays * DAY_MS;
  for (const row of reservationNets) {
    const balance = balanceOf(row.guideUserId, row.currency);
    const inHoldPeriod = row.earnedAt !== null && row.earnedAt.getTime() > releasedBefore;
    if (inHoldPeriod || heldReservations.has(row.reservationId)) balance.heldMinor += row.netMinor;
    else balance.availableMinor += row.netMinor;
  }
  for (const row of entries) {
    const balance = balanceOf(row.guideUserId, row.currency);
    balance.availableMinor += row.total ?? 0;
    balance.paidMinor += row.paid ?? 0;
  }
  for (const row of pending) {
    const balance = balanceOf(row.guideUserId, row.currency);
    balance.pendingMinor += row.total ?? 0;
    balance.availableMinor -= row.total ?? 0;
  }
  for (const hold of holds) {
    const money = result.get(hold.guideUserId);
    if (money) money.isHeld = true;
    else result.set(hold.guideUserId, { balances: new Map(), isHeld: true });
  }
  return result;
}

/** The guide's balances in currency order, with every currency the guide has money in. */
export const sortedBalances = (money: GuideMoney | undefined): PayoutBalance[] =>
  CURRENCY_CODES.flatMap((currency) => {
    const balance = money?.balances.get(currency);
    return balance ? [balance] : [];
  });

/** The sum of the guide's movements that are not a payment's (payouts, returns, penalties), per currency. */
export async function accountEntryTotals(db: Db, guideUserId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ currency: guideAccountEntries.currency, total: sum(guideAccountEntries.amountMinor).mapWith(Number) })
    .from(guideAccountEntries)
    .where(eq(guideAccountEntries.guideUserId, guideUserId))
    .groupBy(guideAccountEntries.currency);
  return new Map(rows.map((row) => [row.currency, row.total ?? 0]));
}
