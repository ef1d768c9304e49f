import { RESERVATION_STATUSES, type ReservationStatus } from '@marco/contract/reservations';
import { describe, expect, it } from 'vitest';
import { holdsHours, nextStatus, RESERVATION_ACTIONS, type ReservationAction } from './transitions.js';

/** Every allowed move, written out independently of the table; every other pair is refused. */
const ALLOWED: Array<[ReservationStatus, ReservationAction, ReservationStatus]> = [
  ['pending', 'accept', 'approved'],
  ['pending', 'reject', 'rejected'],
  ['pending', 'cancel', 'cancelled'],
  ['pending', 'expire', 'expired'],
  ['pending', 'account_deleted', 'cancelled'],
  ['approved', 'start_payment', 'payment_pending'],
  ['approved', 'cancel', 'cancelled'],
  ['approved', 'expire', 'expired'],
  ['approved', 'payment_succeeded', 'paid'],
  ['approved', 'account_deleted', 'cancelled'],
  ['payment_pending', 'start_payment', 'payment_pending'],
  ['payment_pending', 'payment_succeeded', 'paid'],
  ['payment_pending', 'payment_failed', 'approved'],
  ['payment_pending', 'cancel', 'cancelled'],
  ['payment_pending', 'expire', 'expired'],
  ['payment_pending', 'account_deleted', 'cancelled'],
  ['paid', 'cancel', 'cancelled'],
  ['paid', 'confirm_consumption', 'completed'],
  ['paid', 'auto_complete', 'completed'],
  ['paid', 'account_deleted', 'cancelled'],
];

describe('reservation transition table', () => {
  for (const status of RESERVATION_STATUSES) {
    for (const action of RESERVATION_ACTIONS) {
      const expected = ALLOWED.find(([from, by]) => from === status && by === action)?.[2] ?? null;
      it(`${status} × ${action} → ${expected ?? 'not allowed'}`, () => {
        expect(nextStatus(status, action)).toBe(expected);
      });
    }
  }

  it('ended statuses allow nothing', () => {
    for (const status of ['completed', 'cancelled', 'rejected', 'expired'] as const) {
      for (const action of RESERVATION_ACTIONS) expect(nextStatus(status, action)).toBeNull();
    }
  });

  it('holds the hours exactly while approved, paying or paid', () => {
    expect(RESERVATION_STATUSES.filter(holdsHours)).toEqual(['approved', 'payment_pending', 'paid']);
  });
});
