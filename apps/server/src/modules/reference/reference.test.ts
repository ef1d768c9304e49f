import zlib from 'node:zlib';
import { LOCALES } from '@marco/contract/locales';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { countries, languages } from '../../db/schema/index.js';
import { seedReferenceData } from '../../db/seed/seed-reference.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = async (url: string, headers: Record<string, string> = {}) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/app/${url}`, headers });
  return { status: response.statusCode, body: response.json() };
};

describe('languages', () => {
  it('lists the 11 languages of the spec with names in every locale', async () => {
    const { status, body } = await get('search-public/languages');
    expect(status).toBe(200);
    expect(body.data.map((language: { code: string }) => language.code)).toEqual([
      'tr',
      'en',
      'de',
      'fr',
      'es',
      'it',
      'pt',
      'ru',
      'ar',
      'zh',
      'ja',
    ]);
    for (const language of body.data) {
      for (const locale of LOCALES) expect(language.names[locale], `${language.code}.${locale}`).toBeTruthy();
    }
  });

  it('names items in the locale asked by query, then by Accept-Language', async () => {
    const byQuery = await get('search-public/languages?locale=tr');
    expect(byQuery.body.data.find((language: { code: string }) => language.code === 'de').name).toBe('Almanca');
    const byHeader = await get('search-public/languages', { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.5' });
    expect(byHeader.body.data.find((language: { code: string }) => language.code === 'en').name).toBe('Английский');
  });

  it('refuses an unknown locale with the error model', async () => {
    const { status, body } = await get('search-public/languages?locale=xx');
    expect(status).toBe(400);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.details.issues[0].path).toBe('querystring.locale');
  });

  it('lists the five language levels from native to beginner', async () => {
    const { body } = await get('user-mr-language-public/get-mr-language-levels?locale=de');
    expect(body.data.map((level: { key: string }) => level.key)).toEqual([
      'native',
      'fluent',
      'advanced',
      'intermediate',
      'beginner',
    ]);
  });
});

describe('search-places', () => {
  const keysFor = async (query: string) => {
    const { status, body } = await get(`search-public/search-places?query=${encodeURIComponent(query)}`);
    expect(status).toBe(200);
    return body.data.map((place: { key: string }) => place.key);
  };

  it('lists every country and destination city without a query', async () => {
    const { body } = await get('search-public/search-places');
    expect(body.data.filter((place: { type: string }) => place.type === 'city')).toHaveLength(12);
    expect(body.data.filter((place: { type: string }) => place.type === 'country')).toHaveLength(11);
  });

  it('finds a city by its name in any locale, ignoring case and accents', async () => {
    for (const query of ['istanbul', 'İSTANBUL', 'Istanbul', 'Стамбул', 'إسطنبول', 'stanb']) {
      expect(await keysFor(query), query).toContain('istanbul');
    }
    expect((await keysFor('Wien'))[0]).toBe('vienna');
    expect((await keysFor('venezia'))[0]).toBe('venice');
    expect(await keysFor('prag')).toContain('prague');
  });

  it('still finds a place through a typo', async () => {
    expect(await keysFor('amsterdan')).toContain('amsterdam');
  });

  it('ranks names that start with the query first', async () => {
    expect((await keysFor('ro'))[0]).toMatch(/^(rome|rothenburg|ro)$/);
  });

  it('answers the city with its country name in the asked locale', async () => {
    const { body } = await get('search-public/search-places?query=rome&locale=fr');
    const rome = body.data.find((place: { key: string }) => place.key === 'rome');
    expect(rome).toMatchObject({ type: 'city', name: 'Rome', countryName: 'Italie', countryCode: 'IT' });
  });

  it('treats LIKE wildcards in the query as text', async () => {
    expect(await keysFor('%')).toEqual([]);
    expect(await keysFor('_')).toEqual([]);
  });

  it('refuses a query over 100 characters and a limit outside 1–50', async () => {
    expect((await get(`search-public/search-places?query=${'a'.repeat(101)}`)).status).toBe(400);
    expect((await get('search-public/search-places?limit=0')).status).toBe(400);
    expect((await get('search-public/search-places?limit=51')).status).toBe(400);
  });
});

describe('other reference lists', () => {
  it('answers genders on both paths', async () => {
    for (const url of ['gender-public/genders', 'gender-public/get-genders']) {
      const { body } = await get(url);
      expect(body.data.map((gender: { key: string }) => gender.key)).toEqual(['male', 'female', 'other']);
    }
  });

  it('lists TL, USD and EUR with their exchange rates', async () => {
    const { body } = await get('currency-public/get-currency-public');
    const byCode = Object.fromEntries(body.data.map((currency: { code: string }) => [currency.code, currency]));
    expect(Object.keys(byCode).sort()).toEqual(['EUR', 'TRY', 'USD']);
    expect(byCode.TRY.label).toBe('TL');
    expect(byCode.USD.unitsPerUsd).toBe(1);
    expect(byCode.TRY.unitsPerUsd).toBeGreaterThan(1);
    expect(Date.parse(byCode.EUR.updatedAt)).not.toBeNaN();
  });

  it('lists the three identity verification types', async () => {
    const { body } = await get('guid-id-verification-type-public/guid-id-verification-types');
    expect(body.data.map((type: { key: string }) => type.key)).toEqual(['drivers_license', 'passport', 'id_card']);
  });

  it('keeps both sets of service types, marked, with the two service kinds', async () => {
    const { body } = await get('service-type-public/get-all');
    const primary = body.data.filter((type: { set: string }) => type.set === 'primary');
    const secondary = body.data.filter((type: { set: string }) => type.set === 'secondary');
    expect(primary).toHaveLength(27);
    expect(primary[0].key).toBe('city_tour');
    expect(secondary.map((type: { key: string }) => type.key)).toEqual(
      expect.arrayContaining(['adventureTravel', 'animalLover', 'foodie']),
    );
    expect(body.serviceKinds.map((kind: { key: string }) => kind.key)).toEqual(['guidance', 'translation']);
  });

  it('lists one set of service types, the primary one by default', async () => {
    expect((await get('service-type-public/get-list')).body.data).toHaveLength(27);
    const secondary = await get('service-type-public/get-list?set=secondary');
    expect(secondary.body.data.every((type: { set: string }) => type.set === 'secondary')).toBe(true);
    expect((await get('service-type-public/get-list?set=tertiary')).status).toBe(400);
  });

  it('answers the onboarding content in the asked locale', async () => {
    const { body } = await get('onboarding-content-public-public/get-onboarding-content-public?locale=tr');
    const features = body.data.filter((item: { kind: string }) => item.kind === 'feature_step');
    const steps = body.data.filter((item: { kind: string }) => item.kind === 'become_guide_step');
    expect(features.map((item: { key: string }) => item.key)).toEqual(['register', 'find_guide', 'explore']);
    expect(steps).toHaveLength(8);
    expect(steps.map((item: { position: number }) => item.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(features[0].title).not.toBe(
      (await get('onboarding-content-public-public/get-onboarding-content-public?locale=en')).body.data.find(
        (item: { key: string }) => item.key === 'register',
      ).title,
    );
  });
});

describe('addresses', () => {
  it('lists countries, their states and their cities', async () => {
    const { body: countriesBody } = await get('address-public/get-countries?locale=de');
    expect(countriesBody.data).toHaveLength(11);
    const germany = countriesBody.data.find((country: { code: string }) => country.code === 'DE');
    expect(germany.name).toBe('Deutschland');

    const { body: statesBody } = await get(`address-public/get-states?countryId=${germany.id}`);
    expect(statesBody.data.map((state: { code: string }) => state.code)).toContain('DE-BY');

    const italy = countriesBody.data.find((country: { code: string }) => country.code === 'IT');
    const { body: citiesBody } = await get(`address-public/get-cities?countryId=${italy.id}`);
    expect(citiesBody.data.map((city: { key: string }) => city.key).sort()).toEqual(['rome', 'venice']);
    expect(citiesBody.data[0].timezone).toBe('Europe/Rome');
  });

  it('asks for a country id when listing states', async () => {
    const { status, body } = await get('address-public/get-states');
    expect(status).toBe(400);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect((await get('address-public/get-states?countryId=not-a-uuid')).status).toBe(400);
  });
});

describe('seeding', () => {
  it('can run again without duplicating anything', async () => {
    const before = [await t.database.db.$count(languages), await t.database.db.$count(countries)];
    await seedReferenceData(t.database.db);
    expect([await t.database.db.$count(languages), await t.database.db.$count(countries)]).toEqual(before);
  });
});

describe('reference lists kept in memory', () => {
  const url = '/api/app/search-public/languages?locale=de';

  it('answers 304 to a client that holds the current list', async () => {
    const first = await t.app.inject({ method: 'GET', url });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const otherLocale = await t.app.inject({
      method: 'GET',
      url: '/api/app/search-public/languages?locale=ar',
      headers: { 'if-none-match': etag },
    });
    expect(otherLocale.statusCode).toBe(200);
  });

  it('sends the brotli or gzip copy the client accepts, and the same list', async () => {
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('shows a changed list as soon as the change commits', async () => {
    const before = await t.app.inject({ method: 'GET', url });
    const [row] = await t.database.db.select().from(languages).where(eq(languages.code, 'ja'));
    if (!row) throw new Error('no Japanese');
    try {
      await t.database.db
        .update(languages)
        .set({ names: { ...row.names, de: 'Japanisch (neu)' } })
        .where(eq(languages.id, row.id));
      await expect
        .poll(async () => {
          const after = await t.app.inject({ method: 'GET', url });
          return after.json().data.find((language: { code: string }) => language.code === 'ja')?.name;
        })
        .toBe('Japanisch (neu)');
      const after = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': before.headers.etag as string },
      });
      expect(after.statusCode).toBe(200);
    } finally {
      await t.database.db.update(languages).set({ names: row.names }).where(eq(languages.id, row.id));
    }
  });
});
