import { OVERVIEW_CURRENCIES, OVERVIEW_WEEKS, type OverviewWeek, type StaffOverview } from '@marco/contract/overview';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { disputes, ledgerEntries, reservations } from '../../db/schema/index.js';

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

/** Midnight UTC of the Monday that starts `at`'s ISO week. */
export function isoWeekStart(at: Date): Date {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const daysSinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - daysSinceMonday * DAY_MS);
}

/** `2026-W23` for the week starting on Monday `monday`: an ISO week belongs to the year of its Thursday. */
export function isoWeekOf(monday: Date): string {
  const thursday = new Date(monday.getTime() + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = 1 + Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / WEEK_MS);
  return `${year}-W${String(week).padStart(2, '0')}`;
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The week a timestamp falls in, as the date of its Monday, computed the same way on both sides. */
const weekOf = (column: unknown) => sql`to_char(date_trunc('week', ${column} at time zone 'UTC'), 'YYYY-MM-DD')`;

/** From the Monday OVERVIEW_WEEKS - 1 weeks before `now`'s week to the end of `now`'s week. */
export function overviewRange(now: Date): { from: Date; to: Date } {
  const to = new Date(isoWeekStart(now).getTime() + WEEK_MS);
  return { from: new Date(to.getTime() - OVERVIEW_WEEKS * WEEK_MS), to };
}

/**
 * The overview's two queries over [from, to): bookings, their cancellations and the bookings
 * a dispute was opened on (disputes_reservation) by the week they were made; money by the
 * week it moved.
 */
export function overviewQueries(from: Date, to: Date) {
  return {
    bookings: sql`
      select ${weekOf(reservations.createdAt)} as week, count(*)::int as bookings,
             (count(*) filter (where ${reservations.status} = 'cancelled'))::int as cancelled,
             (count(*) filter (where reported.found))::int as disputed
        from ${reservations}
        -- One probe of disputes_reservation per booking of the weeks, rather than hashing every case ever opened.
        left join lateral (select true as found from ${disputes}
                            where ${disputes.reservationId} = ${reservations.id} limit 1) as reported on true
       where ${reservations.createdAt} >= ${from.toISOString()} and ${reservations.createdAt} < ${to.toISOString()}
       group by 1`,
    money: sql`
      select ${weekOf(ledgerEntries.createdAt)} as week, ${ledgerEntries.currency} as currency,
             sum(${ledgerEntries.amountMinor}) filter (where ${ledgerEntries.kind} = 'charge') as gross,
             sum(${ledgerEntries.commissionMinor}) filter (where ${ledgerEntries.account} = 'guide') as commission
        from ${ledgerEntries}
       where ${ledgerEntries.createdAt} >= ${from.toISOString()} and ${ledgerEntries.createdAt} < ${to.toISOString()}
       group by 1, 2`,
  };
}

/**
 * The last OVERVIEW_WEEKS ISO weeks (UTC) up to `now`'s, in two grouped queries over the
 * range: bookings and cancellations by the week each reservation was made
 * (reservations_desk_created), money by the week it moved in the ledger
 * (ledger_entries_overview_created). Weeks without rows answer zeros.
 */
export async function getStaffOverview(db: Db, now: Date): Promise<StaffOverview> {
  const { from, to } = overviewRange(now);
  const queries = overviewQueries(from, to);
  const [bookings, money] = await Promise.all([
    db.execute<{ week: string; bookings: number; cancelled: number; disputed: number }>(queries.bookings),
    db.execute<{ week: string; currency: string; gross: string | null; commission: string | null }>(queries.money),
  ]);
  const bookingsOf = new Map(bookings.rows.map((row) => [row.week, row]));
  const moneyOf = new Map(money.rows.map((row) => [`${row.week} ${row.currency}`, row]));
  const weeks: OverviewWeek[] = Array.from({ length: OVERVIEW_WEEKS }, (_, index) => {
    const monday = new Date(from.getTime() + index * WEEK_MS);
    const weekStart = dayOf(monday);
    const counted = bookingsOf.get(weekStart);
    const made = Number(counted?.bookings ?? 0);
    const cancelled = Number(counted?.cancelled ?? 0);
    const disputed = Number(counted?.disputed ?? 0);
    return {
      weekStart,
      isoWeek: isoWeekOf(monday),
      bookings: made,
      cancelled,
      cancellationRate: made > 0 ? cancelled / made : null,
      disputed,
      disputeRate: made > 0 ? disputed / made : null,
      money: OVERVIEW_CURRENCIES.map((currency) => {
        const row = moneyOf.get(`${weekStart} ${currency}`);
        return { currency, grossMinor: Number(row?.gross ?? 0), commissionMinor: Number(row?.commission ?? 0) };
      }),
    };
  });
  return { weeks, generatedAt: now.toISOString() };
}
