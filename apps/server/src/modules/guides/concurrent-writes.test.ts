import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createUser, type TestUser } from '../../../test/factories.js';

/*
 * Several writes of one guide's profile at once (a double click, two tabs): each answers 2xx or
 * a clean 4xx, exactly one language stays primary, a list replaced twice at once is one of the
 * lists sent (never a mix), and the limits hold. On PostgreSQL (TEST_DATABASE_URL) the requests
 * really run side by side.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const API = '/api/app';
const LANGUAGES = `${API}/user-mr-language-public`;

const expectCleanAnswers = (responses: Array<{ statusCode: number; body: string }>) => {
  for (const response of responses) {
    expect(response.statusCode < 300 || (response.statusCode >= 400 && response.statusCode < 500), response.body).toBe(
      true,
    );
  }
};

const addLanguage = (user: TestUser, code: string, isPrimary: boolean) =>
  t.app.inject({
    method: 'PUT',
    url: `${LANGUAGES}/update-user-mr-languages?languageCode=${code}&levelKey=fluent&isPrimary=${isPrimary}`,
    headers: user.headers,
  });

const replaceLanguages = (user: TestUser, codes: string[]) =>
  t.app.inject({
    method: 'PUT',
    url: `${LANGUAGES}/update-user-mr-languages`,
    headers: user.headers,
    payload: {
      languages: codes.map((code, index) => ({ languageCode: code, levelKey: 'fluent', isPrimary: index === 0 })),
    },
  });

async function listLanguages(user: TestUser): Promise<Array<{ id: string; code: string; isPrimary: boolean }>> {
  const response = await t.app.inject({
    method: 'GET',
    url: `${LANGUAGES}/get-user-mr-languages-for-edit`,
    headers: user.headers,
  });
  return response.json().data;
}

const CODES = ['en', 'de', 'fr', 'es', 'it', 'ru'];

describe('concurrent writes of one guide profile', () => {
  it('keeps exactly one primary language when several are made primary at once', async () => {
    const user = await createUser(t.app);
    const responses = await Promise.all(CODES.map((code) => addLanguage(user, code, true)));
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const languages = await listLanguages(user);
    expect(languages.map((language) => language.code).sort()).toEqual([...CODES].sort());
    expect(languages.filter((language) => language.isPrimary)).toHaveLength(1);
  });

  it('makes exactly one language primary when the first languages are added at once', async () => {
    const user = await createUser(t.app);
    const responses = await Promise.all(CODES.map((code) => addLanguage(user, code, false)));
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const languages = await listLanguages(user);
    expect(languages).toHaveLength(CODES.length);
    expect(languages.filter((language) => language.isPrimary)).toHaveLength(1);
  });

  it('keeps one whole language list when lists are replaced at once', async () => {
    const user = await createUser(t.app);
    const lists = [['en', 'de'], ['fr'], ['es', 'it', 'ru'], ['de', 'en', 'fr'], ['ru', 'es']];
    const responses = await Promise.all(lists.map((codes) => replaceLanguages(user, codes)));
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const languages = await listLanguages(user);
    const primary = languages.filter((language) => language.isPrimary);
    expect(primary).toHaveLength(1);
    const kept = lists.find((codes) => codes[0] === primary[0]?.code);
    expect(languages.map((language) => language.code).sort()).toEqual([...(kept ?? [])].sort());
  });

  it('keeps exactly one primary language while languages are removed and made primary at once', async () => {
    const user = await createUser(t.app);
    expect((await replaceLanguages(user, ['en', 'de', 'fr'])).statusCode).toBe(200);
    const byCode = new Map((await listLanguages(user)).map((language) => [language.code, language.id]));
    const remove = (code: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `${LANGUAGES}/delete-user-mr-language/${byCode.get(code)}`,
        headers: user.headers,
      });
    const responses = await Promise.all([
      remove('de'),
      addLanguage(user, 'de', true),
      remove('en'),
      addLanguage(user, 'fr', true),
      remove('fr'),
      addLanguage(user, 'es', false),
    ]);
    expectCleanAnswers(responses);
    const languages = await listLanguages(user);
    expect(languages.length).toBeGreaterThan(0);
    expect(languages.filter((language) => language.isPrimary)).toHaveLength(1);
  });

  it('keeps one whole set of service types when they are chosen at once', async () => {
    const user = await createUser(t.app);
    const sets = [['city_tour'], ['historical_places', 'food_and_drink'], ['museum_and_art', 'beach', 'city_tour']];
    const responses = await Promise.all(
      [...sets, ...sets].map((serviceTypeKeys) =>
        t.app.inject({
          method: 'POST',
          url: `${API}/service-type-public/create-update/${user.userId}/guidance`,
          headers: user.headers,
          payload: { serviceTypeKeys },
        }),
      ),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const guideId = responses[0]?.json().guideId;
    const stored = await t.app.inject({
      method: 'GET',
      url: `${API}/service-type-public/get-guide-service-type/${guideId}`,
      headers: user.headers,
    });
    const kinds: Array<{ key: string; serviceTypes: Array<{ key: string }> }> = stored.json().serviceKinds;
    expect(kinds.map((kind) => kind.key)).toEqual(['guidance']);
    const keys = (kinds[0]?.serviceTypes ?? []).map((type) => type.key).sort();
    expect(sets.map((set) => [...set].sort())).toContainEqual(keys);
  });

  it('keeps one whole work schedule when schedules are replaced at once', async () => {
    const user = await createUser(t.app);
    const schedules = [1, 2, 3, 4].map((count) =>
      Array.from({ length: count }, (_, index) => ({
        planType: 'weekly',
        startHour: 8 + index,
        endHour: 12 + index,
        weekdays: [index + 1],
      })),
    );
    const responses = await Promise.all(
      schedules.map((plans) =>
        t.app.inject({
          method: 'PUT',
          url: `${API}/user-guide-operation-public/update-user-guide-work-schedule`,
          headers: user.headers,
          payload: { plans },
        }),
      ),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const stored = await t.app.inject({
      method: 'GET',
      url: `${API}/user-guide-operation-public/user-guide-work-plans`,
      headers: user.headers,
    });
    expect(stored.statusCode, stored.body).toBe(200);
    expect(schedules.map((plans) => plans.length)).toContain(stored.json().data.length);
  });

  it('never keeps more vehicles than the limit when they are added at once', async () => {
    const user = await createUser(t.app);
    const responses = await Promise.all(
      Array.from({ length: 13 }, (_, index) =>
        t.app.inject({
          method: 'POST',
          url: `${API}/user-guide-vehicle-public/create-user-vehicle`,
          headers: user.headers,
          payload: { brand: 'Fiat', model: 'Doblo', color: 'white', plate: `34 ab ${100 + index}`, seatCount: 5 },
        }),
      ),
    );
    expectCleanAnswers(responses);
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(10);
    const vehicles = await t.app.inject({
      method: 'GET',
      url: `${API}/user-guide-vehicle-public/get-user-vehicles`,
      headers: user.headers,
    });
    expect(vehicles.json().data).toHaveLength(10);
  });
});
