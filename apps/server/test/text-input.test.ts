import { SUPPORT_TOPICS } from '@marco/contract/support';
import { TEXT_MESSAGES } from '@marco/contract/text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app.js';
import { createUser, newIp, type TestUser } from './factories.js';
import { createApprovedGuide, findPlace, type TestGuide, workdayFromNow } from './guide-factories.js';

const API = '/api/app';

let t: TestApp;
let traveller: TestUser;
let guide: TestGuide;
let place: { cityId: string; countryId: string };
beforeAll(async () => {
  t = await createTestApp();
  traveller = await createUser(t.app);
  guide = await createApprovedGuide(t.app, t.database.db);
  place = await findPlace(t.app, 'istanbul');
});
afterAll(() => t.close());

interface Case {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  as?: 'traveller' | 'guide';
  body?: (text: string) => object;
  /** Where the text goes when it is not in the body. */
  query?: string;
  path: string;
  /** Text the field takes; default 'Galata Tower'. */
  ordinary?: string;
}

// The routes where a NUL answered 500 (issue 15): PostgreSQL refuses the byte.
const CASES: Case[] = [
  {
    name: 'a chat message',
    method: 'POST',
    url: `${API}/chat-conversation-public/send-message`,
    as: 'traveller',
    body: (text) => ({ recipientUserId: guide.user.userId, text }),
    path: 'body.text',
  },
  {
    name: 'a support message',
    method: 'POST',
    url: `${API}/support-public/contact`,
    body: (text) => ({
      topic: SUPPORT_TOPICS[0],
      message: `I cannot open my reservation page. ${text}`,
      email: 'ayse@example.com',
      page: '/en/about',
    }),
    path: 'body.message',
  },
  {
    name: 'a bug report',
    method: 'POST',
    url: `${API}/report-client-bug-public/create`,
    body: (text) => ({ description: text }),
    path: 'body.description',
  },
  {
    name: 'an address',
    method: 'POST',
    url: `${API}/address-public/create-user-address`,
    as: 'traveller',
    body: (text) => ({ countryId: place.countryId, street: text }),
    path: 'body.street',
  },
  {
    name: 'the profile about text',
    method: 'PUT',
    url: `${API}/user-detail-public/update-user-profile-detail`,
    as: 'traveller',
    body: (text) => ({ about: text }),
    path: 'body.about',
  },
  {
    name: "the guide's about text",
    method: 'PUT',
    url: `${API}/user-guide-operation-public/update-user-guide`,
    as: 'guide',
    body: (text) => ({ about: text }),
    path: 'body.about',
  },
  {
    name: 'a meeting point',
    method: 'POST',
    url: `${API}/reservation-operations-public/create`,
    as: 'traveller',
    body: (text) => ({
      guideId: guide.guideId,
      cityId: place.cityId,
      dates: [workdayFromNow(7)],
      startHour: 10,
      endHour: 12,
      meetingPoint: text,
      contactPhone: '+905321234567',
      contactEmail: 'traveller@example.com',
      currency: 'USD',
    }),
    path: 'body.meetingPoint',
  },
  {
    name: 'a place search',
    method: 'GET',
    url: `${API}/search-public/search-places`,
    query: 'query',
    path: 'querystring.query',
  },
  {
    name: 'a service type of the guide search',
    method: 'POST',
    url: `${API}/search-public/search-guides-public`,
    body: (text) => ({ serviceTypes: [text] }),
    path: 'body.serviceTypes.0',
    ordinary: 'city_tour',
  },
];

const send = (entry: Case, text: string) => {
  const user = entry.as === 'traveller' ? traveller : entry.as === 'guide' ? guide.user : undefined;
  return t.app.inject({
    method: entry.method,
    url: entry.query ? `${entry.url}?${entry.query}=${encodeURIComponent(text)}` : entry.url,
    headers: user ? user.headers : { 'x-forwarded-for': newIp() },
    ...(entry.body ? { payload: entry.body(text) } : {}),
  });
};

describe('text with control characters', () => {
  it.each(CASES)('refuses a NUL in $name with 400 VALIDATION_FAILED at the field', async (entry) => {
    const ordinary = entry.ordinary ?? 'Galata Tower';
    const response = await send(entry, `${ordinary.slice(0, 4)}\u0000${ordinary.slice(4)}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { issues: expect.arrayContaining([{ path: entry.path, message: TEXT_MESSAGES.control }]) },
    });
  });

  it.each(CASES)('takes ordinary text in $name', async (entry) => {
    const response = await send(entry, entry.ordinary ?? 'Galata Tower');
    expect(response.statusCode, response.body).toBeLessThan(300);
  });

  it('stores text NFC-normalised: a decomposed é is kept as one character', async () => {
    const saved = await send(CASES[5] as Case, 'Cafe\u0301 owner');
    expect(saved.statusCode, saved.body).toBe(200);
    const mine = await t.app.inject({
      url: `${API}/user-guide-operation-public/get-user-guide`,
      headers: guide.user.headers,
    });
    expect(mine.json().about).toBe('Café owner');
  });
});
