import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createUser, newIp, newPhone, ownSite } from '../../../test/factories.js';
import { users } from '../../db/schema/index.js';
import { createOrPromoteStaff, StaffCreateError } from './create-staff.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('staff:create', () => {
  it('creates a staff account that signs in with its password and reaches the staff calls', async () => {
    const phone = newPhone();
    const result = await createOrPromoteStaff(t.database.db, {
      phone: `${phone.slice(0, 6)} ${phone.slice(6)}`,
      password: 'Correct-Horse-42',
    });
    expect(result).toMatchObject({ phoneNumber: phone, created: true, passwordSet: true });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-forwarded-for': newIp(), ...ownSite(t.app) },
      payload: { phoneNumber: phone, password: 'Correct-Horse-42' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.roles).toEqual(['staff']);
    expect(login.json().user.phoneNumberConfirmed).toBe(true);
    const cookie = login.cookies.find((entry) => entry.name === 'marco_session');
    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/app/admin/guides',
      cookies: { marco_session: cookie?.value ?? '' },
    });
    expect(queue.statusCode).toBe(200);
  });

  it('promotes an existing user once, keeping their other roles and password', async () => {
    const user = await createUser(t.app);
    await t.database.db
      .update(users)
      .set({ roles: ['tester'] })
      .where(eq(users.id, user.userId));
    const first = await createOrPromoteStaff(t.database.db, { phone: user.phone });
    expect(first).toMatchObject({ userId: user.userId, created: false, passwordSet: false });
    await createOrPromoteStaff(t.database.db, { phone: user.phone });
    const [row] = await t.database.db.select({ roles: users.roles }).from(users).where(eq(users.id, user.userId));
    expect(row?.roles.sort()).toEqual(['staff', 'tester']);
    const queue = await t.app.inject({ method: 'GET', url: '/api/app/admin/guides', headers: user.headers });
    expect(queue.statusCode).toBe(200);
  });

  it('refuses an invalid phone, a weak password, and a new user without a password', async () => {
    await expect(createOrPromoteStaff(t.database.db, { phone: '12345' })).rejects.toThrow(StaffCreateError);
    await expect(createOrPromoteStaff(t.database.db, { phone: newPhone(), password: 'short' })).rejects.toThrow(
      /too weak/,
    );
    await expect(createOrPromoteStaff(t.database.db, { phone: newPhone() })).rejects.toThrow(/--password/);
  });
});
