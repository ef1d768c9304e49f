import { HOLDING_STATUSES, type ReservationStatus } from '@marco/contract/reservations';

/*
 * The one place that says which action may move a reservation from which status, and to
 * which. Every service call goes through `nextStatus`; anything not listed is refused.
 */

export const RESERVATION_ACTIONS = [
  'accept',
  'reject',
  'cancel',
  'start_payment',
  'payment_succeeded',
  'payment_failed',
  'confirm_consumption',
  'expire',
  'auto_complete',
  'account_deleted',
] as const;
export type ReservationAction = (typeof RESERVATION_ACTIONS)[number];

export const TRANSITIONS: Record<ReservationStatus, Partial<Record<ReservationAction, ReservationStatus>>> = {
  // `account_deleted`: either party deleted their account; what is not over is called off.
  pending: {
    accept: 'approved',
    reject: 'rejected',
    cancel: 'cancelled',
    expire: 'expired',
    account_deleted: 'cancelled',
  },
  // A payment confirmed after its checkout was reported failed (events out of order) still pays.
  approved: {
    start_payment: 'payment_pending',
    payment_succeeded: 'paid',
    cancel: 'cancelled',
    expire: 'expired',
    account_deleted: 'cancelled',
  },
  // A failed or abandoned checkout goes back to approved, so the tourist can pay again.
  payment_pending: {
    start_payment: 'payment_pending',
    payment_succeeded: 'paid',
    payment_failed: 'approved',
    cancel: 'cancelled',
    expire: 'expired',
    account_deleted: 'cancelled',
  },
  paid: {
    cancel: 'cancelled',
    confirm_consumption: 'completed',
    auto_complete: 'completed',
    account_deleted: 'cancelled',
  },
  completed: {},
  cancelled: {},
  rejected: {},
  expired: {},
};

/** The status `action` leads to from `status`, or null when it is not allowed there. */
export function nextStatus(status: ReservationStatus, action: ReservationAction): ReservationStatus | null {
  return TRANSITIONS[status][action] ?? null;
}

/** Whether a reservation in `status` holds the guide's hours. */
export const holdsHours = (status: ReservationStatus): boolean =>
  (HOLDING_STATUSES as readonly ReservationStatus[]).includes(status);
