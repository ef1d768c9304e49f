import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createUser, multipart, newIp, ownSite, signInWithCookie, type TestUser } from '../../../test/factories.js';
import { supportMessages, userAddresses, users } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const remove = (user: TestUser | undefined, payload?: object) =>
  t.app.inject({
    method: 'DELETE',
    url: '/api/account/my-profile',
    headers: user?.headers ?? {},
    ...(payload ? { payload } : {}),
  });

async function addPictureAndAddress(user: TestUser) {
  const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  const body = multipart([{ name: 'ImageContent', filename: 'me.png', contentType: 'image/png', data: png }]);
  await t.app.inject({
    method: 'POST',
    url: '/api/app/custom-user-account-public/set-profile-picture',
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
  const [country] = await t.database.db.query.countries.findMany({ limit: 1 });
  await t.app.inject({
    method: 'POST',
    url: '/api/app/address-public/create-user-address',
    headers: user.headers,
    payload: { countryId: country?.id, street: 'Somewhere 1' },
  });
  const message = await t.app.inject({
    method: 'POST',
    url: '/api/app/support-public/contact',
    headers: { ...user.headers, 'x-forwarded-for': newIp() },
    payload: {
      topic: 'account',
      email: 'emre@example.com',
      message: 'Please tell me how to change my phone number.',
      page: '/en/settings',
    },
  });
  expect(message.statusCode, message.body).toBe(200);
}

describe('account deletion', () => {
  it('erases personal data and messages to support, frees the phone number, removes the avatar and signs out everywhere', async () => {
    const user = await createUser(t.app, { name: 'Emre', surname: 'Çelik' });
    const cookie = await signInWithCookie(t.app, user);
    await addPictureAndAddress(user);
    const storedKey = (await t.database.db.select().from(users).where(eq(users.id, user.userId)))[0]?.profilePictureKey;
    expect(storedKey).toBeTruthy();

    const response = await remove(user, { password: user.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });

    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.userId));
    expect(row).toMatchObject({
      phoneNumber: null,
      name: null,
      surname: null,
      email: null,
      passwordHash: null,
      birthDate: null,
      about: null,
      profilePictureKey: null,
    });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(row?.userName).not.toContain(user.phone);
    expect(await t.database.db.$count(userAddresses, eq(userAddresses.userId, user.userId))).toBe(0);
    expect(await t.database.db.$count(supportMessages, eq(supportMessages.userId, user.userId))).toBe(0);
    expect(await t.app.deps.storage.get(storedKey ?? '')).toBeNull();

    for (const headers of [user.headers, { cookie: `marco_session=${cookie}` }]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/session', headers })).statusCode).toBe(401);
    }
    const picture = await t.app.inject({
      method: 'GET',
      url: `/api/app/custom-user-account-public/get-profile-picture/${user.userId}`,
    });
    expect(picture.statusCode).toBe(404);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-forwarded-for': newIp(), ...ownSite(t.app) },
      payload: { phoneNumber: user.phone, password: user.password },
    });
    expect(login.statusCode).toBe(401);

    const again = await createUser(t.app, { phone: user.phone });
    expect(again.userId).not.toBe(user.userId);
  });

  it('asks for the password and keeps the account when it is missing or wrong', async () => {
    const user = await createUser(t.app);
    const missing = await remove(user);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details.issues[0].path).toBe('body.password');
    const wrong = await remove(user, { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details.issues[0]).toMatchObject({
      path: 'body.password',
      message: 'Current password is incorrect',
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: user.headers })).statusCode).toBe(
      200,
    );
  });

  it('deletes an account without a password (social sign-in) without asking for one', async () => {
    const user = await createUser(t.app);
    await t.database.db.update(users).set({ passwordHash: null, isExternal: true }).where(eq(users.id, user.userId));
    expect((await remove(user)).statusCode).toBe(200);
  });

  it("deletes only the caller's account", async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    await remove(a, { password: a.password });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: b.headers })).statusCode).toBe(200);
  });

  it('needs a signed-in user', async () => {
    expect((await remove(undefined, { password: 'x' })).statusCode).toBe(401);
  });
});
