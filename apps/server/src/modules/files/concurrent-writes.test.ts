import { GUIDE_PHOTO_MAX_COUNT, VEHICLE_PHOTO_MAX_COUNT } from '@marco/contract/guides';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createUser, type TestUser } from '../../../test/factories.js';
import { FILES, imageBytes, pdfBytes, upload, videoBytes } from '../../../test/guide-factories.js';
import { guideFiles, guides } from '../../db/schema/index.js';

/*
 * Several writes of one guide at once (two photos chosen together on become-a-guide, a double
 * click): each answers 2xx or a clean 4xx, and the one-cover, one-video and at-most-N rules
 * hold afterwards. On PostgreSQL (TEST_DATABASE_URL) the requests really run side by side.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const expectCleanAnswers = (responses: Array<{ statusCode: number; body: string }>) => {
  for (const response of responses) {
    expect(response.statusCode < 300 || (response.statusCode >= 400 && response.statusCode < 500), response.body).toBe(
      true,
    );
  }
};

const uploadPhoto = async (user: TestUser) =>
  upload(t.app, user, `${FILES}/upload-user-guide-photo-file`, {
    data: await imageBytes('jpeg'),
    filename: 'photo.jpg',
    contentType: 'image/jpeg',
  });

async function listPhotos(user: TestUser): Promise<Array<{ id: string; isCover: boolean; position: number }>> {
  const response = await t.app.inject({
    method: 'GET',
    url: `${FILES}/get-user-public-photo-by-ids`,
    headers: user.headers,
  });
  return response.json().data;
}

async function guideIdOf(user: TestUser): Promise<string> {
  const [guide] = await t.database.db.select({ id: guides.id }).from(guides).where(eq(guides.userId, user.userId));
  if (!guide) throw new Error('no guide');
  return guide.id;
}

const countFiles = async (guideId: string, kind: string) =>
  t.database.db.$count(guideFiles, and(eq(guideFiles.guideId, guideId), eq(guideFiles.kind, kind)));

describe('concurrent writes of one guide', () => {
  it('keeps exactly one cover when two photos are uploaded at once', async () => {
    const user = await createUser(t.app);
    const responses = await Promise.all(Array.from({ length: 6 }, () => uploadPhoto(user)));
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    expect(responses.filter((response) => response.json().isCover)).toHaveLength(1);
    const photos = await listPhotos(user);
    expect(photos).toHaveLength(6);
    expect(photos.filter((photo) => photo.isCover)).toHaveLength(1);
    expect(photos.map((photo) => photo.position)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('keeps exactly one cover while covers are chosen and photos deleted at once', async () => {
    const user = await createUser(t.app);
    for (let index = 0; index < 5; index++) expect((await uploadPhoto(user)).statusCode).toBe(200);
    const [first, second, third, fourth] = await listPhotos(user);
    if (!first || !second || !third || !fourth) throw new Error('photos missing');
    const setCover = (id: string) =>
      t.app.inject({ method: 'PUT', url: `${FILES}/set-user-guide-cover-photo?id=${id}`, headers: user.headers });
    const remove = (id: string) =>
      t.app.inject({ method: 'DELETE', url: `${FILES}/delete-user-guide-photo-file?id=${id}`, headers: user.headers });
    const responses = await Promise.all([
      setCover(second.id),
      setCover(third.id),
      remove(first.id),
      remove(third.id),
      setCover(fourth.id),
      remove(first.id),
      uploadPhoto(user),
    ]);
    expectCleanAnswers(responses);
    const photos = await listPhotos(user);
    expect(photos).toHaveLength(4);
    expect(photos.filter((photo) => photo.isCover)).toHaveLength(1);
  });

  it('keeps exactly one cover when the only photos are deleted while another is uploaded', async () => {
    const user = await createUser(t.app);
    expect((await uploadPhoto(user)).statusCode).toBe(200);
    const [only] = await listPhotos(user);
    if (!only) throw new Error('photo missing');
    const responses = await Promise.all([
      t.app.inject({
        method: 'DELETE',
        url: `${FILES}/delete-user-guide-photo-file?id=${only.id}`,
        headers: user.headers,
      }),
      uploadPhoto(user),
      uploadPhoto(user),
    ]);
    expectCleanAnswers(responses);
    const photos = await listPhotos(user);
    expect(photos).toHaveLength(2);
    expect(photos.filter((photo) => photo.isCover)).toHaveLength(1);
  });

  it('never stores more photos than the limit when uploads race for the last places', async () => {
    const user = await createUser(t.app);
    for (let index = 0; index < GUIDE_PHOTO_MAX_COUNT - 2; index++) {
      expect((await uploadPhoto(user)).statusCode).toBe(200);
    }
    const responses = await Promise.all(Array.from({ length: 5 }, () => uploadPhoto(user)));
    expectCleanAnswers(responses);
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(2);
    for (const refused of responses.filter((response) => response.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('INVALID_STATE');
    }
    expect(await countFiles(await guideIdOf(user), 'photo')).toBe(GUIDE_PHOTO_MAX_COUNT);
    expect((await listPhotos(user)).filter((photo) => photo.isCover)).toHaveLength(1);
  });

  it('keeps one intro video when several are uploaded at once', async () => {
    const user = await createUser(t.app);
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        upload(t.app, user, `${FILES}/upload-user-guide-video-file`, {
          data: videoBytes({ durationSeconds: 60 + index }),
          filename: 'intro.mp4',
          contentType: 'video/mp4',
        }),
      ),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const ids = responses.map((response) => response.json().id);
    expect(await countFiles(await guideIdOf(user), 'video')).toBe(1);
    // The one kept is one of those answered, and every replaced file is gone from storage.
    const [kept] = await t.database.db
      .select({ id: guideFiles.id })
      .from(guideFiles)
      .where(and(eq(guideFiles.guideId, await guideIdOf(user)), eq(guideFiles.kind, 'video')));
    expect(ids).toContain(kept?.id);
    for (const id of ids.filter((id) => id !== kept?.id)) {
      const gone = await t.app.inject({
        method: 'GET',
        url: `${FILES}/user-guide-video-file?id=${id}`,
        headers: user.headers,
      });
      expect(gone.statusCode).toBe(404);
    }
  });

  it('never stores more identity documents than the limit when uploads race', async () => {
    const user = await createUser(t.app);
    const responses = await Promise.all(
      Array.from({ length: 14 }, () =>
        upload(t.app, user, `${FILES}/upload-user-identity-doc-file`, {
          data: pdfBytes(),
          filename: 'passport.pdf',
          contentType: 'application/pdf',
        }),
      ),
    );
    expectCleanAnswers(responses);
    expect(await countFiles(await guideIdOf(user), 'identity')).toBe(10);
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(10);
  });

  it('never stores more vehicle photos than the limit, nor a photo of a vehicle deleted meanwhile', async () => {
    const user = await createUser(t.app);
    const vehicle = await t.app.inject({
      method: 'POST',
      url: '/api/app/user-guide-vehicle-public/create-user-vehicle',
      headers: user.headers,
      payload: { brand: 'Fiat', model: 'Doblo', color: 'white', plate: '34 abc 123', seatCount: 5 },
    });
    expect(vehicle.statusCode, vehicle.body).toBe(200);
    const vehicleId = vehicle.json().id;
    const uploadVehiclePhoto = async () =>
      upload(t.app, user, `${FILES}/upload-user-vehicle-photo-file?vehicleId=${vehicleId}`, {
        data: await imageBytes('jpeg'),
        filename: 'car.jpg',
        contentType: 'image/jpeg',
      });
    const racing = await Promise.all(Array.from({ length: VEHICLE_PHOTO_MAX_COUNT + 3 }, uploadVehiclePhoto));
    expectCleanAnswers(racing);
    expect(racing.filter((response) => response.statusCode === 200)).toHaveLength(VEHICLE_PHOTO_MAX_COUNT);
    expect(await countFiles(await guideIdOf(user), 'vehicle_photo')).toBe(VEHICLE_PHOTO_MAX_COUNT);

    const other = await t.app.inject({
      method: 'POST',
      url: '/api/app/user-guide-vehicle-public/create-user-vehicle',
      headers: user.headers,
      payload: { brand: 'Ford', model: 'Transit', color: 'grey', plate: '34 xyz 789', seatCount: 9 },
    });
    const otherId = other.json().id;
    const deletedMeanwhile = await Promise.all([
      upload(t.app, user, `${FILES}/upload-user-vehicle-photo-file?vehicleId=${otherId}`, {
        data: await imageBytes('jpeg'),
        filename: 'car.jpg',
        contentType: 'image/jpeg',
      }),
      t.app.inject({
        method: 'DELETE',
        url: `/api/app/user-guide-vehicle-public/delete-user-vehicle/${otherId}`,
        headers: user.headers,
      }),
    ]);
    expectCleanAnswers(deletedMeanwhile);
  });
});
