import type { Reservation } from '@marco/contract/reservations';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createUser, type TestUser } from '../../../test/factories.js';
import { createApprovedGuide, findPlace, type TestGuide } from '../../../test/guide-factories.js';
import { ManualClock } from '../../platform/clock.js';

/*
 * No double booking under contention: many overlapping requests for one guide, all approved
 * at once. On PostgreSQL (TEST_DATABASE_URL) the approvals run concurrently on separate
 * pool connections; PGlite has one connection and serialises them, so it runs fewer.
 */
const OPS = '/api/app/reservation-operations-public';
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const COUNT = onPostgres ? 50 : 10;
const clock = new ManualClock('2026-06-01T06:00:00Z');

let t: TestApp;
let guide: TestGuide;
let tourists: TestUser[];
let cityId: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  guide = await createApprovedGuide(t.app, t.database.db);
  tourists = [await createUser(t.app), await createUser(t.app)];
  cityId = (await findPlace(t.app, 'istanbul')).cityId;
});

afterAll(async () => {
  await t?.close();
});

// Creating the pending requests one by one is setup, not the race: on a busy machine it
// outlasts the default 30 s, hence the longer timeout.
it(`approving ${COUNT} overlapping requests at once holds exactly one; the rest answer 409 SLOT_TAKEN`, async () => {
  const pending: Reservation[] = [];
  for (let index = 0; index < COUNT; index += 1) {
    // Every request overlaps every other one in 11:00–12:00.
    const startHour = 9 + (index % 3);
    const response = await t.app.inject({
      method: 'POST',
      url: `${OPS}/create`,
      headers: (tourists[index % 2] as TestUser).headers,
      payload: {
        guideId: guide.guideId,
        cityId,
        dates: ['2026-06-10'],
        startHour,
        endHour: startHour + 3,
        meetingPoint: 'Galata Tower',
        contactPhone: '+905321234567',
        contactEmail: 'race@example.com',
        currency: 'USD',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    pending.push(response.json());
  }

  const approve = (reservation: Reservation) =>
    t.app.inject({ method: 'PUT', url: `${OPS}/${reservation.id}/accept-by-guide`, headers: guide.user.headers });
  const responses = onPostgres
    ? await Promise.all(pending.map(approve))
    : await pending.reduce<Promise<Awaited<ReturnType<typeof approve>>[]>>(
        async (done, reservation) => [...(await done), await approve(reservation)],
        Promise.resolve([]),
      );

  const statuses = responses.map((response) => response.statusCode);
  expect(statuses.filter((status) => status >= 500)).toEqual([]);
  expect(statuses.filter((status) => status === 200)).toHaveLength(1);
  expect(statuses.filter((status) => status === 409)).toHaveLength(COUNT - 1);
  for (const response of responses.filter((entry) => entry.statusCode === 409)) {
    expect(response.json().error.code).toBe('SLOT_TAKEN');
  }

  const active = await t.app.inject({
    method: 'GET',
    url: `${OPS}/guide/list?group=active`,
    headers: guide.user.headers,
  });
  expect(active.json().total).toBe(1);
}, 180_000);
