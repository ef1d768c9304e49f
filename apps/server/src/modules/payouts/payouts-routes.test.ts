import { PAYOUT_PATHS } from '@marco/contract/payouts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createUser, type TestUser } from '../../../test/factories.js';
import { createApprovedGuide, type TestGuide } from '../../../test/guide-factories.js';
import { createStaff, type TestStaff } from '../../../test/staff-factories.js';

let t: TestApp;
let traveller: TestUser;
let guide: TestGuide;
let support: TestStaff;
let finance: TestStaff;
let admin: TestStaff;
beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  [traveller, support, finance, admin] = await Promise.all([
    createUser(t.app),
    createStaff(t.app, db, { roles: ['support'] }),
    createStaff(t.app, db, { roles: ['finance'] }),
    createStaff(t.app, db, { roles: ['admin'] }),
  ]);
  guide = await createApprovedGuide(t.app, db, { staff: support });
}, 120_000);
afterAll(() => t?.close());

const S = PAYOUT_PATHS.staff;
const NO_SUCH = '0193a5d2-7c4e-7000-8000-000000000000';
const ROUTES: { name: string; method: 'GET' | 'POST'; url: () => string; payload?: object }[] = [
  { name: 'GET /staff/payouts/batches', method: 'GET', url: () => `${S}/batches` },
  { name: 'POST /staff/payouts/runs', method: 'POST', url: () => `${S}/runs`, payload: { currency: 'EUR' } },
  { name: 'GET /staff/payouts/batches/{id}', method: 'GET', url: () => `${S}/batches/${NO_SUCH}` },
  { name: 'POST /staff/payouts/batches/{id}/export', method: 'POST', url: () => `${S}/batches/${NO_SUCH}/export` },
  { name: 'POST /staff/payouts/batches/{id}/sent', method: 'POST', url: () => `${S}/batches/${NO_SUCH}/sent` },
  { name: 'POST /staff/payouts/payouts/{id}/remove', method: 'POST', url: () => `${S}/payouts/${NO_SUCH}/remove` },
  {
    name: 'POST /staff/payouts/payouts/{id}/returned',
    method: 'POST',
    url: () => `${S}/payouts/${NO_SUCH}/returned`,
    payload: { reason: 'Closed' },
  },
  { name: 'GET /staff/bank-accounts', method: 'GET', url: () => PAYOUT_PATHS.staffBankAccounts },
  {
    name: 'POST /staff/bank-accounts/{guideUserId}/verify',
    method: 'POST',
    url: () => `${PAYOUT_PATHS.staffBankAccounts}/${guide.user.userId}/verify`,
  },
];

const call = (route: (typeof ROUTES)[number], headers: Record<string, string> = {}) =>
  t.app.inject({
    method: route.method,
    url: route.url(),
    headers,
    ...(route.method === 'POST' ? { payload: route.payload ?? {} } : {}),
  });

describe('payout routes: who may call them', () => {
  it.each(ROUTES.map((route) => [route.name, route] as const))(
    '%s: 401 for a visitor, 403 for a traveller, a guide and support; finance and admin get through',
    async (_name, route) => {
      expect((await call(route)).statusCode).toBe(401);
      for (const user of [traveller, guide.user, support]) {
        const response = await call(route, user.headers);
        expect(response.statusCode).toBe(403);
        expect(response.json().error.code).toBe('FORBIDDEN');
      }
      for (const staff of [finance, admin]) {
        expect([200, 404]).toContain((await call(route, staff.headers)).statusCode);
      }
    },
  );

  it("answers a guide's own payouts only to that guide: a visitor 401, a traveller 403", async () => {
    expect((await t.app.inject({ method: 'GET', url: PAYOUT_PATHS.guide })).statusCode).toBe(401);
    const response = await t.app.inject({ method: 'GET', url: PAYOUT_PATHS.guide, headers: traveller.headers });
    expect(response.statusCode).toBe(403);
    const own = await t.app.inject({ method: 'GET', url: PAYOUT_PATHS.guide, headers: guide.user.headers });
    // Verified by the matrix above, which finance and admin pass.
    expect(own.json()).toMatchObject({ balances: [], payouts: [], bankAccount: { swift: 'TCZBTR2A' } });
    expect(own.json().bankAccount.iban).not.toContain('0006100519786457');
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const bad = [
      { method: 'POST' as const, url: `${S}/runs`, payload: { currency: 'GBP' } },
      { method: 'GET' as const, url: `${S}/batches/not-an-id` },
      { method: 'POST' as const, url: `${S}/payouts/${NO_SUCH}/returned`, payload: { reason: ' ' } },
    ];
    for (const request of bad) {
      const response = await t.app.inject({ ...request, headers: finance.headers });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect((await t.app.inject({ method: 'GET', url: `${S}/batches`, headers: finance.headers })).json().data).toEqual(
      [],
    );
  });
});
