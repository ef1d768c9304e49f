import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { reservations } from './reservations.js';
import { users } from './users.js';

/*
 * The `desk` migration set (docs/decisions/003, 021): what the staff reservation desk reads
 * that no other context records. Its custom migration adds the trigger that fills
 * `reservation_status_changes` and the indexes of the desk's filters over the reservations,
 * users, payments and notifications tables.
 */

/**
 * Every status a reservation took, written by a trigger on `reservations` (insert and status
 * update), so no path that moves a reservation can forget it. Who moved it comes from the
 * transaction's `marco.reservation_actor` setting (setReservationActor); none means Marco
 * itself (expiry, completion).
 */
export const reservationStatusChanges = pgTable(
  'reservation_status_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    reservationId: uuid('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorRole: text('actor_role').notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
  },
  (table) => [
    index('reservation_status_changes_reservation').on(table.reservationId, table.id),
    check(
      'reservation_status_changes_actor_role',
      sql`${table.actorRole} in ('tourist', 'guide', 'staff', 'provider', 'system')`,
    ),
  ],
);
