import { and, eq, inArray, max, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ledgerEntries } from '../../db/schema/index.js';

export interface ReservationNet {
  guideUserId: string;
  reservationId: string;
  currency: string;
  /** The guide's rows of the reservation added up: its earning less what was reversed. */
  netMinor: number;
  /** When the earning was credited (the tour completed); null when none was. */
  earnedAt: Date | null;
}

/**
 * What the guide side of the ledger owes per reservation, for payouts to tell earnings in
 * their hold period from those that can be paid (decision 025). All guides when
 * `guideUserIds` is null. Reads by ledger_entries_guide.
 */
export async function guideLedgerByReservation(db: Db, guideUserIds: string[] | null): Promise<ReservationNet[]> {
  const conditions = [eq(ledgerEntries.account, 'guide')];
  if (guideUserIds) {
    if (guideUserIds.length === 0) return [];
    conditions.push(inArray(ledgerEntries.guideUserId, guideUserIds));
  }
  const rows = await db
    .select({
      guideUserId: ledgerEntries.guideUserId,
      reservationId: ledgerEntries.reservationId,
      currency: ledgerEntries.currency,
      netMinor: sum(ledgerEntries.amountMinor).mapWith(Number),
      earnedAt: max(sql<Date>`case when ${ledgerEntries.kind} = 'earning' then ${ledgerEntries.createdAt} end`),
    })
    .from(ledgerEntries)
    .where(and(...conditions))
    .groupBy(ledgerEntries.guideUserId, ledgerEntries.reservationId, ledgerEntries.currency);
  return rows.map((row) => ({
    ...row,
    netMinor: row.netMinor ?? 0,
    earnedAt: row.earnedAt ? new Date(row.earnedAt) : null,
  }));
}
