import type { Reservation } from '@marco/contract/reservations';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TestUser } from './factories.js';
import type { TestGuide } from './guide-factories.js';

export const OPS = '/api/app/reservation-operations-public';

/** Sends a reservation request for one day, 10–12 in the guide's zone. */
export async function requestReservation(
  app: FastifyInstance,
  tourist: TestUser,
  guide: TestGuide,
  cityId: string,
  date: string,
  hours: { startHour: number; endHour: number } = { startHour: 10, endHour: 12 },
): Promise<Reservation> {
  const response = await app.inject({
    method: 'POST',
    url: `${OPS}/create`,
    headers: tourist.headers,
    payload: {
      guideId: guide.guideId,
      cityId,
      dates: [date],
      ...hours,
      meetingPoint: 'Galata Tower entrance',
      contactPhone: '+905321234567',
      contactEmail: 'traveller@example.com',
      currency: 'USD',
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

export const putAction = (
  app: FastifyInstance,
  user: Pick<TestUser, 'headers'>,
  id: string,
  action: string,
  body?: object,
) =>
  app.inject({
    method: 'PUT',
    url: `${OPS}/${id}/${action}`,
    headers: user.headers,
    ...(body ? { payload: body } : {}),
  });

/** A request the guide has approved. */
export async function approvedReservation(
  app: FastifyInstance,
  tourist: TestUser,
  guide: TestGuide,
  cityId: string,
  date: string,
  hours?: { startHour: number; endHour: number },
): Promise<Reservation> {
  const reservation = await requestReservation(app, tourist, guide, cityId, date, hours);
  const accepted = await putAction(app, guide.user, reservation.id, 'accept-by-guide');
  expect(accepted.statusCode, accepted.body).toBe(200);
  return accepted.json();
}

/** Starts paying and presses "Pay (succeeds)" on the sandbox checkout page: the reservation ends paid. */
export async function payOnSandbox(app: FastifyInstance, tourist: Pick<TestUser, 'headers'>, reservationId: string) {
  const started = await putAction(app, tourist, reservationId, 'pay');
  expect(started.statusCode, started.body).toBe(200);
  const paid = await app.inject({
    method: 'POST',
    url: new URL(started.body).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'outcome=succeed',
  });
  expect(paid.statusCode).toBe(303);
}
