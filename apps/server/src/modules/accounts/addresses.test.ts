import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createUser, type TestUser } from '../../../test/factories.js';
import { cities, countries, states } from '../../db/schema/index.js';

let t: TestApp;
const ids = { tr: '', fr: '', istanbulProvince: '', istanbul: '', paris: '' };
beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const idOf = async (rows: Promise<Array<{ id: string }>>) => {
    const [row] = await rows;
    if (!row) throw new Error('seed row missing');
    return row.id;
  };
  ids.tr = await idOf(db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'TR')));
  ids.fr = await idOf(db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'FR')));
  ids.istanbulProvince = await idOf(db.select({ id: states.id }).from(states).where(eq(states.code, 'TR-34')));
  ids.istanbul = await idOf(db.select({ id: cities.id }).from(cities).where(eq(cities.key, 'istanbul')));
  ids.paris = await idOf(db.select({ id: cities.id }).from(cities).where(eq(cities.key, 'paris')));
});
afterAll(() => t.close());

const APP = '/api/app/address-public';
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user?: TestUser, payload?: object) =>
  t.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });

const istanbulAddress = () => ({
  countryId: ids.tr,
  stateId: ids.istanbulProvince,
  cityId: ids.istanbul,
  street: 'İstiklal Caddesi 1',
  postalCode: '34430',
});

describe('addresses', () => {
  it('creates, lists, reads, updates and deletes the caller’s addresses with place names in the locale', async () => {
    const user = await createUser(t.app);
    const created = await call('POST', `${APP}/create-user-address?locale=tr`, user, istanbulAddress());
    expect(created.statusCode).toBe(200);
    const address = created.json();
    expect(address).toMatchObject({
      countryId: ids.tr,
      countryName: 'Türkiye',
      cityName: 'İstanbul',
      street: 'İstiklal Caddesi 1',
      postalCode: '34430',
    });

    const list = await call('GET', `${APP}/get-user-address?locale=en`, user);
    expect(list.json().data).toHaveLength(1);
    expect(list.json().data[0]).toMatchObject({
      id: address.id,
      countryName: 'Turkey',
      stateName: 'Istanbul Province',
    });
    expect((await call('GET', `${APP}/get-user-address-by-id/${address.id}`, user)).json().id).toBe(address.id);

    const updated = await call('PUT', `${APP}/update-user-address?locale=en`, user, {
      id: address.id,
      countryId: ids.fr,
      cityId: ids.paris,
      street: 'Rue de Rivoli 2',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ countryName: 'France', cityName: 'Paris', stateId: null, postalCode: null });

    expect((await call('DELETE', `${APP}/delete-user-address/${address.id}`, user)).json()).toEqual({ success: true });
    expect((await call('GET', `${APP}/get-user-address`, user)).json().data).toEqual([]);
    expect((await call('GET', `${APP}/get-user-address-by-id/${address.id}`, user)).statusCode).toBe(404);
  });

  it('makes the first address the default, moves the default on request and passes it on when the default is deleted', async () => {
    const user = await createUser(t.app);
    const defaults = async () =>
      (await call('GET', `${APP}/get-user-address`, user))
        .json()
        .data.filter((a: { isDefault: boolean }) => a.isDefault);
    const first = (
      await call('POST', `${APP}/create-user-address`, user, { countryId: ids.tr, isDefault: false })
    ).json();
    expect(first.isDefault).toBe(true);
    const second = (await call('POST', `${APP}/create-user-address`, user, { countryId: ids.fr })).json();
    expect(second.isDefault).toBe(false);
    const third = (
      await call('POST', `${APP}/create-user-address`, user, { countryId: ids.fr, isDefault: true })
    ).json();
    expect((await defaults()).map((a: { id: string }) => a.id)).toEqual([third.id]);

    const moved = await call('PUT', `${APP}/update-user-address`, user, {
      id: second.id,
      countryId: ids.fr,
      isDefault: true,
    });
    expect(moved.json().isDefault).toBe(true);
    expect((await defaults()).map((a: { id: string }) => a.id)).toEqual([second.id]);
    // Unticking the default alone would leave none: it stays the default until another one is chosen.
    await call('PUT', `${APP}/update-user-address`, user, { id: second.id, countryId: ids.fr, isDefault: false });
    expect((await defaults()).map((a: { id: string }) => a.id)).toEqual([second.id]);

    await call('DELETE', `${APP}/delete-user-address/${second.id}`, user);
    expect((await defaults()).map((a: { id: string }) => a.id)).toEqual([first.id]);
  });

  it('keeps exactly one default when the same user makes several addresses the default at once', async () => {
    const user = await createUser(t.app);
    const created = [];
    for (let index = 0; index < 4; index += 1) {
      created.push((await call('POST', `${APP}/create-user-address`, user, { countryId: ids.fr })).json());
    }
    const answers = await Promise.all([
      ...created.map((address) =>
        call('PUT', `${APP}/update-user-address`, user, { id: address.id, countryId: ids.fr, isDefault: true }),
      ),
      call('POST', `${APP}/create-user-address`, user, { countryId: ids.tr, isDefault: true }),
      call('DELETE', `${APP}/delete-user-address/${created[0].id}`, user),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
    const list = (await call('GET', `${APP}/get-user-address`, user)).json().data;
    expect(list.filter((a: { isDefault: boolean }) => a.isDefault)).toHaveLength(1);
  });

  it('refuses unknown places and places that do not fit together', async () => {
    const user = await createUser(t.app);
    const cases: Array<[object, string]> = [
      [{}, 'body.countryId'],
      [{ countryId: '00000000-0000-4000-8000-000000000000' }, 'body.countryId'],
      [{ countryId: ids.fr, stateId: ids.istanbulProvince }, 'body.stateId'],
      [{ countryId: ids.fr, cityId: ids.istanbul }, 'body.cityId'],
      [{ countryId: ids.tr, cityId: 'istanbul' }, 'body.cityId'],
      [{ countryId: ids.tr, street: 'x'.repeat(201) }, 'body.street'],
    ];
    for (const [body, path] of cases) {
      const response = await call('POST', `${APP}/create-user-address`, user, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.details.issues.map((issue: { path: string }) => issue.path)).toContain(path);
    }
  });

  it("never shows or changes another user's address", async () => {
    const owner = await createUser(t.app);
    const other = await createUser(t.app);
    const address = (await call('POST', `${APP}/create-user-address`, owner, istanbulAddress())).json();

    expect((await call('GET', `${APP}/get-user-address`, other)).json().data).toEqual([]);
    const read = await call('GET', `${APP}/get-user-address-by-id/${address.id}`, other);
    expect(read.statusCode).toBe(404);
    const update = await call('PUT', `${APP}/update-user-address`, other, { id: address.id, countryId: ids.fr });
    expect(update.statusCode).toBe(404);
    const remove = await call('DELETE', `${APP}/delete-user-address/${address.id}`, other);
    expect(remove.statusCode).toBe(404);

    const still = await call('GET', `${APP}/get-user-address-by-id/${address.id}`, owner);
    expect(still.json()).toMatchObject({ countryId: ids.tr, street: 'İstiklal Caddesi 1' });
  });

  it('needs a signed-in user', async () => {
    for (const [method, url] of [
      ['GET', `${APP}/get-user-address`],
      ['GET', `${APP}/get-user-address-by-id/00000000-0000-4000-8000-000000000000`],
      ['POST', `${APP}/create-user-address`],
      ['PUT', `${APP}/update-user-address`],
      ['DELETE', `${APP}/delete-user-address/00000000-0000-4000-8000-000000000000`],
    ] as const) {
      expect(
        (await call(method, url, undefined, method === 'GET' || method === 'DELETE' ? undefined : {})).statusCode,
        url,
      ).toBe(401);
    }
  });
});
