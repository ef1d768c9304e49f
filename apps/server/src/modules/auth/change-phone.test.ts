import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createUser, latestCode, newIp, newPhone, ownSite, type TestUser } from '../../../test/factories.js';
import { ManualClock } from '../../platform/clock.js';

const clock = new ManualClock('2030-09-01T09:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const PUBLIC = '/api/app/custom-user-account-public';

const sendCode = (user: TestUser, phoneNumber: string, id = user.userId) =>
  t.app.inject({
    method: 'POST',
    url: `${PUBLIC}/send-new-phone-number-verification-code/${id}`,
    headers: user.headers,
    payload: { phoneNumber },
  });

const change = (user: TestUser, phoneNumber: string, code: string) =>
  t.app.inject({
    method: 'POST',
    url: `${PUBLIC}/change-phone-number-with-verification-code`,
    headers: user.headers,
    payload: { phoneNumber, code },
  });

const login = (phoneNumber: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'x-forwarded-for': newIp(), ...ownSite(t.app) },
    payload: { phoneNumber, password },
  });

describe('phone number change', () => {
  it('moves the account to a new number proven by a code texted to it', async () => {
    const user = await createUser(t.app);
    const newNumber = newPhone();
    const sent = await sendCode(user, newNumber);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ userId: user.userId, devOutbox: true });
    const before = (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: user.headers })).json().user;

    const changed = await change(user, newNumber, await latestCode(t.app, newNumber));
    expect(changed.statusCode).toBe(200);
    expect(changed.json().user).toMatchObject({ phoneNumber: newNumber, phoneNumberConfirmed: true });
    expect(changed.json().user.concurrencyStamp).not.toBe(before.concurrencyStamp);
    expect((await login(newNumber, user.password)).statusCode).toBe(200);
    expect((await login(user.phone, user.password)).statusCode).toBe(401);
  });

  it("refuses another user's id in the path", async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    const response = await sendCode(a, newPhone(), b.userId);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('FORBIDDEN');
  });

  it('refuses a number that belongs to another account', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    const response = await sendCode(a, b.phone);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('PHONE_ALREADY_REGISTERED');
  });

  it('refuses the number the account already has, and malformed numbers', async () => {
    const user = await createUser(t.app);
    expect((await sendCode(user, user.phone)).json().error.code).toBe('PHONE_CHANGE_FAILED');
    for (const phone of ['12345', '+9', '+90 123']) {
      const response = await sendCode(user, phone);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('refuses a code sent to a different number, a wrong code and an expired one', async () => {
    const user = await createUser(t.app);
    const first = newPhone();
    await sendCode(user, first);
    const code = await latestCode(t.app, first);
    const other = await change(user, newPhone(), code);
    expect(other.json().error.code).toBe('INVALID_VERIFICATION_CODE');
    const wrong = await change(user, first, code === '000000' ? '111111' : '000000');
    expect(wrong.json().error.code).toBe('INVALID_VERIFICATION_CODE');
    clock.advance(601);
    expect((await change(user, first, code)).json().error.code).toBe('VERIFICATION_CODE_EXPIRED');
  });

  it('refuses the number when another account took it meanwhile', async () => {
    const user = await createUser(t.app);
    const wanted = newPhone();
    await sendCode(user, wanted);
    const code = await latestCode(t.app, wanted);
    await createUser(t.app, { phone: wanted });
    const response = await change(user, wanted, code);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('PHONE_ALREADY_REGISTERED');
  });

  it('lets a sign-up that never finished give way', async () => {
    const user = await createUser(t.app);
    const wanted = newPhone();
    await t.app.inject({
      method: 'POST',
      url: `${PUBLIC}/register-with-phone`,
      headers: { 'x-forwarded-for': newIp() },
      payload: { phoneNumber: wanted, extraProperties: { termsConsent: true, privacyConsent: true } },
    });
    clock.advance(61);
    expect((await sendCode(user, wanted)).statusCode).toBe(200);
    const response = await change(user, wanted, await latestCode(t.app, wanted));
    expect(response.statusCode).toBe(200);
  });

  it('needs a signed-in user', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${PUBLIC}/change-phone-number-with-verification-code`,
      payload: { phoneNumber: newPhone(), code: '123456' },
    });
    expect(response.statusCode).toBe(401);
  });
});
