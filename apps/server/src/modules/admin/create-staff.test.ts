import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createUser, newIp, newPhone, ownSite } from '../../../test/factories.js';
import { totpCode } from '../../../test/staff-factories.js';
import { users } from '../../db/schema/index.js';
import { createOrPromoteStaff, parseStaffRoles, StaffCreateError } from './create-staff.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('staff:create', () => {
  it('creates a staff account that signs in with its password, sets up its authenticator and then reaches the staff calls', async () => {
    const phone = newPhone();
    const result = await createOrPromoteStaff(t.database.db, {
      phone: `${phone.slice(0, 6)} ${phone.slice(6)}`,
      roles: ['support'],
      password: 'Correct-Horse-42',
    });
    expect(result).toMatchObject({ phoneNumber: phone, roles: ['support'], created: true, passwordSet: true });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-forwarded-for': newIp(), ...ownSite(t.app) },
      payload: { phoneNumber: phone, password: 'Correct-Horse-42' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.roles).toEqual(['support']);
    expect(login.json().user.phoneNumberConfirmed).toBe(true);
    const cookie = login.cookies.find((entry) => entry.name === 'marco_session');
    const cookies = { marco_session: cookie?.value ?? '' };
    const queue = () => t.app.inject({ method: 'GET', url: '/api/app/admin/guides', cookies });
    const before = await queue();
    expect(before.statusCode).toBe(403);
    expect(before.json().error.details).toEqual({ reason: 'second_factor_required' });
    const write = { cookies, headers: ownSite(t.app) };
    const enrolment = await t.app.inject({ method: 'POST', url: '/api/app/staff/second-factor/enrol', ...write });
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/app/staff/second-factor/enrol/confirm',
      ...write,
      payload: { code: totpCode(enrolment.json().secret, new Date()) },
    });
    expect(confirm.statusCode).toBe(200);
    expect((await queue()).statusCode).toBe(200);
  });

  it('promotes an existing user once, keeping their other roles and password', async () => {
    const user = await createUser(t.app);
    await t.database.db
      .update(users)
      .set({ roles: ['tester'] })
      .where(eq(users.id, user.userId));
    const first = await createOrPromoteStaff(t.database.db, { phone: user.phone, roles: ['support'] });
    expect(first).toMatchObject({ userId: user.userId, created: false, passwordSet: false });
    await createOrPromoteStaff(t.database.db, { phone: user.phone, roles: ['support', 'finance'] });
    const [row] = await t.database.db.select({ roles: users.roles }).from(users).where(eq(users.id, user.userId));
    expect(row?.roles.sort()).toEqual(['finance', 'support', 'tester']);
  });

  it('reads --role as a list of staff roles and refuses any other', () => {
    expect(parseStaffRoles(['support,finance', 'admin'])).toEqual(['support', 'finance', 'admin']);
    expect(parseStaffRoles(['finance', 'finance'])).toEqual(['finance']);
    expect(() => parseStaffRoles(['staff'])).toThrow(/Unknown staff role: staff/);
    expect(() => parseStaffRoles([])).toThrow(/at least one --role/);
  });

  it('refuses an invalid phone, a weak password, and a new user without a password', async () => {
    const roles = ['support' as const];
    await expect(createOrPromoteStaff(t.database.db, { phone: '12345', roles })).rejects.toThrow(StaffCreateError);
    await expect(createOrPromoteStaff(t.database.db, { phone: newPhone(), roles, password: 'short' })).rejects.toThrow(
      /too weak/,
    );
    await expect(createOrPromoteStaff(t.database.db, { phone: newPhone(), roles })).rejects.toThrow(/--password/);
  });
});
