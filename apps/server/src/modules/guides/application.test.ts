import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createUser } from '../../../test/factories.js';
import {
  createApprovedGuide,
  createGuideApplicant,
  createStaff,
  createSubmittedGuide,
  findPlace,
} from '../../../test/guide-factories.js';
import { createStaff as createStaffMember } from '../../../test/staff-factories.js';

const API = '/api/app';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('become-a-guide stage', () => {
  it('starts at 0 with no application, and only moves forward', async () => {
    const user = await createUser(t.app);
    const start = await get(`${API}/user-guide-stage-public/get-user-guide-stage`, user.headers);
    expect(start.json()).toMatchObject({ guideId: null, status: null, stage: 0 });
    expect(start.json().steps).toHaveLength(8);

    const url = `${API}/user-guide-stage-public/update-user-guide-stage/${user.userId}`;
    const three = await t.app.inject({ method: 'PUT', url, headers: user.headers, payload: { stage: 3 } });
    expect(three.statusCode).toBe(200);
    expect(three.json()).toMatchObject({ stage: 3, status: 'draft' });
    const guideId = three.json().guideId;

    const back = await t.app.inject({
      method: 'PUT',
      url: `${API}/user-guide-stage-public/update-user-guide-stage/${guideId}`,
      headers: user.headers,
      payload: { stage: 2 },
    });
    expect(back.json().stage).toBe(3);
    const resumed = await get(`${API}/user-guide-stage-public/get-user-guide-stage`, user.headers);
    expect(resumed.json()).toMatchObject({ guideId, stage: 3 });
  });

  it("refuses another user's id and out-of-range stages", async () => {
    const [user, other] = await Promise.all([createUser(t.app), createUser(t.app)]);
    const otherStage = await t.app.inject({
      method: 'PUT',
      url: `${API}/user-guide-stage-public/update-user-guide-stage/${other.userId}`,
      headers: other.headers,
      payload: { stage: 1 },
    });
    const otherGuideId = otherStage.json().guideId;
    for (const id of [other.userId, otherGuideId]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `${API}/user-guide-stage-public/update-user-guide-stage/${id}`,
        headers: user.headers,
        payload: { stage: 5 },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('FORBIDDEN');
    }
    const tooFar = await t.app.inject({
      method: 'PUT',
      url: `${API}/user-guide-stage-public/update-user-guide-stage/${user.userId}`,
      headers: user.headers,
      payload: { stage: 9 },
    });
    expect(tooFar.statusCode).toBe(400);
    expect((await get(`${API}/user-guide-stage-public/get-user-guide-stage`, other.headers)).json().stage).toBe(1);
  });

  it('asks visitors to sign in', async () => {
    expect((await get(`${API}/user-guide-stage-public/get-user-guide-stage`)).statusCode).toBe(401);
    expect((await get(`${API}/user-guide-operation-public/is-user-guide`)).statusCode).toBe(401);
  });
});

describe('basic info', () => {
  it('creates the draft, takes the city zone, and checks the city is in the country', async () => {
    const user = await createUser(t.app);
    // Not having applied is the normal state of a member: an empty answer, not a 404.
    const before = await get(`${API}/user-guide-operation-public/get-user-guide`, user.headers);
    expect([before.statusCode, before.json()]).toEqual([200, null]);
    const rome = await findPlace(t.app, 'rome');
    const istanbul = await findPlace(t.app, 'istanbul');
    const url = `${API}/user-guide-operation-public/update-user-guide?locale=de`;
    const mismatch = await t.app.inject({
      method: 'PUT',
      url,
      headers: user.headers,
      payload: { countryId: istanbul.countryId, cityId: rome.cityId },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.details.issues[0].path).toBe('body.cityId');

    const saved = await t.app.inject({
      method: 'PUT',
      url,
      headers: user.headers,
      payload: { countryId: rome.countryId, cityId: rome.cityId, about: 'Ciao', street: 'Via Roma 1' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      status: 'draft',
      about: 'Ciao',
      timezone: 'Europe/Rome',
      city: { id: rome.cityId, code: 'rome', name: 'Rom' },
      country: { code: 'IT', name: 'Italien' },
    });
    expect(saved.json().missing).toContain('languages_certificate');
    expect(saved.json().missing).not.toContain('basic_info');

    const zone = await t.app.inject({
      method: 'PUT',
      url,
      headers: user.headers,
      payload: { timezone: 'Mars/Olympus' },
    });
    expect(zone.statusCode).toBe(400);
  });
});

describe('application status', () => {
  it('refuses to submit an incomplete application, naming the missing steps', async () => {
    const user = await createUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: `${API}/user-guide-operation-public/update-user-guide-status?status=submitted`,
      headers: user.headers,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({ code: 'INVALID_STATE' });
    expect(response.json().error.details.missing).toEqual([
      'basic_info',
      'languages_certificate',
      'schedule',
      'photo',
      'identity_verification',
      'bank_info',
    ]);
  });

  it('submits a complete application at stage 8, once', async () => {
    const { user } = await createGuideApplicant(t.app);
    const url = `${API}/user-guide-operation-public/update-user-guide-status?status=submitted`;
    const submitted = await t.app.inject({ method: 'POST', url, headers: user.headers });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({ status: 'submitted', stage: 8, missing: [] });
    expect(submitted.json().submittedAt).toBeTruthy();
    const again = await t.app.inject({ method: 'POST', url, headers: user.headers });
    expect(again.statusCode).toBe(409);
    const isGuide = await get(`${API}/user-guide-operation-public/is-user-guide`, user.headers);
    expect(isGuide.json()).toMatchObject({ isGuide: false, status: 'submitted' });
  });

  it('only lets an approved guide pause and resume the public profile', async () => {
    const applicant = await createSubmittedGuide(t.app);
    const pause = await t.app.inject({
      method: 'POST',
      url: `${API}/user-guide-operation-public/update-user-guide-status?status=inactive`,
      headers: applicant.user.headers,
    });
    expect(pause.statusCode).toBe(409);

    const guide = await createApprovedGuide(t.app, t.database.db);
    const detailUrl = `${API}/user-detail-public/get-guide-user-detail-with-id/${guide.guideId}`;
    expect((await get(detailUrl)).statusCode).toBe(200);
    const paused = await t.app.inject({
      method: 'POST',
      url: `${API}/user-guide-operation-public/update-user-guide-status?status=inactive`,
      headers: guide.user.headers,
    });
    expect(paused.json()).toMatchObject({ status: 'approved', isActive: false });
    expect((await get(detailUrl)).json().error.code).toBe('GUIDE_NOT_FOUND');
    expect((await get(`${API}/user-guide-operation-public/is-user-guide`, guide.user.headers)).json()).toMatchObject({
      isGuide: true,
      isActive: false,
    });
    await t.app.inject({
      method: 'POST',
      url: `${API}/user-guide-operation-public/update-user-guide-status?status=active`,
      headers: guide.user.headers,
    });
    expect((await get(detailUrl)).statusCode).toBe(200);

    const bad = await t.app.inject({
      method: 'POST',
      url: `${API}/user-guide-operation-public/update-user-guide-status?status=approved`,
      headers: guide.user.headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('staff review', () => {
  it('refuses visitors (401) and users without the staff role (403) on every staff call', async () => {
    const user = await createUser(t.app);
    const { guideId } = await createSubmittedGuide(t.app);
    const calls = [
      { method: 'GET', url: `${API}/admin/guides` },
      { method: 'GET', url: `${API}/admin/guides/${guideId}` },
      { method: 'POST', url: `${API}/admin/guides/${guideId}/approve` },
      { method: 'POST', url: `${API}/admin/guides/${guideId}/reject`, payload: { reason: 'no' } },
      { method: 'POST', url: `${API}/admin/guides/${guideId}/suspend` },
      { method: 'POST', url: `${API}/admin/guides/${guideId}/reinstate` },
      { method: 'PUT', url: `${API}/admin/guides/${guideId}/flags`, payload: { verified: true } },
    ] as const;
    for (const call of calls) {
      const visitor = await t.app.inject({ ...call });
      expect(visitor.statusCode, `${call.method} ${call.url}`).toBe(401);
      const forbidden = await t.app.inject({ ...call, headers: user.headers });
      expect(forbidden.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(forbidden.json().error.code).toBe('FORBIDDEN');
    }
  });

  it('lists the queue, shows private documents, approves, flags, suspends and reinstates', async () => {
    const staff = await createStaff(t.app, t.database.db);
    const { guideId, user } = await createSubmittedGuide(t.app, { name: 'Queued' });
    const queue = await get(`${API}/admin/guides?status=submitted&pageSize=100`, staff.headers);
    expect(queue.statusCode).toBe(200);
    expect(queue.json().data.map((entry: { id: string }) => entry.id)).toContain(guideId);
    expect(queue.json().total).toBeGreaterThanOrEqual(1);

    const detail = await get(`${API}/admin/guides/${guideId}`, staff.headers);
    expect(detail.statusCode).toBe(200);
    const application = detail.json();
    expect(application).toMatchObject({ status: 'submitted', name: 'Queued', phoneNumber: user.phone });
    // Support sees that bank details were given, masked; an admin (who holds finance) whole.
    expect(application.bankInfo.iban).toBe('TR33••••••••••••••••••1326');
    const admin = await createStaffMember(t.app, t.database.db, { roles: ['admin'] });
    const adminView = (await get(`${API}/admin/guides/${guideId}`, admin.headers)).json();
    expect(adminView.bankInfo.iban).toBe('TR330006100519786457841326');
    const [document] = application.idVerification.documents;
    expect(document.downloadUrl).toMatch(/^\/api\/app\/file-management-public\/user-private-file\?id=/);
    const download = await get(document.downloadUrl, staff.headers);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['cache-control']).toContain('no-store');
    expect((await get(document.downloadUrl)).statusCode).toBe(401);

    const approved = await t.app.inject({
      method: 'POST',
      url: `${API}/admin/guides/${guideId}/approve`,
      headers: staff.headers,
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', isActive: true });
    expect(approved.json().reviewedAt).toBeTruthy();
    const again = await t.app.inject({
      method: 'POST',
      url: `${API}/admin/guides/${guideId}/approve`,
      headers: staff.headers,
    });
    expect(again.statusCode).toBe(409);
    expect((await get(`${API}/user-guide-operation-public/is-user-guide`, user.headers)).json().isGuide).toBe(true);

    const flags = await t.app.inject({
      method: 'PUT',
      url: `${API}/admin/guides/${user.userId}/flags`,
      headers: staff.headers,
      payload: { verified: true, certificated: true },
    });
    expect(flags.json()).toMatchObject({ verified: true, certificated: true });
    const detailUrl = `${API}/user-detail-public/get-guide-user-detail-with-id/${guideId}`;
    expect((await get(detailUrl)).json()).toMatchObject({ verified: true, certificated: true });

    const suspended = await t.app.inject({
      method: 'POST',
      url: `${API}/admin/guides/${guideId}/suspend`,
      headers: staff.headers,
      payload: { reason: 'Complaints' },
    });
    expect(suspended.json()).toMatchObject({ status: 'suspended', suspensionReason: 'Complaints' });
    expect((await get(detailUrl)).statusCode).toBe(404);
    expect((await get(`${API}/user-guide-operation-public/is-user-guide`, user.headers)).json().isGuide).toBe(false);
    const resubmit = await t.app.inject({
      method: 'POST',
      url: `${API}/user-guide-operation-public/update-user-guide-status?status=submitted`,
      headers: user.headers,
    });
    expect(resubmit.statusCode).toBe(409);

    const reinstated = await t.app.inject({
      method: 'POST',
      url: `${API}/admin/guides/${guideId}/reinstate`,
      headers: staff.headers,
    });
    expect(reinstated.json()).toMatchObject({ status: 'approved', suspensionReason: null });
    expect((await get(detailUrl)).statusCode).toBe(200);
  });

  it('rejects with a reason; the guide sees it and may submit again', async () => {
    const staff = await createStaff(t.app, t.database.db);
    const { guideId, user } = await createSubmittedGuide(t.app);
    const noReason = await t.app.inject({
      method: 'POST',
      url: `${API}/admin/guides/${guideId}/reject`,
      headers: staff.headers,
      payload: { reason: '  ' },
    });
    expect(noReason.statusCode).toBe(400);
    const rejected = await t.app.inject({
      method: 'POST',
      url: `${API}/admin/guides/${guideId}/reject`,
      headers: staff.headers,
      payload: { reason: 'The passport scan is unreadable' },
    });
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejectionReason: 'The passport scan is unreadable' });
    const rejectedList = await get(`${API}/admin/guides?status=rejected`, staff.headers);
    expect(rejectedList.json().data.map((entry: { id: string }) => entry.id)).toContain(guideId);

    const mine = await get(`${API}/user-guide-operation-public/get-user-guide`, user.headers);
    expect(mine.json()).toMatchObject({ status: 'rejected', rejectionReason: 'The passport scan is unreadable' });
    const resubmitted = await t.app.inject({
      method: 'POST',
      url: `${API}/user-guide-operation-public/update-user-guide-status?status=submitted`,
      headers: user.headers,
    });
    expect(resubmitted.json()).toMatchObject({ status: 'submitted', rejectionReason: null });
    const suspend = await t.app.inject({
      method: 'POST',
      url: `${API}/admin/guides/${guideId}/suspend`,
      headers: staff.headers,
    });
    expect(suspend.statusCode).toBe(409);
  });

  it('pages the list and answers 404 for an unknown application', async () => {
    const staff = await createStaff(t.app, t.database.db);
    await Promise.all([createSubmittedGuide(t.app), createSubmittedGuide(t.app)]);
    const first = await get(`${API}/admin/guides?status=submitted&page=1&pageSize=1`, staff.headers);
    expect(first.json().data).toHaveLength(1);
    expect(first.json().total).toBeGreaterThanOrEqual(2);
    const second = await get(`${API}/admin/guides?status=submitted&page=2&pageSize=1`, staff.headers);
    expect(second.json().data[0].id).not.toBe(first.json().data[0].id);
    const missing = await get(`${API}/admin/guides/${crypto.randomUUID()}`, staff.headers);
    expect(missing.json().error.code).toBe('GUIDE_NOT_FOUND');
  });
});
