import type { Reservation } from '@marco/contract/reservations';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createUser, type TestUser } from '../../../test/factories.js';
import { createApprovedGuide, findPlace, type TestGuide } from '../../../test/guide-factories.js';
import { reservations } from '../../db/schema/index.js';
import { ManualClock } from '../../platform/clock.js';
import { runExclusively } from '../../platform/scheduler/index.js';
import { RESERVATION_SWEEP_LOCK, reservationSweepJob, sweepReservations } from './sweep.js';

const OPS = '/api/app/reservation-operations-public';
const HOUR = 3600;
/** Monday 1 June 2026, 06:00 UTC; the guide works Monday–Friday 9–17 in their zone. */
const START = '2026-06-01T06:00:00Z';
const clock = new ManualClock(START);

let t: TestApp;
let guide: TestGuide;
let tourist: TestUser;
let cityId: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  guide = await createApprovedGuide(t.app, t.database.db);
  tourist = await createUser(t.app);
  cityId = (await findPlace(t.app, 'istanbul')).cityId;
});

afterAll(async () => {
  await t?.close();
});

async function reserve(date: string): Promise<Reservation> {
  const response = await t.app.inject({
    method: 'POST',
    url: `${OPS}/create`,
    headers: tourist.headers,
    payload: {
      guideId: guide.guideId,
      cityId,
      dates: [date],
      startHour: 10,
      endHour: 12,
      meetingPoint: 'Karaköy pier',
      contactPhone: '+905321234567',
      contactEmail: 'sweep@example.com',
      currency: 'USD',
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const accept = (id: string) =>
  t.app.inject({ method: 'PUT', url: `${OPS}/${id}/accept-by-guide`, headers: guide.user.headers });
const statusOf = async (id: string) =>
  (await t.database.db.select({ status: reservations.status }).from(reservations).where(eq(reservations.id, id)))[0]
    ?.status;

it('expires unanswered, unpaid and started requests, completes paid tours 48 h after the end', async () => {
  clock.set(START);
  const deps = t.app.deps;
  const unanswered = await reserve('2026-06-12');
  const startsSoon = await reserve('2026-06-02');
  const approvedUnpaid = await reserve('2026-06-03');
  const paid = await reserve('2026-06-04');
  const answeredLater = await reserve('2026-06-15');
  for (const reservation of [approvedUnpaid, paid, answeredLater])
    expect((await accept(reservation.id)).statusCode).toBe(200);
  await t.database.db.update(reservations).set({ status: 'paid' }).where(eq(reservations.id, paid.id));

  clock.advance(47 * HOUR);
  expect(await sweepReservations(deps)).toBe(1); // startsSoon started (2 June 10:00 local) unanswered
  expect(await statusOf(startsSoon.id)).toBe('expired');
  expect(await statusOf(unanswered.id)).toBe('pending');

  clock.set(new Date(new Date(START).getTime() + 48 * HOUR * 1000));
  await sweepReservations(deps);
  expect(await statusOf(unanswered.id)).toBe('expired'); // 48 h unanswered
  expect(await statusOf(approvedUnpaid.id)).toBe('approved'); // starts 3 June 10:00 local
  expect(await statusOf(answeredLater.id)).toBe('approved');

  clock.set(approvedUnpaid.startsAt);
  await sweepReservations(deps);
  expect(await statusOf(approvedUnpaid.id)).toBe('expired');

  clock.set(new Date(new Date(paid.endsAt).getTime() + 48 * HOUR * 1000 - 60_000));
  await sweepReservations(deps);
  expect(await statusOf(paid.id)).toBe('paid');
  clock.advance(60);
  await sweepReservations(deps);
  expect(await statusOf(paid.id)).toBe('completed');
  expect(await statusOf(answeredLater.id)).toBe('approved');

  // A second pass changes nothing.
  expect(await sweepReservations(deps)).toBe(0);
  clock.set(START);
});

it('runs the job under the advisory lock, and not while another session holds it', async () => {
  const job = reservationSweepJob(t.app.deps);
  expect(await runExclusively(t.database.db, job.lockKey, job.run)).toBe(true);
  if (process.env.TEST_DATABASE_URL) {
    // A second session (another pool connection, like another instance) cannot take the lock meanwhile.
    let inner: boolean | undefined;
    await runExclusively(t.database.db, RESERVATION_SWEEP_LOCK, async () => {
      inner = await runExclusively(t.database.db, RESERVATION_SWEEP_LOCK, async () => {});
    });
    expect(inner).toBe(false);
  }
});
