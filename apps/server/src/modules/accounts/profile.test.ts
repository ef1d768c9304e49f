import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createUser, type TestUser } from '../../../test/factories.js';
import { currencies, genders } from '../../db/schema/index.js';
import { ManualClock } from '../../platform/clock.js';

const clock = new ManualClock('2030-02-01T12:00:00.000Z');
let t: TestApp;
let genderId: string;
let currencyId: string;
beforeAll(async () => {
  t = await createTestApp({ clock });
  [{ id: genderId }] = (await t.database.db
    .select({ id: genders.id })
    .from(genders)
    .where(eq(genders.key, 'female'))) as [{ id: string }];
  [{ id: currencyId }] = (await t.database.db
    .select({ id: currencies.id })
    .from(currencies)
    .where(eq(currencies.code, 'TRY'))) as [{ id: string }];
});
afterAll(() => t.close());

const APP = '/api/app/user-detail-public';
const get = (url: string, user?: TestUser) => t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
const put = (url: string, user: TestUser | undefined, payload: object) =>
  t.app.inject({ method: 'PUT', url, headers: user?.headers ?? {}, payload });
const profileOf = async (user: TestUser) => (await get('/api/account/my-profile', user)).json();

describe('my profile', () => {
  it('answers the current-user and profile fields of spec §3', async () => {
    const user = await createUser(t.app, { name: 'Leyla', surname: 'Öztürk' });
    const response = await get('/api/account/my-profile', user);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: user.userId,
      name: 'Leyla',
      surname: 'Öztürk',
      phoneNumber: user.phone,
      phoneNumberConfirmed: true,
      email: null,
      emailConfirmed: false,
      isExternal: false,
      hasPassword: true,
      supportsMultipleTimezone: true,
      timezone: 'UTC',
      birthDate: null,
      about: null,
      genderId: null,
      currencyId: null,
      profilePictureUrl: null,
      notificationPreferences: { ads: false, messages: true, appUpdates: true },
    });
    expect(response.json().concurrencyStamp).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('needs a signed-in user', async () => {
    for (const [method, url] of [
      ['GET', '/api/account/my-profile'],
      ['PUT', '/api/account/my-profile'],
      ['GET', `${APP}/get-user-info`],
      ['GET', `${APP}/get-user-about`],
      ['GET', `${APP}/get-user-birthdate`],
      ['PUT', `${APP}/update-user-detail`],
      ['PUT', `${APP}/update-user-profile-detail`],
    ] as const) {
      const response = await t.app.inject({ method, url, payload: {} });
      expect(response.statusCode, url).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHORIZED');
    }
  });

  it('updates only the fields sent and gives the profile a new concurrency stamp', async () => {
    const user = await createUser(t.app);
    const before = await profileOf(user);
    const response = await put('/api/account/my-profile', user, {
      concurrencyStamp: before.concurrencyStamp,
      email: 'leyla@example.com',
      timezone: 'europe/istanbul',
      birthDate: '1991-04-23',
      genderId,
      currencyId,
      notificationPreferences: { ads: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: before.name,
      email: 'leyla@example.com',
      emailConfirmed: false,
      timezone: 'Europe/Istanbul',
      birthDate: '1991-04-23',
      genderId,
      currencyId,
      notificationPreferences: { ads: true, messages: true, appUpdates: true },
    });
    expect(response.json().concurrencyStamp).not.toBe(before.concurrencyStamp);
  });

  it('answers 409 STALE_UPDATE for a stale concurrency stamp and keeps the newer data', async () => {
    const user = await createUser(t.app);
    const read = await profileOf(user);
    expect(
      (await put('/api/account/my-profile', user, { concurrencyStamp: read.concurrencyStamp, about: 'first' }))
        .statusCode,
    ).toBe(200);
    const stale = await put('/api/account/my-profile', user, {
      concurrencyStamp: read.concurrencyStamp,
      about: 'second',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('STALE_UPDATE');
    expect((await profileOf(user)).about).toBe('first');
    expect(stale.json().error.details.concurrencyStamp).toBe((await profileOf(user)).concurrencyStamp);
  });

  it('refuses invalid fields, naming them', async () => {
    const user = await createUser(t.app);
    const { concurrencyStamp } = await profileOf(user);
    const cases: Array<[object, string]> = [
      [{ about: 'x' }, 'body.concurrencyStamp'],
      [{ concurrencyStamp, timezone: 'Mars/Olympus' }, 'body.timezone'],
      [{ concurrencyStamp, email: 'not-an-email' }, 'body.email'],
      [{ concurrencyStamp, birthDate: 'yesterday' }, 'body.birthDate'],
      [{ concurrencyStamp, birthDate: '2001-02-30' }, 'body.birthDate'],
      [{ concurrencyStamp, birthDate: '2030-02-02' }, 'body.birthDate'],
      [{ concurrencyStamp, genderId: '00000000-0000-4000-8000-000000000000' }, 'body.genderId'],
      [{ concurrencyStamp, currencyId: 'TRY' }, 'body.currencyId'],
      [{ concurrencyStamp, name: '' }, 'body.name'],
      [{ concurrencyStamp, userName: 'a b' }, 'body.userName'],
    ];
    for (const [body, path] of cases) {
      const response = await put('/api/account/my-profile', user, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
      expect(response.json().error.details.issues.map((issue: { path: string }) => issue.path)).toContain(path);
    }
    expect((await profileOf(user)).concurrencyStamp).toBe(concurrencyStamp);
  });

  it('refuses an e-mail address or user name another account uses', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    await put('/api/account/my-profile', a, {
      concurrencyStamp: (await profileOf(a)).concurrencyStamp,
      email: 'taken@example.com',
      userName: 'taken_name',
    });
    const { concurrencyStamp } = await profileOf(b);
    const email = await put('/api/account/my-profile', b, { concurrencyStamp, email: 'TAKEN@example.com' });
    expect(email.statusCode).toBe(409);
    expect(email.json().error).toMatchObject({ code: 'CONFLICT', details: { issues: [{ path: 'body.email' }] } });
    const userName = await put('/api/account/my-profile', b, { concurrencyStamp, userName: 'Taken_Name' });
    expect(userName.json().error.details.issues[0].path).toBe('body.userName');
  });

  it("changes only the caller's own profile", async () => {
    const a = await createUser(t.app, { name: 'Ali' });
    const b = await createUser(t.app, { name: 'Bora' });
    const bBefore = await profileOf(b);
    await put('/api/account/my-profile', a, { concurrencyStamp: bBefore.concurrencyStamp, name: 'Hacker' });
    await put(`${APP}/update-user-detail`, a, { name: 'Ali', surname: 'Veli' });
    expect(await profileOf(b)).toEqual(bBefore);
    expect((await get(`${APP}/get-user-info`, b)).json().name).toBe('Bora');
  });
});

describe('user-detail-public', () => {
  it('reads the caller info, about and birth date (as text)', async () => {
    const user = await createUser(t.app, { name: 'Can', surname: 'Arslan' });
    const info = await get(`${APP}/get-user-info`, user);
    expect(info.json()).toMatchObject({ id: user.userId, name: 'Can', surname: 'Arslan', phoneNumber: user.phone });
    expect((await get(`${APP}/get-user-about`, user)).json()).toEqual({ about: null });
    const empty = await get(`${APP}/get-user-birthdate`, user);
    expect(empty.headers['content-type']).toMatch(/^text\/plain/);
    expect(empty.body).toBe('');

    await put(`${APP}/update-user-profile-detail`, user, {
      birthDate: '1988-11-05T00:00:00.000Z',
      about: 'I love Cappadocia.',
      currencyId,
      genderId,
    });
    expect((await get(`${APP}/get-user-birthdate`, user)).body).toBe('1988-11-05T00:00:00.000Z');
    expect((await get(`${APP}/get-user-about`, user)).json()).toEqual({ about: 'I love Cappadocia.' });
  });

  it('sets the name and surname (onboarding) and refuses missing ones', async () => {
    const user = await createUser(t.app);
    const response = await put(`${APP}/update-user-detail`, user, { name: 'Selin', surname: 'Koç' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Selin', surname: 'Koç' });
    const missing = await put(`${APP}/update-user-detail`, user, { name: 'Selin' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details.issues[0]).toMatchObject({
      path: 'body.surname',
      message: 'Last name is required',
    });
    const stale = await put(`${APP}/update-user-detail`, user, {
      name: 'X',
      surname: 'Y',
      concurrencyStamp: '00000000-0000-4000-8000-000000000000',
    });
    expect(stale.statusCode).toBe(409);
  });

  it('updates birth date, about, currency and gender; clears with null; refuses future and unparseable dates', async () => {
    const user = await createUser(t.app);
    const url = `${APP}/update-user-profile-detail`;
    const set = await put(url, user, { birthDate: '2000-01-01', about: 'Hi', currencyId, genderId });
    expect(set.json()).toMatchObject({ birthDate: '2000-01-01', about: 'Hi', currencyId, genderId });
    const cleared = await put(url, user, { birthDate: null, genderId: null });
    expect(cleared.json()).toMatchObject({ birthDate: null, genderId: null, about: 'Hi', currencyId });

    const future = await put(url, user, { birthDate: '2030-02-02' });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.details.issues[0]).toMatchObject({
      path: 'body.birthDate',
      message: 'Birth date cannot be in the future',
    });
    const garbage = await put(url, user, { birthDate: 'not a date' });
    expect(garbage.json().error.details.issues[0].path).toBe('body.birthDate');
    const unknownCurrency = await put(url, user, { currencyId: '00000000-0000-4000-8000-000000000000' });
    expect(unknownCurrency.json().error.details.issues[0].path).toBe('body.currencyId');
  });
});
