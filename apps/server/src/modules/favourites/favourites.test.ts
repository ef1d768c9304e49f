import type { FavouriteGuideList } from '@marco/contract/favourites';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createUser, type TestUser } from '../../../test/factories.js';
import { createSubmittedGuide, type GuideOptions, type TestGuide } from '../../../test/guide-factories.js';
import { insertReservation } from '../../../test/review-factories.js';
import { favouriteGuides, guides, reservationSlots, reservations } from '../../db/schema/index.js';
import { ManualClock } from '../../platform/clock.js';

const API = '/api/app/favourite-public';
// A Saturday; the guides work Monday to Friday, 9–17 in their own zone.
const clock = new ManualClock('2027-01-02T10:00:00Z');

let t: TestApp;
let guide: TestGuide;
let liraGuide: TestGuide;
let traveller: TestUser;
let otherTraveller: TestUser;

const call = (user: Pick<TestUser, 'headers'> | null, method: 'GET' | 'PUT' | 'DELETE', url: string) =>
  t.app.inject({ method, url: `${API}/${url}`, headers: user?.headers ?? {} });

async function listOf(user: TestUser, query = ''): Promise<FavouriteGuideList> {
  const response = await call(user, 'GET', `guides${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** A public guide: an application approved straight in the table (staff review is tested in admin). */
async function createPublicGuide(options: GuideOptions): Promise<TestGuide> {
  const created = await createSubmittedGuide(t.app, options);
  await t.database.db
    .update(guides)
    .set({ status: 'approved', approvedAt: clock.now() })
    .where(eq(guides.id, created.guideId));
  return created;
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  guide = await createPublicGuide({ name: 'Gül', surname: 'Kaya' });
  liraGuide = await createPublicGuide({
    name: 'Marco',
    surname: 'Rossi',
    city: 'rome',
    rate: { minor: 150_000, currency: 'TRY' },
  });
  traveller = await createUser(t.app, { name: 'Tara' });
  otherTraveller = await createUser(t.app, { name: 'Omar' });
});

afterAll(async () => {
  await t?.close();
});

describe('favourites', () => {
  it('keeps guides newest first with the price in the asked currency and the next free date', async () => {
    expect((await call(traveller, 'PUT', `guides/${guide.guideId}`)).json()).toEqual({
      guideId: guide.guideId,
      isFavourite: true,
    });
    expect((await call(traveller, 'PUT', `guides/${liraGuide.guideId}`)).statusCode).toBe(200);
    // Again: no change, no error.
    expect((await call(traveller, 'PUT', `guides/${guide.guideId}`)).statusCode).toBe(200);

    const ids = (await call(traveller, 'GET', 'guide-ids')).json();
    expect(ids.data).toHaveLength(2);
    expect(new Set(ids.data)).toEqual(new Set([guide.guideId, liraGuide.guideId]));

    const list = await listOf(traveller, '?currency=USD&locale=de');
    expect(list.total).toBe(2);
    const gul = list.data.find((item) => item.guideId === guide.guideId);
    const marco = list.data.find((item) => item.guideId === liraGuide.guideId);
    expect(gul).toMatchObject({ name: 'Gül', isAvailable: true, priceMinor: 5000, currency: 'USD' });
    expect(gul?.nextFreeDate).toBe('2027-01-04');
    expect(marco?.city?.name).toBe('Rom');
    expect(marco?.currency).toBe('USD');
    // 1,500 TRY in dollars through the rates table: much less than the lira figure, more than nothing.
    expect(marco?.priceMinor).toBeGreaterThan(0);
    expect(marco?.priceMinor).toBeLessThan(150_000);
    expect((list.data[0]?.savedAt ?? '') >= (list.data[1]?.savedAt ?? '')).toBe(true);

    const inLira = await listOf(traveller, '?currency=TRY');
    expect(inLira.data.find((item) => item.guideId === liraGuide.guideId)?.priceMinor).toBe(150_000);
  });

  it("skips days the guide's hours are all booked when giving the next free date", async () => {
    const { db } = t.database;
    const reservationId = await insertReservation(db, {
      guideId: guide.guideId,
      touristId: otherTraveller.userId,
      status: 'paid',
      endedAt: new Date('2027-01-04T17:00:00Z'),
    });
    const [row] = await db.select({ timezone: guides.timezone }).from(guides).where(eq(guides.id, guide.guideId));
    // The whole Monday (9–17 local) held by a paid reservation.
    const day = '2027-01-04';
    const [starts] = (
      await db.execute<{ starts: Date; ends: Date }>(
        sql`select (${`${day} 09:00`}::timestamp at time zone ${row?.timezone}) as starts,
                   (${`${day} 17:00`}::timestamp at time zone ${row?.timezone}) as ends`,
      )
    ).rows;
    await db.insert(reservationSlots).values({
      reservationId,
      guideId: guide.guideId,
      date: day,
      startsAt: new Date(starts?.starts ?? ''),
      endsAt: new Date(starts?.ends ?? ''),
      holds: true,
    });
    const list = await listOf(traveller);
    expect(list.data.find((item) => item.guideId === guide.guideId)?.nextFreeDate).toBe('2027-01-05');
    await db.delete(reservationSlots).where(eq(reservationSlots.reservationId, reservationId));
    await db.delete(reservations).where(eq(reservations.id, reservationId));
  });

  it("shows a paused guide as unavailable without a price, and never another user's list", async () => {
    const { db } = t.database;
    await db.update(guides).set({ isActive: false }).where(eq(guides.id, liraGuide.guideId));
    const list = await listOf(traveller);
    expect(list.data.find((item) => item.guideId === liraGuide.guideId)).toMatchObject({
      isAvailable: false,
      priceMinor: null,
      nextFreeDate: null,
    });
    await db.update(guides).set({ isActive: true }).where(eq(guides.id, liraGuide.guideId));

    // Another traveller sees an empty list and cannot remove the first one's favourite.
    expect((await listOf(otherTraveller)).total).toBe(0);
    expect((await call(otherTraveller, 'GET', 'guide-ids')).json()).toEqual({ data: [] });
    expect((await call(otherTraveller, 'DELETE', `guides/${guide.guideId}`)).json()).toEqual({
      guideId: guide.guideId,
      isFavourite: false,
    });
    expect((await listOf(traveller)).total).toBe(2);
    // A user id in the query is not an input: the list is always the caller's.
    const sneaky = await call(otherTraveller, 'GET', `guides?userId=${traveller.userId}`);
    expect(sneaky.statusCode).toBe(200);
    expect(sneaky.json().total).toBe(0);
  });

  it('removes a favourite for its owner only', async () => {
    expect((await call(traveller, 'DELETE', `guides/${liraGuide.guideId}`)).json()).toEqual({
      guideId: liraGuide.guideId,
      isFavourite: false,
    });
    expect((await call(traveller, 'GET', 'guide-ids')).json()).toEqual({ data: [guide.guideId] });
  });

  it('shows how many travellers keep a guide to that guide only, never on the public profile', async () => {
    expect((await call(guide.user, 'GET', 'my-guide-count')).json()).toEqual({ count: 1 });
    expect((await call(traveller, 'GET', 'my-guide-count')).statusCode).toBe(404);
    const profile = await t.app.inject({
      method: 'GET',
      url: `/api/app/user-detail-public/get-guide-user-detail-with-id/${guide.guideId}`,
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.body).not.toMatch(/favou?r/i);
  });

  it('answers 401 to visitors, 400 to a bad id or page and 404 to an unknown or hidden guide', async () => {
    expect((await call(null, 'GET', 'guides')).statusCode).toBe(401);
    expect((await call(null, 'GET', 'guide-ids')).statusCode).toBe(401);
    expect((await call(null, 'PUT', `guides/${guide.guideId}`)).statusCode).toBe(401);
    expect((await call(null, 'DELETE', `guides/${guide.guideId}`)).statusCode).toBe(401);
    const bad = await call(traveller, 'PUT', 'guides/not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');
    expect((await call(traveller, 'GET', 'guides?pageSize=500')).statusCode).toBe(400);
    expect((await call(traveller, 'GET', 'guides?currency=GBP')).statusCode).toBe(400);
    const unknown = await call(traveller, 'PUT', `guides/${crypto.randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('GUIDE_NOT_FOUND');
    // A guide's user id is not a guide id.
    expect((await call(traveller, 'PUT', `guides/${guide.user.userId}`)).statusCode).toBe(404);
  });

  it('keeps one row for the same heart pressed many times at once, and stops at 500 guides', async () => {
    const busy = await createUser(t.app, { name: 'Bora' });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call(busy, 'PUT', `guides/${liraGuide.guideId}`)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await call(busy, 'GET', 'guide-ids')).json()).toEqual({ data: [liraGuide.guideId] });

    // 499 more kept guides (draft guides written straight to the tables): 500 in all.
    await t.database.db.execute(sql`
      with filler_users as (
        insert into users (user_name) select 'filler-' || gen_random_uuid() from generate_series(1, 499) returning id
      ), filler_guides as (
        insert into guides (user_id) select id from filler_users returning id
      )
      insert into favourite_guides (user_id, guide_id) select ${busy.userId}::uuid, id from filler_guides`);
    const tooMany = await call(busy, 'PUT', `guides/${guide.guideId}`);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.code).toBe('CONFLICT');
    // One already kept is still no change.
    expect((await call(busy, 'PUT', `guides/${liraGuide.guideId}`)).statusCode).toBe(200);
    expect((await listOf(busy, '?pageSize=50')).total).toBe(500);
  });

  it('reads a page of the list through its index', async () => {
    const { db } = t.database;
    // One transaction: on PostgreSQL the pool may otherwise run the two on different connections.
    await db.execute(sql`analyze favourite_guides`);
    // The longest list (500 guides, kept by the test above): a page is read in order from the index, with no sort.
    const [longest] = (
      await db.execute<{ user_id: string }>(
        sql`select user_id from favourite_guides group by user_id order by count(*) desc limit 1`,
      )
    ).rows;
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute<{ 'QUERY PLAN': string }>(
        sql`explain select guide_id from favourite_guides where user_id = ${longest?.user_id}
             order by created_at desc nulls last, guide_id limit 20`,
      );
    });
    const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toContain('favourite_guides_user_saved');
    expect(text).not.toMatch(/\bSort\b/);
  });
});

describe('account deletion', () => {
  it("erases the deleted user's list and the deleted guide's place in others' lists", async () => {
    const leaving = await createUser(t.app, { name: 'Lea' });
    const leavingGuide = await createPublicGuide({ name: 'Leon' });
    expect((await call(leaving, 'PUT', `guides/${guide.guideId}`)).statusCode).toBe(200);
    expect((await call(traveller, 'PUT', `guides/${leavingGuide.guideId}`)).statusCode).toBe(200);
    for (const user of [leaving, leavingGuide.user]) {
      const removed = await t.app.inject({
        method: 'DELETE',
        url: '/api/account/my-profile',
        headers: user.headers,
        payload: { password: user.password },
      });
      expect(removed.statusCode, removed.body).toBe(200);
    }
    const { db } = t.database;
    expect(await db.select().from(favouriteGuides).where(eq(favouriteGuides.userId, leaving.userId))).toEqual([]);
    expect(await db.select().from(favouriteGuides).where(eq(favouriteGuides.guideId, leavingGuide.guideId))).toEqual(
      [],
    );
  });
});
