import type {
  GuideBalance,
  GuideDashboard,
  GuideLedgerList,
  GuideLedgerQuerySchema,
  Money,
} from '@marco/contract/payments';
import type { ReservationCurrency } from '@marco/contract/reservations';
import { and, count, countDistinct, desc, eq, gt, inArray, type SQL, sum } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import type { Db } from '../../db/client.js';
import { ledgerEntries, reservations } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { getAvailableHours } from '../guides/availability.js';
import { findGuideByUser } from '../guides/guide-profile.js';
import { accountEntryTotals } from '../payouts/balances.js';
import { reservationHeldIntervals } from '../reservations/service.js';

const HOUR_MS = 3_600_000;
const WEEK_MS = 7 * 24 * HOUR_MS;

async function guideOf(db: Db, userId: string) {
  const guide = await findGuideByUser(db, userId);
  if (!guide) throw new AppError('FORBIDDEN', 'Only guides have a dashboard');
  return guide;
}

/**
 * The guide's balance per currency: the sum of their ledger rows and of the movements that
 * are not a payment's (payouts sent and returned, penalties; decision 025). Currencies
 * without rows are left out.
 */
async function balancesOf(db: Db, guideUserId: string): Promise<Money[]> {
  const [rows, others] = await Promise.all([
    db
      .select({ currency: ledgerEntries.currency, amount: sum(ledgerEntries.amountMinor).mapWith(Number) })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.account, 'guide'), eq(ledgerEntries.guideUserId, guideUserId)))
      .groupBy(ledgerEntries.currency)
      .orderBy(ledgerEntries.currency),
    accountEntryTotals(db, guideUserId),
  ]);
  return rows.map((row) => ({
    currency: row.currency as ReservationCurrency,
    amountMinor: (row.amount ?? 0) + (others.get(row.currency) ?? 0),
  }));
}

export async function guideBalance(deps: Pick<AppDeps, 'db' | 'config'>, userId: string): Promise<GuideBalance> {
  await guideOf(deps.db, userId);
  return { balances: await balancesOf(deps.db, userId), commissionPercent: deps.config.PLATFORM_COMMISSION_PERCENT };
}

export async function guideLedger(
  db: Db,
  userId: string,
  query: z.output<typeof GuideLedgerQuerySchema>,
): Promise<GuideLedgerList> {
  await guideOf(db, userId);
  const conditions: SQL[] = [eq(ledgerEntries.account, 'guide'), eq(ledgerEntries.guideUserId, userId)];
  if (query.currency) conditions.push(eq(ledgerEntries.currency, query.currency));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(ledgerEntries)
      .where(where)
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(ledgerEntries).where(where),
  ]);
  return {
    data: rows.map((row) => ({
      id: row.id,
      kind: row.kind as 'earning' | 'reversal',
      reservationId: row.reservationId,
      currency: row.currency as ReservationCurrency,
      amountMinor: row.amountMinor,
      grossMinor: row.grossMinor,
      commissionMinor: row.commissionMinor,
      createdAt: row.createdAt.toISOString(),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: total?.value ?? 0,
  };
}

/** The numbers of the /guide-mode dashboard. */
export async function guideDashboard(deps: Pick<AppDeps, 'db' | 'clock'>, userId: string): Promise<GuideDashboard> {
  const { db } = deps;
  const guide = await guideOf(db, userId);
  const now = deps.clock.now();
  const mine = eq(reservations.guideUserId, userId);
  const [[clients], [active], [pending], balances, free] = await Promise.all([
    db
      .select({ value: countDistinct(reservations.touristId) })
      .from(reservations)
      .where(and(mine, inArray(reservations.status, ['paid', 'completed']))),
    db
      .select({ value: count() })
      .from(reservations)
      .where(
        and(mine, inArray(reservations.status, ['approved', 'payment_pending', 'paid']), gt(reservations.endsAt, now)),
      ),
    db
      .select({ value: count() })
      .from(reservations)
      .where(and(mine, eq(reservations.status, 'pending'))),
    balancesOf(db, userId),
    getAvailableHours(db, guide.id, now, new Date(now.getTime() + WEEK_MS), { held: reservationHeldIntervals }),
  ]);
  const freeHours = free.reduce((hours, slot) => hours + (slot.end.getTime() - slot.start.getTime()) / HOUR_MS, 0);
  return {
    clientsCount: clients?.value ?? 0,
    balances,
    activeReservationsCount: active?.value ?? 0,
    weeklyEmptyHours: Math.floor(freeHours),
    pendingRequestsCount: pending?.value ?? 0,
    rating: { average: guide.rating ?? null, count: guide.reviewCount },
  };
}
