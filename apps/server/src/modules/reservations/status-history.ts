import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

export interface ReservationActor {
  role: 'tourist' | 'guide' | 'staff' | 'provider';
  userId?: string;
  /** Why, when staff moved it. */
  reason?: string;
}

/**
 * Names who moves reservations in this transaction, for the status history the
 * `reservations_status_history` trigger writes (desk migration 0001). Local to the
 * transaction; a change made without it is recorded as Marco's own (expiry, completion).
 */
export async function setReservationActor(tx: Db, actor: ReservationActor): Promise<void> {
  await tx.execute(sql`select set_config('marco.reservation_actor', ${JSON.stringify(actor)}, true)`);
}
