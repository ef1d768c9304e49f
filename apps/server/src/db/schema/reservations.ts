import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { guides, guideVehicles } from './guides.js';
import { cities } from './reference.js';
import { users } from './users.js';

/*
 * The `reservations` migration set (docs/decisions/003). A reservation is one request of a
 * tourist to a guide; each of its days is one `reservation_slots` row. The slots carry the
 * no-double-booking rule: `reservation_slots_no_overlap` (custom migration) is an EXCLUDE
 * constraint over (guide_id, tstzrange(starts_at, ends_at, '[)')) where `holds`, and
 * `holds` is true exactly while the reservation's status is approved, payment_pending or
 * paid (kept in the same transaction as the status change).
 */

export const reservations = pgTable(
  'reservations',
  {
    id: uuid('id').primaryKey(),
    guideId: uuid('guide_id')
      .notNull()
      .references(() => guides.id, { onDelete: 'restrict' }),
    /** The guide's user, copied so "is the caller this reservation's guide" needs no join. */
    guideUserId: uuid('guide_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    touristId: uuid('tourist_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    cityId: uuid('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'restrict' }),
    /** The guide's zone at creation; the local hours below are read in it. */
    timezone: text('timezone').notNull(),
    startHour: smallint('start_hour').notNull(),
    endHour: smallint('end_hour').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    meetingPoint: text('meeting_point').notNull(),
    noteToGuide: text('note_to_guide'),
    additionalNotes: text('additional_notes'),
    contactPhone: text('contact_phone').notNull(),
    contactEmail: text('contact_email').notNull(),
    vehicleId: uuid('vehicle_id').references(() => guideVehicles.id, { onDelete: 'set null' }),
    // Price snapshot, minor units of `currency`.
    currency: text('currency').notNull(),
    hourlyRateMinor: integer('hourly_rate_minor').notNull(),
    vehicleHourlyRateMinor: integer('vehicle_hourly_rate_minor').notNull().default(0),
    totalHours: integer('total_hours').notNull(),
    totalMinor: integer('total_minor').notNull(),
    /**
     * Units per US dollar of the guide's and the reservation's currencies when it was made
     * (issue 18 item 6): the rate its price was converted at, whatever finance sets later.
     * Null for reservations made before it was kept.
     */
    exchangeRates: jsonb('exchange_rates').$type<Record<string, number>>(),
    status: text('status').notNull().default('pending'),
    rejectReason: text('reject_reason'),
    cancelReasonKey: text('cancel_reason_key'),
    cancelReasonText: text('cancel_reason_text'),
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('reservations_tourist_idempotency')
      .on(table.touristId, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
    index('reservations_guide_user_status').on(table.guideUserId, table.status, table.startsAt),
    index('reservations_tourist_status').on(table.touristId, table.status, table.startsAt),
    index('reservations_status_starts').on(table.status, table.startsAt),
    check(
      'reservations_status',
      sql`${table.status} in ('pending', 'approved', 'payment_pending', 'paid', 'completed', 'cancelled', 'rejected', 'expired')`,
    ),
    check('reservations_currency', sql`${table.currency} in ('USD', 'TRY')`),
    check(
      'reservations_hours',
      sql`${table.startHour} between 0 and 23 and ${table.endHour} between 1 and 24 and ${table.endHour} > ${table.startHour}`,
    ),
    check('reservations_interval', sql`${table.endsAt} > ${table.startsAt}`),
    check(
      'reservations_amounts',
      sql`${table.hourlyRateMinor} > 0 and ${table.vehicleHourlyRateMinor} >= 0 and ${table.totalHours} > 0 and ${table.totalMinor} > 0`,
    ),
  ],
);

/** One held day of a reservation: [starts_at, ends_at) in real time. */
export const reservationSlots = pgTable(
  'reservation_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reservationId: uuid('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    guideId: uuid('guide_id')
      .notNull()
      .references(() => guides.id, { onDelete: 'restrict' }),
    /** The guide's local date of this slot. */
    date: date('date').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** True while the reservation holds the guide's hours (approved, payment_pending, paid). */
    holds: boolean('holds').notNull().default(false),
  },
  (table) => [
    uniqueIndex('reservation_slots_reservation_date').on(table.reservationId, table.date),
    index('reservation_slots_guide_holding').on(table.guideId, table.startsAt).where(sql`${table.holds}`),
    check('reservation_slots_interval', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);
