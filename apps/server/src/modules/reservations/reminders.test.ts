import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createUser, readOutbox, type TestUser } from '../../../test/factories.js';
import { createApprovedGuide, findPlace, type TestGuide } from '../../../test/guide-factories.js';
import { approvedReservation, putAction } from '../../../test/payment-factories.js';
import { notifications } from '../../db/schema/index.js';
import { ManualClock } from '../../platform/clock.js';
import { runExclusively } from '../../platform/scheduler/index.js';
import { reservationSweepJob, sendReminders } from './sweep.js';

const START = '2026-06-01T06:00:00Z';
const HOUR_MS = 3_600_000;
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
afterAll(() => t?.close());

async function paid(date: string) {
  const reservation = await approvedReservation(t.app, tourist, guide, cityId, date);
  const started = await putAction(t.app, tourist, reservation.id, 'pay');
  await t.app.inject({
    method: 'POST',
    url: new URL(started.body).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'outcome=succeed',
  });
  return reservation;
}

const remindersOf = async (reservationId: string) =>
  (await t.database.db.select().from(notifications).where(eq(notifications.kind, 'reservation.reminder'))).filter(
    (notice) => notice.payload.reservationId === reservationId,
  );

it('reminds both parties once, 24 hours before a paid tour, from the scheduler job', async () => {
  clock.set(START);
  const reservation = await paid('2026-06-04');
  const startsAt = new Date(reservation.startsAt).getTime();

  clock.set(new Date(startsAt - 24 * HOUR_MS - 60_000));
  expect(await sendReminders(t.app.deps)).toBe(0);

  clock.set(new Date(startsAt - 24 * HOUR_MS + 60_000));
  const job = reservationSweepJob(t.app.deps);
  expect(await runExclusively(t.database.db, job.lockKey, job.run)).toBe(true);
  const sent = await remindersOf(reservation.id);
  expect(sent.map((notice) => notice.userId).sort()).toEqual([guide.user.userId, tourist.userId].sort());
  const texts = (await readOutbox(t.app)).filter((entry) => entry.text.includes('reminder'));
  expect(texts.map((entry) => entry.recipient).sort()).toEqual([guide.user.phone, tourist.phone].sort());
  expect(texts[0]?.text).toContain('Galata Tower entrance');

  // Later ticks, and two overlapping passes, send nothing more.
  clock.advance(600);
  await runExclusively(t.database.db, job.lockKey, job.run);
  await Promise.all([sendReminders(t.app.deps), sendReminders(t.app.deps)]);
  expect(await remindersOf(reservation.id)).toHaveLength(2);
  clock.set(START);
});
