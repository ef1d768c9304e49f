import type { MyReview, ReviewList, TestimonialList } from '@marco/contract/reviews';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createUser, type TestUser } from '../../../test/factories.js';
import {
  createApprovedGuide,
  createStaff,
  imageBytes,
  pdfBytes,
  type TestGuide,
  upload,
} from '../../../test/guide-factories.js';
import { insertReservation } from '../../../test/review-factories.js';
import { guides, reviewPhotos } from '../../db/schema/index.js';
import { reviewerDisplayName } from './service.js';

const API = '/api/app/review-public';

let t: TestApp;
let guide: TestGuide;
let otherGuide: TestGuide;
let tourist: TestUser;
let otherTourist: TestUser;

const post = (user: Pick<TestUser, 'headers'> | null, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `${API}/${url}`, headers: user?.headers ?? {}, payload });
const get = (user: Pick<TestUser, 'headers'> | null, url: string) =>
  t.app.inject({ method: 'GET', url: `${API}/${url}`, headers: user?.headers ?? {} });

const completed = (user: TestUser, of: TestGuide = guide, status?: 'completed' | 'paid' | 'approved') =>
  insertReservation(t.database.db, {
    guideId: of.guideId,
    touristId: user.userId,
    ...(status ? { status } : {}),
  });

async function review(user: TestUser, body: object): Promise<MyReview> {
  const response = await post(user, 'create', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function photoOf(user: TestUser): Promise<string> {
  const response = await upload(t.app, user, `${API}/upload-photo`, {
    data: await imageBytes('jpeg'),
    filename: 'a.jpg',
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id;
}

const guideRow = async (id: string) => {
  const [row] = await t.database.db
    .select({ rating: guides.rating, reviewCount: guides.reviewCount })
    .from(guides)
    .where(eq(guides.id, id));
  return row;
};

const fieldsOf = (response: { json(): { error: { details: { issues: Array<{ path: string }> } } } }) =>
  response.json().error.details.issues.map((issue) => issue.path);

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const staff = await createStaff(t.app, db);
  guide = await createApprovedGuide(t.app, db, { staff, name: 'Gül', surname: 'Kaya' });
  otherGuide = await createApprovedGuide(t.app, db, { staff, name: 'Marco', surname: 'Rossi', city: 'rome' });
  tourist = await createUser(t.app, { name: 'Tara', surname: 'Özdemir' });
  otherTourist = await createUser(t.app, { name: 'Omar', surname: 'Haddad' });
});

afterAll(async () => {
  await t?.close();
});

describe('create', () => {
  it('stores the review with own photos, marks the reservation reviewed and updates the guide', async () => {
    const reservationId = await completed(tourist);
    const photos = [await photoOf(tourist), await photoOf(tourist)];
    const created = await review(tourist, {
      reservationId,
      rating: 5,
      comment: '  Wonderful day in Balat — <b>thank you</b>!  ',
      photoIds: photos,
    });
    expect(created).toMatchObject({
      reservationId,
      guideId: guide.guideId,
      rating: 5,
      comment: 'Wonderful day in Balat — <b>thank you</b>!',
      reviewerName: 'Tara Ö.',
      reply: null,
    });
    expect(created.photos.map((photo) => photo.id)).toEqual(photos);

    const reservation = await t.app.inject({
      method: 'GET',
      url: `/api/app/reservation-operations-public/tourist/${reservationId}`,
      headers: tourist.headers,
    });
    expect(reservation.statusCode, reservation.body).toBe(200);
    expect(reservation.json().review).toEqual({ id: created.id, rating: 5 });
    expect(await guideRow(guide.guideId)).toEqual({ rating: 5, reviewCount: 1 });

    // Attached photos are public now.
    const photo = await t.app.inject({ method: 'GET', url: created.photos[0]?.thumbUrl ?? '' });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    expect(photo.body).not.toContain('secret-exif-marker');
  });

  it('answers 409 INVALID_STATE before the reservation is completed', async () => {
    for (const status of ['paid', 'approved'] as const) {
      const reservationId = await completed(tourist, guide, status);
      const response = await post(tourist, 'create', { reservationId, rating: 4 });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe('INVALID_STATE');
    }
  });

  it("answers 404 for another tourist's reservation and 401 for a visitor", async () => {
    const reservationId = await completed(tourist);
    const response = await post(otherTourist, 'create', { reservationId, rating: 4 });
    expect(response.statusCode).toBe(404);
    const asGuide = await post(guide.user, 'create', { reservationId, rating: 4 });
    expect(asGuide.statusCode).toBe(404);
    expect((await post(null, 'create', { reservationId, rating: 4 })).statusCode).toBe(401);
  });

  it('answers 409 CONFLICT for a second review of one reservation, even sent at once', async () => {
    const reservationId = await completed(otherTourist, otherGuide);
    const responses = await Promise.all(
      [5, 4, 3].map((rating) => post(otherTourist, 'create', { reservationId, rating, comment: 'Again' })),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
    const again = await post(otherTourist, 'create', { reservationId, rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('CONFLICT');
    expect((await guideRow(otherGuide.guideId))?.reviewCount).toBe(1);
  });

  it('answers 400 on rating for 0, 6, 4.5 and a string, and on comment over 2000 characters', async () => {
    const reservationId = await completed(tourist);
    for (const rating of [0, 6, 4.5, '5', null]) {
      const response = await post(tourist, 'create', { reservationId, rating });
      expect(response.statusCode, String(rating)).toBe(400);
      expect(fieldsOf(response)).toContain('body.rating');
    }
    const long = await post(tourist, 'create', { reservationId, rating: 5, comment: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(fieldsOf(long)).toContain('body.comment');
    const badId = await post(tourist, 'create', { reservationId: 'not-a-uuid', rating: 5 });
    expect(fieldsOf(badId)).toContain('body.reservationId');
  });

  it('answers 400 on photoIds for six photos, a repeated id, a photo of someone else or one already used', async () => {
    const reservationId = await completed(tourist);
    const own = await Promise.all(Array.from({ length: 6 }, () => photoOf(tourist)));
    const six = await post(tourist, 'create', { reservationId, rating: 5, photoIds: own });
    expect(six.statusCode).toBe(400);
    expect(fieldsOf(six)).toContain('body.photoIds');
    const repeated = await post(tourist, 'create', { reservationId, rating: 5, photoIds: [own[0], own[0]] });
    expect(repeated.statusCode).toBe(400);

    const foreign = await photoOf(otherTourist);
    const theirs = await post(tourist, 'create', { reservationId, rating: 5, photoIds: [own[0], foreign] });
    expect(theirs.statusCode).toBe(400);
    expect(fieldsOf(theirs)).toContain('body.photoIds');
    // Nothing was written by the refused call.
    const [row] = await t.database.db
      .select()
      .from(reviewPhotos)
      .where(eq(reviewPhotos.id, own[0] as string));
    expect(row?.reviewId).toBeNull();

    await review(tourist, { reservationId, rating: 4, photoIds: own.slice(0, 5) });
    const used = await post(tourist, 'create', {
      reservationId: await completed(tourist),
      rating: 4,
      photoIds: [own[0]],
    });
    expect(used.statusCode).toBe(400);
    expect(fieldsOf(used)).toContain('body.photoIds');
  });

  it('keeps five photos per review in the database too', async () => {
    const reservationId = await completed(tourist);
    const created = await review(tourist, { reservationId, rating: 3, photoIds: [await photoOf(tourist)] });
    const extra = await photoOf(tourist);
    await expect(
      t.database.db.update(reviewPhotos).set({ reviewId: created.id, position: 5 }).where(eq(reviewPhotos.id, extra)),
    ).rejects.toThrow();
    await expect(
      t.database.db.update(reviewPhotos).set({ reviewId: created.id, position: 0 }).where(eq(reviewPhotos.id, extra)),
    ).rejects.toThrow();
  });
});

describe('photos', () => {
  it('accepts images only, and shows an unattached photo to its uploader alone', async () => {
    const pdf = await upload(t.app, tourist, `${API}/upload-photo`, { data: pdfBytes(), filename: 'a.pdf' });
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().error.code).toBe('INVALID_IMAGE_FORMAT');
    const visitor = await upload(t.app, { headers: {} }, `${API}/upload-photo`, {
      data: await imageBytes('png'),
      filename: 'a.png',
    });
    expect(visitor.statusCode).toBe(401);
    // An upload route takes multipart only.
    const noFile = await post(tourist, 'upload-photo', { file: 'not a file' });
    expect(noFile.statusCode).toBe(415);
    expect(noFile.json().error.code).toBe('VALIDATION_FAILED');

    const id = await photoOf(tourist);
    expect((await get(tourist, `photo?id=${id}&size=full`)).statusCode).toBe(200);
    expect((await get(otherTourist, `photo?id=${id}`)).statusCode).toBe(404);
    expect((await get(null, `photo?id=${id}`)).statusCode).toBe(404);
    expect((await get(null, `photo?id=${id}&size=huge`)).statusCode).toBe(400);
  });
});

describe('guide rating', () => {
  it('is the exact average to one decimal, with the count, on the public profile and search', async () => {
    const fresh = await createApprovedGuide(t.app, t.database.db, { name: 'Selin', surname: 'Aydın', city: 'vienna' });
    const travellers = await Promise.all(['Lena', 'Hugo', 'Sara', 'Ivan'].map((name) => createUser(t.app, { name })));
    // Sent at once: each recount sees the others (the guide row is locked in turn).
    const reservationIds = await Promise.all(travellers.map((user) => completed(user, fresh)));
    await Promise.all(
      [5, 4, 4, 2].map((rating, index) =>
        review(travellers[index] as TestUser, { reservationId: reservationIds[index], rating }),
      ),
    );
    // (5 + 4 + 4 + 2) / 4 = 3.75 → 3.8
    expect(await guideRow(fresh.guideId)).toEqual({ rating: 3.8, reviewCount: 4 });
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/app/user-detail-public/get-guide-user-detail-with-id/${fresh.guideId}`,
    });
    expect(detail.json()).toMatchObject({ rating: 3.8, reviewCount: 4 });
    // The rating reaches search's kept answers by a notification on PostgreSQL.
    await t.app.deps.searchGeneration.sync();
    const search = await t.app.inject({
      method: 'POST',
      url: '/api/app/search-public/search-guides-public',
      payload: { sort: 'rating', pageSize: 50 },
    });
    const card = search.json().data.find((entry: { id: string }) => entry.id === fresh.guideId);
    expect(card).toMatchObject({ rating: 3.8, reviewCount: 4 });
    const extra = await createUser(t.app);
    await review(extra, { reservationId: await completed(extra, fresh), rating: 1 });
    // (15 + 1) / 5 = 3.2
    expect(await guideRow(fresh.guideId)).toEqual({ rating: 3.2, reviewCount: 5 });
  });
});

describe('reply', () => {
  it('lets the reviewed guide reply once; anyone else gets 404', async () => {
    const created = await review(tourist, {
      reservationId: await completed(tourist, otherGuide),
      rating: 4,
      comment: 'Great pasta tips',
    });
    for (const someone of [tourist, otherTourist, guide.user]) {
      const response = await post(someone, `${created.id}/reply`, { comment: 'Thanks!' });
      expect(response.statusCode).toBe(404);
    }
    const empty = await post(otherGuide.user, `${created.id}/reply`, { comment: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(fieldsOf(empty)).toContain('body.comment');
    const replied = await post(otherGuide.user, `${created.id}/reply`, { comment: 'Grazie mille, Tara!' });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json().reply).toMatchObject({ comment: 'Grazie mille, Tara!' });
    const twice = await post(otherGuide.user, `${created.id}/reply`, { comment: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('CONFLICT');
    const unknown = await post(otherGuide.user, `${crypto.randomUUID()}/reply`, { comment: 'Hi' });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('public list', () => {
  it('pages newest first and shows nothing private', async () => {
    const listed = await createApprovedGuide(t.app, t.database.db, { name: 'Elif', surname: 'Demir' });
    const writer = await createUser(t.app, { name: 'Jonas', surname: 'weber' });
    const ids: string[] = [];
    for (const rating of [3, 4, 5]) {
      ids.push(
        (await review(writer, { reservationId: await completed(writer, listed), rating, comment: `r${rating}` })).id,
      );
    }
    const first = await get(null, `guide/${listed.guideId}?page=1&pageSize=2`);
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json() as ReviewList;
    expect(page1).toMatchObject({ page: 1, pageSize: 2, total: 3 });
    expect(page1.data.map((entry) => entry.id)).toEqual([ids[2], ids[1]]);
    const page2 = (await get(null, `guide/${listed.guideId}?page=2&pageSize=2`)).json() as ReviewList;
    expect(page2.data.map((entry) => entry.id)).toEqual([ids[0]]);

    const item = page1.data[0];
    expect(Object.keys(item ?? {}).sort()).toEqual(
      ['comment', 'createdAt', 'guideId', 'id', 'language', 'photos', 'rating', 'reply', 'reviewerName'].sort(),
    );
    expect(item?.reviewerName).toBe('Jonas W.');
    expect(first.body).not.toContain(writer.userId);
    expect(first.body).not.toContain(writer.phone);
    expect(first.body).not.toContain('reservationId');
    expect(first.body).not.toContain('weber');

    // By the guide's user id too (the public profile URL may carry either).
    expect((await get(null, `guide/${listed.user.userId}`)).json().total).toBe(3);
  });

  it('answers 400 for bad paging and 404 for an unknown or unapproved guide', async () => {
    expect((await get(null, `guide/${guide.guideId}?pageSize=51`)).statusCode).toBe(400);
    expect((await get(null, `guide/${guide.guideId}?page=0`)).statusCode).toBe(400);
    expect((await get(null, 'guide/nope')).statusCode).toBe(400);
    const unknown = await get(null, `guide/${crypto.randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('GUIDE_NOT_FOUND');
    const applicant = await createUser(t.app);
    const draft = await t.app.inject({
      method: 'PUT',
      url: '/api/app/user-guide-operation-public/update-user-guide',
      headers: applicant.headers,
      payload: { about: 'Soon a guide' },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    expect((await get(null, `guide/${draft.json().guideId}`)).statusCode).toBe(404);
  });
});

describe('my reviews', () => {
  it('lists what the tourist wrote and what the guide received', async () => {
    const writer = await createUser(t.app, { name: 'Mia' });
    const created = await review(writer, { reservationId: await completed(writer, otherGuide), rating: 5 });
    const mine = await get(writer, 'my');
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ total: 1, data: [{ id: created.id, reservationId: created.reservationId }] });
    const received = (await get(otherGuide.user, 'my?role=guide')).json();
    expect(received.data.map((entry: MyReview) => entry.id)).toContain(created.id);
    expect((await get(writer, 'my?role=guide')).json()).toMatchObject({ total: 0, data: [] });
    expect((await get(writer, 'my?role=staff')).statusCode).toBe(400);
    expect((await get(null, 'my')).statusCode).toBe(401);
  });
});

describe('testimonials', () => {
  it('shows recent 4–5 star reviews with a comment, one per public guide', async () => {
    const response = await get(null, 'testimonials?limit=12&locale=en');
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json() as TestimonialList;
    expect(data.length).toBeGreaterThan(0);
    for (const item of data) {
      expect(item.rating).toBeGreaterThanOrEqual(4);
      expect(item.comment).not.toBe('');
    }
    expect(new Set(data.map((item) => item.guide.id)).size).toBe(data.length);
    const times = data.map((item) => item.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const rossi = data.find((item) => item.guide.id === otherGuide.guideId);
    expect(rossi?.guide).toMatchObject({ name: 'Marco', surname: 'Rossi', city: { code: 'rome', name: 'Rome' } });
    expect(response.body).not.toContain('reservationId');

    // A suspended guide's reviews are no testimonials.
    await t.database.db.update(guides).set({ isActive: false }).where(eq(guides.id, otherGuide.guideId));
    const after = (await get(null, 'testimonials?limit=12')).json() as TestimonialList;
    expect(after.data.some((item) => item.guide.id === otherGuide.guideId)).toBe(false);
    await t.database.db.update(guides).set({ isActive: true }).where(eq(guides.id, otherGuide.guideId));

    expect((await get(null, 'testimonials?limit=13')).statusCode).toBe(400);
    expect((await get(null, 'testimonials?limit=1')).json().data).toHaveLength(1);
  });
});

describe('reviewer display name', () => {
  it('is the first name and the initial of the last name', () => {
    expect(reviewerDisplayName('Ayşe', 'kaya')).toBe('Ayşe K.');
    expect(reviewerDisplayName('Élodie', 'Ümit')).toBe('Élodie Ü.');
    expect(reviewerDisplayName('Yuki', null)).toBe('Yuki');
    expect(reviewerDisplayName(null, null)).toBe('');
  });
});
