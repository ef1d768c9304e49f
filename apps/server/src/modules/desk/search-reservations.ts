import type { DeskPaymentState, DeskReservationRow, DeskSearchQuery, DeskSearchResult } from '@marco/contract/desk';
import type { ReservationCurrency, ReservationStatus } from '@marco/contract/reservations';
import { and, asc, count, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { payments, reservations, users } from '../../db/schema/index.js';
import { isUuid } from '../../platform/uuid.js';
import { toE164 } from '../auth/phone.js';

/** Most people one name or phone search looks at; a broader term is narrowed by the other filters. */
const MATCHED_PEOPLE_MAX = 1000;
const PHONE_LIKE = /^\+?[\d\s().-]{6,}$/;

/** The expression users_desk_full_name_trgm indexes (desk migration 0001): the same text, so the index applies. */
const fullName = sql`lower(coalesce(${users.name}, '') || ' ' || coalesce(${users.surname}, ''))`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

const paymentOf = (condition: SQL) =>
  sql`exists (select 1 from ${payments} where ${payments.reservationId} = ${reservations.id} and ${condition})`;
const noPaymentOf = (condition: SQL) => sql`not ${paymentOf(condition)}`;

/**
 * Each payment state as a condition on the reservation's payments, written as EXISTS so the
 * planner can start from payments_status_reservation (status, reservation_id).
 */
const PAYMENT_STATE_WHERE: Record<DeskPaymentState, () => SQL> = {
  none: () => noPaymentOf(sql`true`),
  pending: () =>
    and(
      paymentOf(sql`${payments.status} = 'open'`),
      noPaymentOf(sql`${payments.status} in ('paid', 'refunded')`),
    ) as SQL,
  failed: () =>
    and(
      paymentOf(sql`${payments.status} in ('failed', 'expired')`),
      noPaymentOf(sql`${payments.status} in ('open', 'paid', 'refunded')`),
    ) as SQL,
  paid: () =>
    and(
      paymentOf(sql`${payments.status} = 'paid' and ${payments.refundedMinor} = 0`),
      noPaymentOf(sql`${payments.status} = 'paid' and ${payments.refundedMinor} > 0`),
    ) as SQL,
  partially_refunded: () => paymentOf(sql`${payments.status} = 'paid' and ${payments.refundedMinor} > 0`),
  refunded: () =>
    and(paymentOf(sql`${payments.status} = 'refunded'`), noPaymentOf(sql`${payments.status} = 'paid'`)) as SQL,
};

/** The state a reservation's payments add up to (the same precedence as the filters above). */
export function paymentStateOf(rows: Array<{ status: string; refundedMinor: number }>): DeskPaymentState {
  if (rows.some((row) => row.status === 'paid' && row.refundedMinor > 0)) return 'partially_refunded';
  if (rows.some((row) => row.status === 'paid')) return 'paid';
  if (rows.some((row) => row.status === 'refunded')) return 'refunded';
  if (rows.some((row) => row.status === 'open')) return 'pending';
  return rows.length ? 'failed' : 'none';
}

const peopleWhere = (condition: SQL) => (db: Db) =>
  db.select({ id: users.id }).from(users).where(condition).limit(MATCHED_PEOPLE_MAX);

/** The people whose name contains `term` (any case): read through users_desk_full_name_trgm. */
export const peopleNamedQuery = (db: Db, term: string) =>
  peopleWhere(sql`${fullName} like ${`%${escapeLike(term.toLowerCase())}%`}`)(db);

async function matchingPeople(query: ReturnType<ReturnType<typeof peopleWhere>>): Promise<string[]> {
  return (await query).map((row) => row.id);
}

/** The condition `q` stands for: a reservation id, a phone number, or part of a traveller's or guide's name. */
async function textCondition(db: Db, q: string): Promise<SQL | null> {
  if (isUuid(q)) return eq(reservations.id, q.toLowerCase());
  const phone = PHONE_LIKE.test(q) ? toE164(q) : null;
  if (phone) {
    const people = await matchingPeople(peopleWhere(eq(users.phoneNumber, phone))(db));
    return or(
      eq(reservations.contactPhone, phone),
      people.length ? inArray(reservations.touristId, people) : undefined,
      people.length ? inArray(reservations.guideUserId, people) : undefined,
    ) as SQL;
  }
  const people = await matchingPeople(peopleNamedQuery(db, q));
  if (!people.length) return null;
  return or(inArray(reservations.touristId, people), inArray(reservations.guideUserId, people)) as SQL;
}

const DAY_MS = 86_400_000;

/** The WHERE of a desk search; null when it can match nothing (a name nobody has). */
export async function deskWhere(db: Db, query: DeskSearchQuery): Promise<SQL | undefined | null> {
  const conditions: SQL[] = [];
  const q = query.q?.trim();
  if (q) {
    const text = await textCondition(db, q);
    if (!text) return null;
    conditions.push(text);
  }
  if (query.guideId) conditions.push(eq(reservations.guideId, query.guideId));
  if (query.from) conditions.push(gte(reservations.startsAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) conditions.push(lt(reservations.startsAt, new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS)));
  if (query.status) conditions.push(eq(reservations.status, query.status));
  if (query.paymentState) conditions.push(PAYMENT_STATE_WHERE[query.paymentState]());
  return conditions.length ? and(...conditions) : undefined;
}

const ORDER = {
  starts_desc: [desc(reservations.startsAt), desc(reservations.id)],
  starts_asc: [asc(reservations.startsAt), asc(reservations.id)],
  created_desc: [desc(reservations.createdAt), desc(reservations.id)],
  created_asc: [asc(reservations.createdAt), asc(reservations.id)],
} as const;

const tourist = alias(users, 'tourist');
const guideUser = alias(users, 'guide_user');
const nameOf = (person: { name: string | null; surname: string | null }) =>
  [person.name, person.surname].filter(Boolean).join(' ');

/** The page's rows with both parties and their payment state: three queries whatever the page size. */
export function deskRowsQuery(db: Db, where: SQL | undefined, query: DeskSearchQuery) {
  return db
    .select({
      reservation: reservations,
      tourist: { id: tourist.id, name: tourist.name, surname: tourist.surname, phoneNumber: tourist.phoneNumber },
      guide: {
        id: guideUser.id,
        name: guideUser.name,
        surname: guideUser.surname,
        phoneNumber: guideUser.phoneNumber,
      },
    })
    .from(reservations)
    .innerJoin(tourist, eq(tourist.id, reservations.touristId))
    .innerJoin(guideUser, eq(guideUser.id, reservations.guideUserId))
    .where(where)
    .orderBy(...ORDER[query.sort])
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
}

type DeskRowSource = Awaited<ReturnType<typeof deskRowsQuery>>[number];

export async function presentDeskRows(db: Db, rows: DeskRowSource[]): Promise<DeskReservationRow[]> {
  const ids = rows.map((row) => row.reservation.id);
  const paymentRows = ids.length
    ? await db
        .select({
          reservationId: payments.reservationId,
          status: payments.status,
          refundedMinor: payments.refundedMinor,
        })
        .from(payments)
        .where(inArray(payments.reservationId, ids))
    : [];
  return rows.map(({ reservation, tourist: traveller, guide }) => {
    const own = paymentRows.filter((payment) => payment.reservationId === reservation.id);
    return {
      id: reservation.id,
      status: reservation.status as ReservationStatus,
      paymentState: paymentStateOf(own),
      startsAt: reservation.startsAt.toISOString(),
      endsAt: reservation.endsAt.toISOString(),
      timezone: reservation.timezone,
      createdAt: reservation.createdAt.toISOString(),
      currency: reservation.currency as ReservationCurrency,
      totalMinor: reservation.totalMinor,
      refundedMinor: own.reduce((sum, payment) => sum + payment.refundedMinor, 0),
      traveller: { userId: traveller.id, name: nameOf(traveller), phoneNumber: traveller.phoneNumber },
      guide: { userId: guide.id, guideId: reservation.guideId, name: nameOf(guide), phoneNumber: guide.phoneNumber },
    };
  });
}

/** The page and total queries of a desk search; null when it can match nothing. */
export async function buildDeskQueries(db: Db, query: DeskSearchQuery) {
  const where = await deskWhere(db, query);
  if (where === null) return null;
  return {
    page: deskRowsQuery(db, where, query),
    count: db.select({ value: count() }).from(reservations).where(where),
  };
}

/** `GET /api/app/staff/reservations`: any reservation by id, phone, name, guide, start dates, status and payment state. */
export async function searchReservations(db: Db, query: DeskSearchQuery): Promise<DeskSearchResult> {
  const queries = await buildDeskQueries(db, query);
  if (!queries) return { data: [], page: query.page, pageSize: query.pageSize, total: 0 };
  const [rows, [total]] = await Promise.all([queries.page, queries.count]);
  return {
    data: await presentDeskRows(db, rows),
    page: query.page,
    pageSize: query.pageSize,
    total: total?.value ?? 0,
  };
}
