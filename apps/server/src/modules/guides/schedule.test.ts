import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createUser, type TestUser } from '../../../test/factories.js';
import { createApprovedGuide, createGuideApplicant } from '../../../test/guide-factories.js';
import { ManualClock } from '../../platform/clock.js';
import {
  getAvailableHours,
  type HeldIntervalsSource,
  noHeldIntervals,
  registerHeldIntervalsSource,
} from './availability.js';

const OP = '/api/app/user-guide-operation-public';
const clock = new ManualClock('2026-03-20T10:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => t.close());
afterEach(() => registerHeldIntervalsSource(noHeldIntervals));

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, user: TestUser, payload?: object) =>
  t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

describe('work plans', () => {
  it('creates each plan type, keeping only the fields of its type', async () => {
    const user = await createUser(t.app);
    const plans = [
      { planType: 'daily', startHour: 8, endHour: 10, weekdays: [1], dayOfMonth: 3 },
      { planType: 'weekly', startHour: 9, endHour: 17, weekdays: [5, 1, 1], repeatEveryWeeks: 2 },
      { planType: 'monthly', startHour: 10, endHour: 12, dayOfMonth: 15, endsOn: '2026-12-31' },
      { planType: 'special', startHour: 18, endHour: 24, date: '2026-04-01', startsOn: '2026-01-01' },
    ];
    const created = [];
    for (const plan of plans) {
      const response = await send('POST', `${OP}/create-user-guide-work-plan`, user, plan);
      expect(response.statusCode, plan.planType).toBe(200);
      created.push(response.json());
    }
    expect(created[0]).toMatchObject({ planType: 'daily', weekdays: [], dayOfMonth: null });
    // A fortnightly plan without a start date is anchored to the guide's current week.
    expect(created[1]).toMatchObject({ weekdays: [1, 5], repeatEveryWeeks: 2, startsOn: '2026-03-20' });
    expect(created[2]).toMatchObject({ dayOfMonth: 15, endsOn: '2026-12-31', weekdays: [] });
    expect(created[3]).toMatchObject({ date: '2026-04-01', startsOn: null, endHour: 24 });
    const schedule = await get(`${OP}/user-guide-work-plans`, user.headers);
    expect(schedule.json()).toMatchObject({ timezone: 'UTC' });
    expect(schedule.json().data).toHaveLength(4);
  });

  it('refuses an end hour before (or at) the start hour, and plans missing their day', async () => {
    const user = await createUser(t.app);
    for (const plan of [
      { planType: 'daily', startHour: 17, endHour: 9 },
      { planType: 'daily', startHour: 9, endHour: 9 },
      { planType: 'daily', startHour: 9, endHour: 25 },
      { planType: 'weekly', startHour: 9, endHour: 12, weekdays: [] },
      { planType: 'weekly', startHour: 9, endHour: 12, weekdays: [8] },
      { planType: 'monthly', startHour: 9, endHour: 12 },
      { planType: 'special', startHour: 9, endHour: 12 },
      { planType: 'yearly', startHour: 9, endHour: 12 },
      { planType: 'daily', startHour: 9, endHour: 12, startsOn: '2026-05-01', endsOn: '2026-04-01' },
    ]) {
      const response = await send('POST', `${OP}/create-user-guide-work-plan`, user, plan);
      expect(response.statusCode, JSON.stringify(plan)).toBe(400);
    }
    const free = await send('POST', `${OP}/create-user-guide-free-date`, user, {
      date: '2026-04-02',
      startHour: 12,
      endHour: 10,
    });
    expect(free.statusCode).toBe(400);
    expect(free.json().error.details.issues[0].path).toContain('endHour');
  });

  it('updates and deletes own plans only, and replaces the whole schedule with a time zone', async () => {
    const [user, other] = await Promise.all([createUser(t.app), createUser(t.app)]);
    const plan = (
      await send('POST', `${OP}/create-user-guide-work-plan`, user, { planType: 'daily', startHour: 9, endHour: 12 })
    ).json();
    const change = { planType: 'daily', startHour: 10, endHour: 14 };
    expect((await send('PUT', `${OP}/update-user-guide-work-plan/${plan.id}`, other, change)).statusCode).toBe(404);
    expect((await send('DELETE', `${OP}/delete-user-guide-work-plan/${plan.id}`, other)).statusCode).toBe(404);
    const updated = await send('PUT', `${OP}/update-user-guide-work-plan/${plan.id}`, user, change);
    expect(updated.json()).toMatchObject({ id: plan.id, startHour: 10, endHour: 14 });

    const replaced = await send('PUT', `${OP}/update-user-guide-work-schedule`, user, {
      timezone: 'america/new_york',
      plans: [
        { planType: 'weekly', startHour: 9, endHour: 12, weekdays: [6, 7] },
        { planType: 'special', startHour: 20, endHour: 22, date: '2026-04-10' },
      ],
    });
    expect(replaced.json().timezone).toBe('America/New_York');
    expect(replaced.json().data.map((entry: { planType: string }) => entry.planType)).toEqual(['weekly', 'special']);
    const badZone = await send('PUT', `${OP}/update-user-guide-work-schedule`, user, {
      timezone: 'Nowhere/City',
      plans: [],
    });
    expect(badZone.statusCode).toBe(400);
    expect((await send('DELETE', `${OP}/delete-user-guide-work-plan/${plan.id}`, user)).statusCode).toBe(404);
    const other_ = await get(`${OP}/user-guide-work-plans`, other.headers);
    expect(other_.json().data).toEqual([]);
  });
});

describe('free dates', () => {
  it('creates, lists (own and by guide id) and deletes free dates', async () => {
    const guide = await createApprovedGuide(t.app, t.database.db);
    const other = await createUser(t.app);
    const past = await send('POST', `${OP}/create-user-guide-free-date`, guide.user, { date: '2026-03-01' });
    expect(past.json()).toMatchObject({ startHour: 0, endHour: 24 });
    const future = await send('POST', `${OP}/create-user-guide-free-date`, guide.user, {
      date: '2026-04-04',
      startHour: 10,
      endHour: 13,
    });
    expect(future.statusCode).toBe(200);

    const own = await get(`${OP}/user-guide-free-dates`, guide.user.headers);
    expect(own.json().data.map((entry: { date: string }) => entry.date)).toEqual(['2026-03-01', '2026-04-04']);
    const ranged = await get(`${OP}/user-guide-free-dates?from=2026-04-01&to=2026-04-30`, guide.user.headers);
    expect(ranged.json().data).toHaveLength(1);
    // By id: from today (2026-03-20, guide's zone) on.
    const byId = await get(`${OP}/user-guide-free-dates-by-id/${guide.guideId}`);
    expect(byId.json().data).toEqual([expect.objectContaining({ date: '2026-04-04', startHour: 10, endHour: 13 })]);
    expect(byId.json().timezone).toBe('Europe/Istanbul');

    const url = `${OP}/delete-user-guide-free-date/${future.json().id}`;
    expect((await send('DELETE', url, other)).statusCode).toBe(404);
    expect((await send('DELETE', url, guide.user)).json()).toEqual({ success: true });
    expect((await get(`${OP}/user-guide-free-dates-by-id/${guide.guideId}`)).json().data).toEqual([]);
  });

  it("hides a draft guide's schedule and free dates from other users", async () => {
    const draft = await createGuideApplicant(t.app);
    const other = await createUser(t.app);
    expect((await get(`${OP}/user-guide-free-dates-by-id/${draft.guideId}`, other.headers)).statusCode).toBe(404);
    expect((await get(`${OP}/user-guide-work-plans-by-id/${draft.guideId}`, other.headers)).statusCode).toBe(404);
    expect((await get(`${OP}/user-guide-work-plans-by-id/${draft.guideId}`, draft.user.headers)).statusCode).toBe(200);
    const availability = await get(
      `${OP}/user-guide-available-hours/${draft.guideId}?from=2026-03-23T00:00:00Z&to=2026-03-24T00:00:00Z`,
      other.headers,
    );
    expect(availability.statusCode).toBe(404);
  });
});

describe('available hours', () => {
  it('answers schedule ∪ free dates in the guide’s zone, across the DST change', async () => {
    const guide = await createApprovedGuide(t.app, t.database.db, {
      city: 'rome',
      plans: [{ planType: 'weekly', startHour: 9, endHour: 11, weekdays: [6, 7] }],
    });
    await send('POST', `${OP}/create-user-guide-free-date`, guide.user, {
      date: '2026-03-27',
      startHour: 15,
      endHour: 16,
    });
    const response = await get(
      `${OP}/user-guide-available-hours/${guide.user.userId}?from=2026-03-27T00:00:00Z&to=2026-03-30T00:00:00Z`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ guideId: guide.guideId, timezone: 'Europe/Rome' });
    expect(response.json().data.map((slot: { start: string }) => slot.start)).toEqual([
      '2026-03-27T14:00:00.000Z',
      '2026-03-28T08:00:00.000Z',
      '2026-03-28T09:00:00.000Z',
      '2026-03-29T07:00:00.000Z',
      '2026-03-29T08:00:00.000Z',
    ]);
  });

  it('takes held intervals from the registered source, or one passed in', async () => {
    const guide = await createApprovedGuide(t.app, t.database.db, {
      city: 'istanbul',
      plans: [{ planType: 'daily', startHour: 9, endHour: 12 }],
    });
    const from = new Date('2026-04-06T00:00:00Z');
    const to = new Date('2026-04-07T00:00:00Z');
    expect(await getAvailableHours(t.database.db, guide.guideId, from, to)).toHaveLength(3);
    const calls: string[] = [];
    const held: HeldIntervalsSource = {
      async listHeldIntervals(_db, guideId) {
        calls.push(guideId);
        return [{ start: new Date('2026-04-06T07:00:00Z'), end: new Date('2026-04-06T08:00:00Z') }];
      },
    };
    const withHeld = await getAvailableHours(t.database.db, guide.guideId, from, to, { held });
    expect(withHeld.map((slot) => slot.start.toISOString())).toEqual([
      '2026-04-06T06:00:00.000Z',
      '2026-04-06T08:00:00.000Z',
    ]);
    registerHeldIntervalsSource(held);
    const response = await get(
      `${OP}/user-guide-available-hours/${guide.guideId}?from=${from.toISOString()}&to=${to.toISOString()}`,
    );
    expect(response.json().data).toHaveLength(2);
    expect(calls).toEqual([guide.guideId, guide.guideId]);
    expect(await getAvailableHours(t.database.db, crypto.randomUUID(), from, to)).toEqual([]);
  });

  it('refuses reversed or too long windows', async () => {
    const guide = await createApprovedGuide(t.app, t.database.db);
    const url = `${OP}/user-guide-available-hours/${guide.guideId}`;
    expect((await get(`${url}?from=2026-04-07T00:00:00Z&to=2026-04-06T00:00:00Z`)).statusCode).toBe(400);
    expect((await get(`${url}?from=2026-04-01T00:00:00Z&to=2026-07-01T00:00:00Z`)).statusCode).toBe(400);
    expect((await get(`${url}?from=yesterday&to=2026-07-01T00:00:00Z`)).statusCode).toBe(400);
  });
});
