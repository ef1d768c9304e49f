import type { GuideDetail } from '@marco/contract/guides';
import type { SearchGuidesResult } from '@marco/contract/search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createUser, type TestUser } from '../../../test/factories.js';
import { createApprovedGuide, createStaff, findPlace, type TestGuide } from '../../../test/guide-factories.js';
import { putAction, requestReservation } from '../../../test/payment-factories.js';
import { ManualClock } from '../../platform/clock.js';
import { sweepReservations } from '../reservations/sweep.js';
import { refreshGuideResponses } from './guide-response.js';

/** Monday 1 June 2026; the guides work Monday–Friday 9–17 in Istanbul. */
const START = Date.parse('2026-06-01T06:00:00Z');
const HOUR = 3_600_000;
const clock = new ManualClock(new Date(START).toISOString());
const at = (hours: number) => clock.set(new Date(START + hours * HOUR).toISOString());

let t: TestApp;
let staff: TestUser;
let tourist: TestUser;
let cityId: string;
let slow: TestGuide;
let fast: TestGuide;
let quiet: TestGuide;

/** Weekdays from 8 June 2026 on, one per request, so that no two requests of a guide overlap. */
const weekdays = (() => {
  const days: string[] = [];
  for (let day = new Date('2026-06-08T00:00:00Z'); days.length < 40; day = new Date(day.getTime() + 24 * HOUR)) {
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) days.push(day.toISOString().slice(0, 10));
  }
  return days;
})();
let nextDay = 0;
const request = async (guide: TestGuide) =>
  (await requestReservation(t.app, tourist, guide, cityId, weekdays[nextDay++] as string)).id;
const accept = async (guide: TestGuide, id: string) =>
  expect((await putAction(t.app, guide.user, id, 'accept-by-guide')).statusCode).toBe(200);
const reject = async (guide: TestGuide, id: string) =>
  expect((await putAction(t.app, guide.user, id, 'reject-by-guide', { reason: 'Fully booked' })).statusCode).toBe(200);

const profileOf = async (guide: TestGuide): Promise<GuideDetail> =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/app/user-detail-public/get-guide-user-detail-with-id/${guide.guideId}`,
    })
  ).json();
const search = async (sort: string): Promise<SearchGuidesResult> => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/app/search-public/search-guides-public',
    payload: { sort, location: { type: 'city', id: cityId }, pageSize: 50 },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

beforeAll(async () => {
  t = await createTestApp({ clock });
  staff = await createStaff(t.app, t.database.db);
  tourist = await createUser(t.app, { name: 'Tara' });
  cityId = (await findPlace(t.app, 'istanbul')).cityId;
  slow = await createApprovedGuide(t.app, t.database.db, { staff, name: 'Slow' });
  fast = await createApprovedGuide(t.app, t.database.db, { staff, name: 'Fast' });
  quiet = await createApprovedGuide(t.app, t.database.db, { staff, name: 'Quiet' });
});
afterAll(() => t?.close());

describe('a guide’s response rate and time', () => {
  it('counts answers within 24 hours over the requests that count, and shows them from 5 requests on', async () => {
    at(0);
    const [inOne, inTwo, inThree, inFive, late, _leftToExpire, withdrawn] = [
      await request(slow),
      await request(slow),
      await request(slow),
      await request(slow),
      await request(slow),
      await request(slow),
      await request(slow),
    ] as string[];
    at(0.5);
    expect(
      (await putAction(t.app, tourist, withdrawn as string, 'cancel-by-tourist', { reasonKey: 'plans_changed' }))
        .statusCode,
    ).toBe(200);
    at(1);
    await accept(slow, inOne as string);
    at(2);
    await reject(slow, inTwo as string);
    at(3);
    await accept(slow, inThree as string);
    at(5);
    await reject(slow, inFive as string);
    // Four answered in time, the rest younger than 24 hours: too few to show.
    expect((await profileOf(slow)).response).toBeNull();

    at(30);
    await accept(slow, late as string);
    // Six count now: the late answer, and the request left unanswered for 30 hours, as not in time.
    expect((await profileOf(slow)).response).toEqual({ ratePercent: 67, medianMinutes: 180 });

    at(47);
    const fresh = await request(slow);
    at(49);
    await sweepReservations(t.app.deps);
    // Expired counts as not answered; a request an hour old and a withdrawn one do not count.
    expect((await profileOf(slow)).response).toEqual({ ratePercent: 67, medianMinutes: 180 });
    const card = (await search('rating')).data.find((guide) => guide.id === slow.guideId);
    expect(card?.response).toEqual({ ratePercent: 67, medianMinutes: 180 });
    expect(fresh).toBeTruthy();
  });

  it('sorts "responds fastest" by the median time to an answer, guides without enough requests last', async () => {
    at(49);
    const ids = [
      await request(fast),
      await request(fast),
      await request(fast),
      await request(fast),
      await request(fast),
    ];
    at(49.25);
    for (const id of ids) await accept(fast, id);
    // An answer 15 minutes after each request; the slow guide's median is 3 hours.
    expect((await profileOf(fast)).response).toEqual({ ratePercent: 100, medianMinutes: 15 });

    const order = (await search('responds_fastest')).data.map((guide) => guide.id);
    expect(order.indexOf(fast.guideId)).toBeLessThan(order.indexOf(slow.guideId));
    expect(order.indexOf(slow.guideId)).toBeLessThan(order.indexOf(quiet.guideId));
    expect((await search('responds_fastest')).data.find((guide) => guide.id === quiet.guideId)?.response).toBeNull();
  });

  it('forgets requests older than 90 days as the window slides', async () => {
    at(91 * 24 + 75);
    await refreshGuideResponses(t.database.db, clock.now());
    expect((await profileOf(fast)).response).toBeNull();
    expect((await profileOf(slow)).response).toBeNull();
  });
});
