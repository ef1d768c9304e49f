import type { Reservation } from '@marco/contract/reservations';
import type { ReviewList } from '@marco/contract/reviews';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ownSite } from '../../test/factories.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './demo.js';

let t: TestApp;
const now = new Date('2026-06-15T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database.db, t.app.deps.storage, { guides: 36, seed: 11, now });
}, 120_000);
afterAll(async () => t?.close());

describe('demo reviews', () => {
  it("backs every guide's rating and review count with review rows of completed reservations", async () => {
    const { rows } = await t.database.db.execute<{
      id: string;
      rating: string | null;
      review_count: number;
      counted: number;
      average: string | null;
    }>(sql`
      select g.id, g.rating::text, g.review_count, count(r.id)::int as counted,
             round(avg(r.rating)::numeric, 1)::text as average
        from guides g left join reviews r on r.guide_id = g.id
       group by g.id`);
    expect(rows).toHaveLength(36);
    for (const row of rows) {
      expect(row.review_count).toBe(row.counted);
      expect(row.rating).toBe(row.average);
    }
    const reviewed = rows.filter((row) => row.counted > 0);
    expect(reviewed.length).toBeGreaterThan(20);
    expect(new Set(rows.map((row) => row.rating)).size).toBeGreaterThan(4);

    const { rows: states } = await t.database.db.execute<{ bad: number; languages: number; replies: number }>(sql`
      select count(*) filter (where s.status <> 'completed' or s.ends_at > ${now.toISOString()}::timestamptz
                                or rv.created_at < s.ends_at or rv.created_at > ${now.toISOString()}::timestamptz)::int as bad,
             count(distinct left(rv.comment, 12))::int as languages,
             count(rv.reply)::int as replies
        from reviews rv join reservations s on s.id = rv.reservation_id`);
    expect(states[0]?.bad).toBe(0);
    expect(states[0]?.languages).toBeGreaterThan(30);
    expect(states[0]?.replies).toBeGreaterThan(0);
  });

  it('shows the reviews on the public list and as testimonials', async () => {
    const { rows } = await t.database.db.execute<{ guide_id: string; total: number }>(
      sql`select guide_id, count(*)::int as total from reviews group by guide_id order by total desc limit 1`,
    );
    const busiest = rows[0];
    const list = (
      await t.app.inject({ method: 'GET', url: `/api/app/review-public/guide/${busiest?.guide_id}?pageSize=50` })
    ).json() as ReviewList;
    expect(list.total).toBe(busiest?.total);
    expect(list.data.every((review) => /^\S.* \S\.$/u.test(review.reviewerName))).toBe(true);
    const testimonials = await t.app.inject({ method: 'GET', url: '/api/app/review-public/testimonials' });
    expect(testimonials.json().data).toHaveLength(6);
  });

  it('gives guides with enough recent requests a response rate and time, first under "responds fastest"', async () => {
    const search = await t.app.inject({
      method: 'POST',
      url: '/api/app/search-public/search-guides-public',
      payload: { sort: 'responds_fastest', pageSize: 36 },
    });
    expect(search.statusCode, search.body).toBe(200);
    const cards = search.json().data as Array<{ response: { medianMinutes: number } | null }>;
    const answered = cards.filter((card) => card.response);
    // At least a quarter of the guides: enough that a visitor sorting by it sees figures.
    expect(answered.length).toBeGreaterThanOrEqual(cards.length / 4);
    expect(cards.slice(0, answered.length)).toEqual(answered);
  });

  it('gives the demo traveller a completed tour to rate and reviewed ones', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-forwarded-for': '10.7.7.7', ...ownSite(t.app) },
      payload: { phoneNumber: DEMO_ACCOUNTS.traveller.phone, password: DEMO_PASSWORD },
    });
    const cookie = String(login.headers['set-cookie']).split(';')[0] ?? '';
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/app/reservation-operations-public/tourist/list?group=history',
      headers: { cookie },
    });
    expect(history.statusCode, history.body).toBe(200);
    const data = history.json().data as Reservation[];
    expect(data).toHaveLength(3);
    expect(data.every((reservation) => reservation.status === 'completed')).toBe(true);
    expect(data.filter((reservation) => reservation.review).length).toBe(2);
    // The demo guide's tours were paid: their receipts are there to download.
    const receipts = await Promise.all(
      data.map(async (reservation) =>
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/app/receipt-public/reservations/${reservation.id}`,
            headers: { cookie },
          })
        ).json(),
      ),
    );
    expect(receipts.filter((list) => list.data?.length === 1).length).toBeGreaterThanOrEqual(2);
    const toRate = data.find((reservation) => !reservation.review);
    const rated = await t.app.inject({
      method: 'POST',
      url: '/api/app/review-public/create',
      headers: { cookie, ...ownSite(t.app) },
      payload: { reservationId: toRate?.id, rating: 5, comment: 'Lovely afternoon.' },
    });
    expect(rated.statusCode, rated.body).toBe(200);
  });

  it('adds nothing twice to the demo traveller on a second seed', async () => {
    await seedDemo(t.database.db, t.app.deps.storage, { guides: 2, seed: 12, now });
    const { rows } = await t.database.db.execute<{ total: number }>(sql`
      select count(*)::int as total from reservations s join users u on u.id = s.tourist_id
       where u.phone_number = ${DEMO_ACCOUNTS.traveller.phone}`);
    expect(rows[0]?.total).toBe(3);
  });
});
