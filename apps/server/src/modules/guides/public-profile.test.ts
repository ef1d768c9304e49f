import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createUser } from '../../../test/factories.js';
import {
  createApprovedGuide,
  createGuideApplicant,
  createStaff,
  createSubmittedGuide,
  FILES,
  imageBytes,
  pdfBytes,
  upload,
  videoBytes,
} from '../../../test/guide-factories.js';
import { eraseGuideData } from './erase-guide-data.js';

const API = '/api/app';
const DETAIL = `${API}/user-detail-public/get-guide-user-detail-with-id`;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('public guide profile', () => {
  it('shows everything a traveller sees, by guide id or user id', async () => {
    const guide = await createApprovedGuide(t.app, t.database.db, {
      languages: ['it', 'en'],
      city: 'rome',
      rate: { minor: 6500, currency: 'EUR' },
      name: 'Giulia',
      surname: 'Rossi',
    });
    await upload(t.app, guide.user, `${FILES}/upload-user-guide-video-file`, {
      data: videoBytes({ durationSeconds: 80 }),
      filename: 'intro.mp4',
    });
    await upload(t.app, guide.user, `${FILES}/upload-user-certificate`, { data: pdfBytes(), filename: 'licence.pdf' });
    const vehicle = await t.app.inject({
      method: 'POST',
      url: `${API}/user-guide-vehicle-public/create-user-vehicle`,
      headers: guide.user.headers,
      payload: { brand: 'Lancia', model: 'Ypsilon', color: 'red', plate: 'AB123CD', seatCount: 4 },
    });
    await upload(
      t.app,
      guide.user,
      `${FILES}/upload-user-vehicle-doc-file?vehicleId=${vehicle.json().id}&kind=vehicle_registration`,
      {
        data: pdfBytes(),
        filename: 'registration.pdf',
      },
    );
    await upload(t.app, guide.user, `${FILES}/upload-user-vehicle-photo-file?vehicleId=${vehicle.json().id}`, {
      data: await imageBytes('png'),
      filename: 'car.png',
    });

    const response = await get(`${DETAIL}/${guide.guideId}?locale=it`);
    expect(response.statusCode).toBe(200);
    const detail = response.json();
    expect(detail).toMatchObject({
      id: guide.guideId,
      userId: guide.user.userId,
      name: 'Giulia',
      surname: 'Rossi',
      city: { code: 'rome', name: 'Roma' },
      country: { code: 'IT' },
      timezone: 'Europe/Rome',
      hourlyRateMinor: 6500,
      currency: 'EUR',
      rating: null,
      reviewCount: 0,
      verified: false,
      certificated: false,
      video: { durationSeconds: 80 },
    });
    expect(
      detail.languages.map((language: { code: string; isPrimary: boolean }) => [language.code, language.isPrimary]),
    ).toEqual([
      ['it', true],
      ['en', false],
    ]);
    expect(detail.serviceKinds[0]).toMatchObject({ key: 'guidance' });
    expect(detail.photos).toHaveLength(1);
    expect(detail.coverPhotoUrl).toBe(detail.photos[0].galleryUrl);
    expect(detail.vehicles).toEqual([
      expect.objectContaining({ brand: 'Lancia', seatCount: 4, currency: 'EUR', photos: [expect.any(Object)] }),
    ]);
    expect((await get(`${DETAIL}/${guide.user.userId}`)).json().id).toBe(guide.guideId);
  });

  it('never shows bank data, documents, phone, e-mail or plates', async () => {
    const guide = await createApprovedGuide(t.app, t.database.db);
    await t.app.inject({
      method: 'PUT',
      url: '/api/account/my-profile',
      headers: guide.user.headers,
      payload: {
        concurrencyStamp: (await get('/api/account/my-profile', guide.user.headers)).json().concurrencyStamp,
        email: 'giulia.private@example.com',
      },
    });
    await t.app.inject({
      method: 'POST',
      url: `${API}/user-guide-vehicle-public/create-user-vehicle`,
      headers: guide.user.headers,
      payload: { brand: 'Fiat', model: 'Panda', color: 'blue', plate: 'ZZ999ZZ', seatCount: 4 },
    });
    await upload(t.app, guide.user, `${FILES}/upload-user-certificate`, { data: pdfBytes(), filename: 'c.pdf' });
    const privateDocs = (await get(`${FILES}/check-user-identity-doc-file`, guide.user.headers)).json().data;

    const publicBodies = [
      (await get(`${DETAIL}/${guide.guideId}`)).body,
      (await get(`${API}/user-guide-pricing-public/get-price/${guide.guideId}`)).body,
      (await get(`${API}/user-mr-language-public/get-mr-language-guides/${guide.guideId}`)).body,
      (await get(`${API}/service-type-public/get-guide-service-type/${guide.guideId}`)).body,
      (await get(`${FILES}/get-guide-public-photo-by-ids/${guide.guideId}`)).body,
      (await get(`${FILES}/get-guide-public-video-by-ids/${guide.guideId}`)).body,
      (await get(`${API}/user-guide-operation-public/user-guide-work-plans-by-id/${guide.guideId}`)).body,
      (await get(`${API}/user-guide-operation-public/user-guide-free-dates-by-id/${guide.guideId}`)).body,
    ];
    for (const body of publicBodies) {
      for (const secret of [
        'TR330006100519786457841326',
        'TCZBTR2A',
        'Ziraat',
        guide.user.phone,
        'giulia.private@example.com',
        'ZZ999ZZ',
        'private/',
        'user-private-file',
        'passport',
        ...privateDocs.map((document: { id: string }) => document.id),
      ]) {
        expect(body, secret).not.toContain(secret);
      }
    }
  });

  it('answers 404 GUIDE_NOT_FOUND for drafts, submitted applications and unknown ids', async () => {
    const draft = await createGuideApplicant(t.app);
    const submitted = await createSubmittedGuide(t.app);
    const plainUser = await createUser(t.app);
    for (const id of [draft.guideId, submitted.guideId, submitted.user.userId, plainUser.userId, crypto.randomUUID()]) {
      const response = await get(`${DETAIL}/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('GUIDE_NOT_FOUND');
    }
    // Even the owner sees their own draft only through the settings calls.
    expect((await get(`${DETAIL}/${draft.guideId}`, draft.user.headers)).statusCode).toBe(404);
    expect((await get(`${DETAIL}/not-a-uuid`)).statusCode).toBe(400);
  });

  it('reflects a changed rate and schedule at once', async () => {
    const guide = await createApprovedGuide(t.app, t.database.db, { rate: { minor: 3000, currency: 'USD' } });
    await t.app.inject({
      method: 'POST',
      url: `${API}/user-guide-pricing-public/create-update`,
      headers: guide.user.headers,
      payload: { hourlyRateMinor: 3500, currency: 'TRY' },
    });
    const detail = (await get(`${DETAIL}/${guide.guideId}`)).json();
    expect([detail.hourlyRateMinor, detail.currency]).toEqual([3500, 'TRY']);
  });
});

describe('eraseGuideData (account deletion)', () => {
  it('removes files, bank details and ID verification, and hides the profile', async () => {
    const guide = await createApprovedGuide(t.app, t.database.db);
    const document = (await get(`${FILES}/check-user-identity-doc-file`, guide.user.headers)).json().data[0];
    const staff = await createStaff(t.app, t.database.db);
    await eraseGuideData(t.app.deps, guide.user.userId);
    expect((await get(`${DETAIL}/${guide.guideId}`)).statusCode).toBe(404);
    expect((await get(document.downloadUrl, staff.headers)).statusCode).toBe(404);
    expect((await get(`${API}/user-guide-pricing-public/get-bank-info`, guide.user.headers)).json()).toBeNull();
    expect((await get(`${FILES}/get-user-public-photo-by-ids`, guide.user.headers)).json().data).toEqual([]);
  });
});
