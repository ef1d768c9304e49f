import { isValidIban } from '@marco/contract/guides';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createUser, type TestUser } from '../../../test/factories.js';
import {
  createApprovedGuide,
  createGuideApplicant,
  FILES,
  imageBytes,
  pdfBytes,
  upload,
} from '../../../test/guide-factories.js';

const API = '/api/app';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, user: TestUser | null, payload?: object) =>
  t.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });

describe('languages (user-mr-language-public)', () => {
  const LANG = `${API}/user-mr-language-public`;

  it('replaces the list with exactly one primary language', async () => {
    const user = await createUser(t.app);
    const saved = await send('PUT', `${LANG}/update-user-mr-languages?locale=tr`, user, {
      languages: [
        { languageCode: 'de', levelKey: 'fluent' },
        { languageCode: 'TR', levelKey: 'native', isPrimary: true },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(
      saved
        .json()
        .data.map((entry: { code: string; isPrimary: boolean; levelName: string }) => [entry.code, entry.isPrimary]),
    ).toEqual([
      ['tr', true],
      ['de', false],
    ]);
    expect(saved.json().data[0].name).toBe('Türkçe');

    for (const languages of [
      [{ languageCode: 'de', levelKey: 'fluent' }],
      [
        { languageCode: 'de', levelKey: 'fluent', isPrimary: true },
        { languageCode: 'en', levelKey: 'fluent', isPrimary: true },
      ],
    ]) {
      const response = await send('PUT', `${LANG}/update-user-mr-languages`, user, { languages });
      expect(response.statusCode).toBe(400);
    }
    const twice = await send('PUT', `${LANG}/update-user-mr-languages`, user, {
      languages: [
        { languageCode: 'de', levelKey: 'fluent', isPrimary: true },
        { languageCode: 'de', levelKey: 'native' },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect((await get(`${LANG}/get-user-mr-languages`, user.headers)).json().data).toHaveLength(2);
  });

  it('refuses an unknown language or level with 400 naming the field', async () => {
    const user = await createUser(t.app);
    const language = await send('PUT', `${LANG}/update-user-mr-languages`, user, {
      languages: [{ languageCode: 'xx', levelKey: 'native', isPrimary: true }],
    });
    expect(language.statusCode).toBe(400);
    expect(language.json().error.details.issues[0].path).toBe('body.languages.0.languageCode');
    const level = await send('PUT', `${LANG}/update-user-mr-languages`, user, {
      languages: [{ languageCode: 'en', levelKey: 'godlike', isPrimary: true }],
    });
    expect(level.json().error.details.issues[0].path).toBe('body.languages.0.levelKey');
    const query = await send('PUT', `${LANG}/update-user-mr-languages?languageCode=en&levelKey=godlike`, user);
    expect(query.statusCode).toBe(400);
    const nothing = await send('PUT', `${LANG}/update-user-mr-languages`, user);
    expect(nothing.statusCode).toBe(400);
  });

  it('adds and changes one language by query; the first is primary; isPrimary moves it', async () => {
    const user = await createUser(t.app);
    const first = await send('PUT', `${LANG}/update-user-mr-languages?languageCode=fr&levelKey=advanced`, user);
    expect(first.json().data).toEqual([expect.objectContaining({ code: 'fr', isPrimary: true, levelKey: 'advanced' })]);
    await send('PUT', `${LANG}/update-user-mr-languages?languageCode=es&levelKey=beginner`, user);
    const moved = await send(
      'PUT',
      `${LANG}/update-user-mr-languages?languageCode=es&levelKey=fluent&isPrimary=true`,
      user,
    );
    expect(
      moved.json().data.map((entry: { code: string; isPrimary: boolean }) => [entry.code, entry.isPrimary]),
    ).toEqual([
      ['es', true],
      ['fr', false],
    ]);
  });

  it("deletes a language, keeps the primary while others remain, and never another user's", async () => {
    const [user, other] = await Promise.all([createUser(t.app), createUser(t.app)]);
    const saved = await send('PUT', `${LANG}/update-user-mr-languages`, user, {
      languages: [
        { languageCode: 'en', levelKey: 'native', isPrimary: true },
        { languageCode: 'it', levelKey: 'intermediate' },
      ],
    });
    const [primary, secondary] = saved.json().data;
    expect((await send('DELETE', `${LANG}/delete-user-mr-language/${secondary.id}`, other)).statusCode).toBe(404);
    expect((await send('DELETE', `${LANG}/delete-user-mr-language/${primary.id}`, user)).statusCode).toBe(409);
    const left = await send('DELETE', `${LANG}/delete-user-mr-language/${secondary.id}`, user);
    expect(left.json().data).toHaveLength(1);
    expect((await send('DELETE', `${LANG}/delete-user-mr-language/${primary.id}`, user)).json().data).toEqual([]);
  });

  it('lists the choices for editing, and a public guide’s languages by id', async () => {
    const user = await createUser(t.app);
    const edit = await get(`${LANG}/get-user-mr-languages-for-edit`, user.headers);
    expect(edit.json().data).toEqual([]);
    expect(edit.json().languages.length).toBeGreaterThanOrEqual(11);
    expect(edit.json().levels.map((level: { key: string }) => level.key)).toContain('native');

    const guide = await createApprovedGuide(t.app, t.database.db, { languages: ['de', 'en'] });
    const languages = await get(`${LANG}/get-mr-language-guides/${guide.guideId}`);
    expect(languages.json().data.map((entry: { code: string }) => entry.code)).toEqual(['de', 'en']);
    const draft = await createGuideApplicant(t.app);
    expect((await get(`${LANG}/get-mr-language-guides/${draft.guideId}`)).json().error.code).toBe('GUIDE_NOT_FOUND');
    expect((await get(`${LANG}/get-mr-language-guides/${draft.guideId}`, draft.user.headers)).statusCode).toBe(200);
  });
});

describe('pricing and bank info (user-guide-pricing-public)', () => {
  const PRICE = `${API}/user-guide-pricing-public`;

  it('stores the hourly rate as minor units with a currency and refuses zero, fractions and other currencies', async () => {
    const user = await createUser(t.app);
    const saved = await send('POST', `${PRICE}/create-update`, user, { hourlyRateMinor: 250000, currency: 'TRY' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ hourlyRateMinor: 250000, currency: 'TRY' });
    for (const payload of [
      { hourlyRateMinor: 0, currency: 'USD' },
      { hourlyRateMinor: -5, currency: 'USD' },
      { hourlyRateMinor: 12.5, currency: 'USD' },
      { hourlyRateMinor: 1000, currency: 'GBP' },
    ]) {
      expect((await send('POST', `${PRICE}/create-update`, user, payload)).statusCode).toBe(400);
    }
    const all = await get(`${PRICE}/get-all`, user.headers);
    expect(all.json().data).toEqual([
      expect.objectContaining({ kind: 'guide', hourlyRateMinor: 250000, currency: 'TRY' }),
    ]);
  });

  it("shows a public guide's price, never a draft's to others", async () => {
    const guide = await createApprovedGuide(t.app, t.database.db, { rate: { minor: 4500, currency: 'EUR' } });
    expect((await get(`${PRICE}/get-price/${guide.user.userId}`)).json()).toEqual({
      guideId: guide.guideId,
      hourlyRateMinor: 4500,
      currency: 'EUR',
    });
    const draft = await createGuideApplicant(t.app);
    const other = await createUser(t.app);
    expect((await get(`${PRICE}/get-price/${draft.guideId}`, other.headers)).statusCode).toBe(404);
    expect((await get(`${PRICE}/get-price/${crypto.randomUUID()}`)).json().error.code).toBe('GUIDE_NOT_FOUND');
  });

  it('checks the IBAN checksum and country length and the SWIFT/BIC format', async () => {
    const user = await createUser(t.app);
    const none = await get(`${PRICE}/get-bank-info`, user.headers);
    expect([none.statusCode, none.json()]).toEqual([200, null]);
    const base = {
      bankName: 'Deutsche Bank',
      iban: 'DE89 3704 0044 0532 0130 00',
      swift: 'deutdeff',
      holderFirstName: 'Max',
      holderLastName: 'Muster',
    };
    const saved = await send('POST', `${PRICE}/create-update-bank-info`, user, base);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ iban: 'DE89370400440532013000', swift: 'DEUTDEFF', accountNumber: null });

    const wrongChecksum = await send('POST', `${PRICE}/create-update-bank-info`, user, {
      ...base,
      iban: 'DE88 3704 0044 0532 0130 00',
    });
    expect(wrongChecksum.statusCode).toBe(400);
    expect(wrongChecksum.json().error.details.issues[0].path).toBe('body.iban');
    const wrongLength = await send('POST', `${PRICE}/create-update-bank-info`, user, {
      ...base,
      iban: 'DE89370400440532013',
    });
    expect(wrongLength.statusCode).toBe(400);
    const wrongSwift = await send('POST', `${PRICE}/create-update-bank-info`, user, { ...base, swift: 'DEUT1EFF' });
    expect(wrongSwift.json().error.details.issues[0].path).toBe('body.swift');
    const elevenSwift = await send('POST', `${PRICE}/create-update-bank-info`, user, { ...base, swift: 'DEUTDEFF500' });
    expect(elevenSwift.statusCode).toBe(200);

    const other = await createUser(t.app);
    expect((await get(`${PRICE}/get-bank-info`, other.headers)).json()).toBeNull();
    expect((await get(`${PRICE}/get-bank-info`, user.headers)).json().swift).toBe('DEUTDEFF500');
  });

  it('validates IBANs of several countries', () => {
    expect(isValidIban('GB82 WEST 1234 5698 7654 32')).toBe(true);
    expect(isValidIban('TR330006100519786457841326')).toBe(true);
    expect(isValidIban('FR1420041010050500013M02606')).toBe(true);
    expect(isValidIban('GB82 WEST 1234 5698 7654 33')).toBe(false);
    expect(isValidIban('XX82WEST12345698765432')).toBe(false);
    expect(isValidIban('')).toBe(false);
  });
});

describe('service types (service-type-public)', () => {
  const SERVICE = `${API}/service-type-public`;

  it('sets the service types of a kind for the caller ({a} = own guide or user id, {b} = kind key)', async () => {
    const user = await createUser(t.app);
    const guidance = await send('POST', `${SERVICE}/create-update/${user.userId}/guidance?locale=en`, user, {
      serviceTypeKeys: ['museum_and_art', 'city_tour', 'foodie'],
    });
    expect(guidance.statusCode).toBe(200);
    const guideId = guidance.json().guideId;
    expect(guidance.json().serviceKinds).toEqual([
      expect.objectContaining({
        key: 'guidance',
        serviceTypes: [
          expect.objectContaining({ key: 'city_tour', set: 'primary' }),
          expect.objectContaining({ key: 'museum_and_art' }),
          expect.objectContaining({ key: 'foodie', set: 'secondary' }),
        ],
      }),
    ]);
    const translation = await send('POST', `${SERVICE}/create-update/${guideId}/translation`, user, {});
    expect(translation.json().serviceKinds.map((kind: { key: string }) => kind.key)).toEqual([
      'guidance',
      'translation',
    ]);
    const replaced = await send('POST', `${SERVICE}/create-update/${guideId}/guidance`, user, {
      serviceTypeKeys: ['beach'],
    });
    expect(replaced.json().serviceKinds[0].serviceTypes.map((type: { key: string }) => type.key)).toEqual(['beach']);
    const off = await send('POST', `${SERVICE}/create-update/${guideId}/translation`, user, { enabled: false });
    expect(off.json().serviceKinds.map((kind: { key: string }) => kind.key)).toEqual(['guidance']);
    expect((await get(`${SERVICE}/get-guide-service-type/${guideId}`, user.headers)).json().serviceKinds).toHaveLength(
      1,
    );
  });

  it('refuses unknown kinds and types, and other users’ guides', async () => {
    const [user, other] = await Promise.all([createUser(t.app), createUser(t.app)]);
    expect((await send('POST', `${SERVICE}/create-update/${user.userId}/cooking`, user, {})).statusCode).toBe(400);
    const unknown = await send('POST', `${SERVICE}/create-update/${user.userId}/guidance`, user, {
      serviceTypeKeys: ['space_travel'],
    });
    expect(unknown.statusCode).toBe(400);
    const foreign = await send('POST', `${SERVICE}/create-update/${other.userId}/guidance`, user, {
      serviceTypeKeys: ['beach'],
    });
    expect(foreign.statusCode).toBe(403);
    expect((await get(`${SERVICE}/get-guide-service-type/${other.userId}`, user.headers)).statusCode).toBe(404);
  });
});

describe('ID verification', () => {
  const OP = `${API}/user-guide-operation-public`;

  it('stores method, issuing country and date with the uploaded documents', async () => {
    const user = await createUser(t.app);
    const empty = await get(`${OP}/get-user-guide-id-verification`, user.headers);
    expect(empty.json()).toMatchObject({ verificationType: null, documents: [] });
    const countries = (await get(`${API}/address-public/get-countries`)).json().data;
    const italy = countries.find((country: { code: string }) => country.code === 'IT');
    const saved = await send('PUT', `${OP}/update-user-guide-id-verification`, user, {
      verificationTypeKey: 'drivers_license',
      issuingCountryId: italy.id,
      issueDate: '2019-06-01',
      expiryDate: '2029-06-01',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      verificationType: { key: 'drivers_license' },
      issuingCountry: { code: 'IT' },
      issueDate: '2019-06-01',
    });
    await upload(t.app, user, `${FILES}/upload-user-identity-doc-file`, {
      data: await imageBytes('png'),
      filename: 'f.png',
    });
    expect((await get(`${OP}/get-user-guide-id-verification`, user.headers)).json().documents).toHaveLength(1);

    for (const payload of [
      { verificationTypeKey: 'library_card', issuingCountryId: italy.id, issueDate: '2019-06-01' },
      { verificationTypeKey: 'passport', issuingCountryId: crypto.randomUUID(), issueDate: '2019-06-01' },
      { verificationTypeKey: 'passport', issuingCountryId: italy.id, issueDate: '2999-01-01' },
      { verificationTypeKey: 'passport', issuingCountryId: italy.id, issueDate: '2019-02-30' },
    ]) {
      expect((await send('PUT', `${OP}/update-user-guide-id-verification`, user, payload)).statusCode).toBe(400);
    }
  });
});

describe('vehicles', () => {
  const V = `${API}/user-guide-vehicle-public`;
  const car = {
    brand: 'Fiat',
    model: 'Doblò',
    color: 'white',
    plate: '34 abc 123',
    seatCount: 5,
    hasAirConditioning: true,
    additionalHourlyRateMinor: 1500,
  };

  it('creates, edits, lists and deletes own vehicles with photos and private papers', async () => {
    const user = await createUser(t.app);
    const created = await send('POST', `${V}/create-user-vehicle`, user, car);
    expect(created.statusCode).toBe(200);
    const vehicle = created.json();
    expect(vehicle).toMatchObject({ plate: '34 ABC 123', hasChildSeat: false, photos: [], documents: [] });

    const photo = await upload(t.app, user, `${FILES}/upload-user-vehicle-photo-file?vehicleId=${vehicle.id}`, {
      data: await imageBytes('webp'),
      filename: 'car.webp',
    });
    expect(photo.statusCode).toBe(200);
    const paper = await upload(
      t.app,
      user,
      `${FILES}/upload-user-vehicle-doc-file?vehicleId=${vehicle.id}&kind=vehicle_insurance`,
      { data: pdfBytes(), filename: 'insurance.pdf' },
    );
    expect(paper.json()).toMatchObject({ kind: 'vehicle_insurance', vehicleId: vehicle.id });

    const updated = await send('PUT', `${V}/update-user-vehicle/${vehicle.id}`, user, {
      ...car,
      seatCount: 7,
      hasChildSeat: true,
    });
    expect(updated.json()).toMatchObject({ seatCount: 7, hasChildSeat: true });
    expect(updated.json().photos).toHaveLength(1);
    expect(updated.json().documents).toHaveLength(1);

    const prices = (await get(`${API}/user-guide-pricing-public/get-all`, user.headers)).json().data;
    expect(prices).toContainEqual(expect.objectContaining({ kind: 'vehicle', id: vehicle.id, hourlyRateMinor: 1500 }));

    for (const payload of [
      { ...car, seatCount: 0 },
      { ...car, additionalHourlyRateMinor: -1 },
      { ...car, brand: '' },
    ]) {
      expect((await send('POST', `${V}/create-user-vehicle`, user, payload)).statusCode).toBe(400);
    }
    expect((await send('DELETE', `${V}/delete-user-vehicle/${vehicle.id}`, user)).json()).toEqual({ success: true });
    expect((await get(`${V}/get-user-vehicles`, user.headers)).json().data).toEqual([]);
    expect((await get(paper.json().downloadUrl, user.headers)).statusCode).toBe(404);
  });

  it("cannot see, change or add files to another user's vehicle", async () => {
    const [owner, other] = await Promise.all([createUser(t.app), createUser(t.app)]);
    const vehicle = (await send('POST', `${V}/create-user-vehicle`, owner, car)).json();
    expect((await get(`${V}/get-user-vehicles`, other.headers)).json().data).toEqual([]);
    expect((await send('PUT', `${V}/update-user-vehicle/${vehicle.id}`, other, car)).statusCode).toBe(404);
    expect((await send('DELETE', `${V}/delete-user-vehicle/${vehicle.id}`, other)).statusCode).toBe(404);
    const photo = await upload(t.app, other, `${FILES}/upload-user-vehicle-photo-file?vehicleId=${vehicle.id}`, {
      data: await imageBytes(),
      filename: 'x.jpg',
    });
    expect(photo.statusCode).toBe(404);
    const paper = await upload(
      t.app,
      other,
      `${FILES}/upload-user-vehicle-doc-file?vehicleId=${vehicle.id}&kind=vehicle_registration`,
      { data: pdfBytes(), filename: 'x.pdf' },
    );
    expect(paper.statusCode).toBe(404);
    expect((await get(`${V}/get-user-vehicles`, owner.headers)).json().data[0].documents).toEqual([]);
  });
});
