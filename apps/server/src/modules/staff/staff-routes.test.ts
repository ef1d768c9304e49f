import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createUser, type TestUser } from '../../../test/factories.js';
import { createApprovedGuide, createSubmittedGuide } from '../../../test/guide-factories.js';
import { createStaff, STAFF_API, type TestStaff } from '../../../test/staff-factories.js';

let t: TestApp;
let traveller: TestUser;
let guide: TestUser;
let support: TestStaff;
let finance: TestStaff;
let admin: TestStaff;
let notEnrolled: TestStaff;
let guideId: string;
beforeAll(async () => {
  t = await createTestApp();
  [traveller, support, finance, admin, notEnrolled] = await Promise.all([
    createUser(t.app),
    createStaff(t.app, t.database.db, { roles: ['support'] }),
    createStaff(t.app, t.database.db, { roles: ['finance'] }),
    createStaff(t.app, t.database.db, { roles: ['admin'] }),
    createStaff(t.app, t.database.db, { roles: ['admin'], enrol: false }),
  ]);
  const approved = await createApprovedGuide(t.app, t.database.db, { staff: support });
  guide = approved.user;
  guideId = approved.guideId;
}, 120_000);
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
interface StaffRoute {
  name: string;
  method: Method;
  url: () => string;
  payload?: object;
  /** A staff member whose role this route refuses. */
  wrongRole: () => TestStaff;
}

const A = '/api/app/admin/guides';
const STAFF_ROUTES: StaffRoute[] = [
  { name: 'GET /admin/guides', method: 'GET', url: () => A, wrongRole: () => finance },
  { name: 'GET /admin/guides/{id}', method: 'GET', url: () => `${A}/${guideId}`, wrongRole: () => finance },
  {
    name: 'POST /admin/guides/{id}/approve',
    method: 'POST',
    url: () => `${A}/${guideId}/approve`,
    wrongRole: () => finance,
  },
  {
    name: 'POST /admin/guides/{id}/reject',
    method: 'POST',
    url: () => `${A}/${guideId}/reject`,
    payload: { reason: 'No' },
    wrongRole: () => finance,
  },
  {
    name: 'POST /admin/guides/{id}/suspend',
    method: 'POST',
    url: () => `${A}/${guideId}/suspend`,
    payload: {},
    wrongRole: () => finance,
  },
  {
    name: 'POST /admin/guides/{id}/reinstate',
    method: 'POST',
    url: () => `${A}/${guideId}/reinstate`,
    wrongRole: () => finance,
  },
  {
    name: 'PUT /admin/guides/{id}/flags',
    method: 'PUT',
    url: () => `${A}/${guideId}/flags`,
    payload: { verified: true },
    wrongRole: () => finance,
  },
  { name: 'GET /staff/audit', method: 'GET', url: () => `${STAFF_API}/audit`, wrongRole: () => support },
  { name: 'GET /staff/audit/export', method: 'GET', url: () => `${STAFF_API}/audit/export`, wrongRole: () => finance },
  { name: 'GET /staff/members', method: 'GET', url: () => `${STAFF_API}/members`, wrongRole: () => support },
  {
    name: 'PUT /staff/members/{userId}/roles',
    method: 'PUT',
    url: () => `${STAFF_API}/members/${support.userId}/roles`,
    payload: { roles: ['support'] },
    wrongRole: () => support,
  },
  {
    name: 'POST /staff/members/{userId}/reset-second-factor',
    method: 'POST',
    url: () => `${STAFF_API}/members/${finance.userId}/reset-second-factor`,
    wrongRole: () => finance,
  },
];

const call = (route: StaffRoute, headers: Record<string, string>) =>
  t.app.inject({
    method: route.method,
    url: route.url(),
    headers,
    ...(route.payload ? { payload: route.payload } : {}),
  });

describe('staff routes check the role on the server', () => {
  for (const route of STAFF_ROUTES) {
    it(`${route.name}: 401 for a visitor; 403 for a traveller, a guide, the wrong staff role and staff without the second factor`, async () => {
      expect((await call(route, {})).statusCode).toBe(401);
      for (const [who, user] of [
        ['traveller', traveller],
        ['guide', guide],
        ['wrong staff role', route.wrongRole()],
        ['staff without the second factor', notEnrolled],
      ] as const) {
        const response = await call(route, user.headers);
        expect(response.statusCode, `${who}: ${response.body}`).toBe(403);
        expect(response.json().error.code).toBe('FORBIDDEN');
      }
    });
  }

  it('refuses the second-factor calls (any staff role) to a visitor with 401 and to a traveller or a guide with 403', async () => {
    const calls = [
      ['GET', '/second-factor', undefined],
      ['POST', '/second-factor/enrol', undefined],
      ['POST', '/second-factor/enrol/confirm', { code: '123456' }],
      ['POST', '/second-factor/verify', { code: '123456' }],
      ['POST', '/second-factor/recovery-codes', { code: '123456' }],
    ] as const;
    for (const [method, path, payload] of calls) {
      const url = `${STAFF_API}${path}`;
      const options = { method, url, ...(payload ? { payload } : {}) };
      expect((await t.app.inject(options)).statusCode, `${path} visitor`).toBe(401);
      for (const user of [traveller, guide]) {
        const response = await t.app.inject({ ...options, headers: user.headers });
        expect(response.statusCode, `${path}: ${response.body}`).toBe(403);
      }
    }
  });

  it('lets admin reach the support routes', async () => {
    const queue = await t.app.inject({ method: 'GET', url: A, headers: admin.headers });
    expect(queue.statusCode).toBe(200);
    const detail = await t.app.inject({ method: 'GET', url: `${A}/${guideId}`, headers: admin.headers });
    expect(detail.statusCode).toBe(200);
  });

  it('tells staff without the second factor which step is missing, and others nothing', async () => {
    const unverified = await t.app.inject({ method: 'GET', url: A, headers: notEnrolled.headers });
    expect(unverified.json().error.details).toEqual({ reason: 'second_factor_required' });
    const wrongRole = await t.app.inject({ method: 'GET', url: `${STAFF_API}/audit`, headers: support.headers });
    expect(wrongRole.json().error.details).toEqual({ reason: 'staff_role', roles: ['admin'] });
    const travellerAnswer = await t.app.inject({ method: 'GET', url: A, headers: traveller.headers });
    expect(travellerAnswer.json().error.details).toBeUndefined();
  });
});

const audit = async (query: string, headers = admin.headers) => {
  const response = await t.app.inject({ method: 'GET', url: `${STAFF_API}/audit?${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('the audit log', () => {
  it('records an approval with who, role, target, before and after, time and request id', async () => {
    const submitted = await createSubmittedGuide(t.app, { name: 'Selin' });
    const response = await t.app.inject({
      method: 'POST',
      url: `${A}/${submitted.guideId}/approve`,
      headers: support.headers,
    });
    expect(response.statusCode).toBe(200);
    const { data, total } = await audit(`targetType=guide&targetId=${submitted.guideId}`);
    expect(total).toBe(1);
    expect(data[0]).toMatchObject({
      actor: { userId: support.userId, name: 'Staff Yılmaz', roles: ['support'] },
      action: 'guide.approve',
      targetType: 'guide',
      targetId: submitted.guideId,
      before: { status: 'submitted' },
      after: { status: 'approved', isActive: true },
      requestId: response.headers['x-request-id'],
    });
    expect(Date.now() - new Date(data[0].at).getTime()).toBeLessThan(60_000);
  });

  it('records rejections with their reason and flag changes, and nothing for a refused action', async () => {
    const submitted = await createSubmittedGuide(t.app);
    const approveTwice = await t.app.inject({ method: 'POST', url: `${A}/${guideId}/approve`, headers: admin.headers });
    expect(approveTwice.statusCode).toBe(409);
    expect((await audit(`targetId=${guideId}&action=guide.approve`)).total).toBe(1);
    await t.app.inject({
      method: 'POST',
      url: `${A}/${submitted.guideId}/reject`,
      headers: admin.headers,
      payload: { reason: '=HYPERLINK("x") photos missing' },
    });
    await t.app.inject({
      method: 'PUT',
      url: `${A}/${submitted.guideId}/flags`,
      headers: admin.headers,
      payload: { certificated: true },
    });
    const { data } = await audit(`targetId=${submitted.guideId}`);
    expect(data.map((entry: { action: string }) => entry.action)).toEqual(['guide.flags', 'guide.reject']);
    expect(data[0]).toMatchObject({
      actor: { userId: admin.userId, roles: ['admin'] },
      before: { certificated: false, verified: false },
      after: { certificated: true, verified: false },
    });
    expect(data[1].after).toMatchObject({ status: 'rejected', rejectionReason: '=HYPERLINK("x") photos missing' });

    const csv = await t.app.inject({
      method: 'GET',
      url: `${STAFF_API}/audit/export?targetId=${submitted.guideId}`,
      headers: admin.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="marco-audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'id,at,actor_user_id,actor_name,actor_roles,action,target_type,target_id,before,after,request_id',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`,guide.flags,guide,${submitted.guideId},`);
    // JSON cells are quoted with doubled quotes; the reason inside is data, not a formula.
    expect(lines[2]).toContain('""rejectionReason"":""=HYPERLINK(\\""x\\"") photos missing""');
  });

  it('filters by actor, action and time, newest first, paged', async () => {
    const from = new Date().toISOString();
    const a = await createSubmittedGuide(t.app);
    const b = await createSubmittedGuide(t.app);
    for (const id of [a.guideId, b.guideId]) {
      const response = await t.app.inject({ method: 'POST', url: `${A}/${id}/approve`, headers: finance.headers });
      expect(response.statusCode).toBe(403);
      await t.app.inject({ method: 'POST', url: `${A}/${id}/approve`, headers: admin.headers });
    }
    const mine = await audit(`actorUserId=${admin.userId}&action=guide.approve&from=${from}&pageSize=1`);
    expect(mine.total).toBe(2);
    expect(mine.data).toHaveLength(1);
    expect(mine.data[0].targetId).toBe(b.guideId);
    const second = await audit(`actorUserId=${admin.userId}&action=guide.approve&from=${from}&pageSize=1&page=2`);
    expect(second.data[0].targetId).toBe(a.guideId);
    expect((await audit(`to=${from}&action=guide.approve&actorUserId=${admin.userId}`)).total).toBe(0);
    const bad = await t.app.inject({
      method: 'GET',
      url: `${STAFF_API}/audit?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z`,
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(400);
    const unknownAction = await t.app.inject({
      method: 'GET',
      url: `${STAFF_API}/audit?action=guide.delete`,
      headers: admin.headers,
    });
    expect(unknownAction.statusCode).toBe(400);
  });

  it('is append-only in the database: UPDATE, DELETE and TRUNCATE are refused', async () => {
    const { data } = await audit('pageSize=1');
    const id = data[0].id as string;
    const refusal = (query: SQL) =>
      t.database.db.execute(query).then(
        () => 'done',
        (error: Error) => (error.cause as Error | undefined)?.message ?? error.message,
      );
    expect(await refusal(sql`update audit_log set action = 'x' where id = ${id}`)).toBe(
      'audit_log is append-only: UPDATE refused',
    );
    expect(await refusal(sql`delete from audit_log where id = ${id}`)).toBe('audit_log is append-only: DELETE refused');
    expect(await refusal(sql`truncate audit_log`)).toBe('audit_log is append-only: TRUNCATE refused');
    expect((await audit(`pageSize=1`)).data[0]).toEqual(data[0]);
  });
});

describe('managing staff (admin)', () => {
  it('lists staff, changes roles on the record, and will not take admin from oneself', async () => {
    const member = await createStaff(t.app, t.database.db, { roles: ['support'], name: 'Kerem' });
    const set = await t.app.inject({
      method: 'PUT',
      url: `${STAFF_API}/members/${member.userId}/roles`,
      headers: admin.headers,
      payload: { roles: ['support', 'finance'] },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toContainEqual(
      expect.objectContaining({ userId: member.userId, roles: ['finance', 'support'], enrolled: true }),
    );
    const { data } = await audit(`targetId=${member.userId}&action=staff.roles`);
    expect(data[0]).toMatchObject({ before: { roles: ['support'] }, after: { roles: ['finance', 'support'] } });
    const own = await t.app.inject({
      method: 'PUT',
      url: `${STAFF_API}/members/${admin.userId}/roles`,
      headers: admin.headers,
      payload: { roles: ['support'] },
    });
    expect(own.statusCode).toBe(409);

    const removed = await t.app.inject({
      method: 'PUT',
      url: `${STAFF_API}/members/${member.userId}/roles`,
      headers: admin.headers,
      payload: { roles: [] },
    });
    expect(removed.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: A, headers: member.headers })).statusCode).toBe(403);
  });

  it('resets a lost authenticator: the member must enrol again, and it is on the record', async () => {
    const member = await createStaff(t.app, t.database.db, { roles: ['finance'] });
    const reset = await t.app.inject({
      method: 'POST',
      url: `${STAFF_API}/members/${member.userId}/reset-second-factor`,
      headers: admin.headers,
    });
    expect(reset.statusCode).toBe(200);
    const status = await t.app.inject({ method: 'GET', url: `${STAFF_API}/second-factor`, headers: member.headers });
    expect(status.json()).toMatchObject({ enrolled: false, verified: false, recoveryCodesLeft: 0 });
    const { data } = await audit(`targetId=${member.userId}`);
    expect(data[0]).toMatchObject({
      action: 'staff.second_factor_reset',
      before: { enrolled: true },
      after: { enrolled: false },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: `${STAFF_API}/members/${traveller.userId}/reset-second-factor`,
      headers: admin.headers,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
