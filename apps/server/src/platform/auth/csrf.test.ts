import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer, createUser, newIp, ownSite, signInWithCookie, type TestUser } from '../../../test/factories.js';
import { createApprovedGuide, createStaff, findPlace } from '../../../test/guide-factories.js';
import { approvedReservation, putAction } from '../../../test/payment-factories.js';
import { ManualClock } from '../clock.js';

// Monday 1 June 2026; test guides work Monday–Friday 9–17 in Istanbul.
const clock = new ManualClock('2026-06-01T06:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { PUBLIC_URL: 'https://marco.example' } });
});
afterAll(() => t.close());

const FOREIGN = { origin: 'https://evil.example' };
const NOT_FROM_SITE = {
  code: 'FORBIDDEN',
  message: 'Cross-site request refused: it must come from this site (Origin)',
  details: { reason: 'cross_site_request' },
};

/** A signed-in browser: the cookie of a web sign-in, and the user. */
async function cookieUser(): Promise<{ user: TestUser; cookie: string }> {
  const user = await createUser(t.app);
  return { user, cookie: `marco_session=${await signInWithCookie(t.app, user)}` };
}

/** A cookie-authenticated write: the user changes their display name. */
const renameWith = (cookie: string, headers: Record<string, string>, name = 'Defne') =>
  t.app.inject({
    method: 'PUT',
    url: '/api/app/user-detail-public/update-user-detail',
    headers: { cookie, ...headers },
    payload: { name, surname: 'Yıldız' },
  });

const nameOf = async (headers: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers })).json().user.name;

describe('cross-site request forgery', () => {
  it('refuses a cookie-authenticated write from a foreign Origin with 403, changing nothing', async () => {
    const { cookie } = await cookieUser();
    const response = await renameWith(cookie, FOREIGN, 'Mallory');
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual(NOT_FROM_SITE);
    expect(await nameOf({ cookie })).toBe('Ayşe');
  });

  it('refuses a cookie-authenticated write that says nothing of where it comes from', async () => {
    const { cookie } = await cookieUser();
    for (const headers of [
      {},
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'null' },
    ] as Array<Record<string, string>>) {
      const response = await renameWith(cookie, headers, 'Mallory');
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
    }
    const signOut = await t.app.inject({ method: 'DELETE', url: '/api/auth/session', headers: { cookie } });
    expect(signOut.statusCode).toBe(403);
    expect(await nameOf({ cookie })).toBe('Ayşe');
  });

  it("accepts writes from the site: PUBLIC_URL's origin, the request's own host, or Sec-Fetch-Site: same-origin", async () => {
    const { cookie } = await cookieUser();
    expect(ownSite(t.app)).toEqual({ origin: 'https://marco.example' });
    expect((await renameWith(cookie, ownSite(t.app), 'Defne')).statusCode).toBe(200);
    expect(await nameOf({ cookie })).toBe('Defne');
    const ownHost = { host: 'marco.internal:8080', origin: 'http://marco.internal:8080' };
    expect((await renameWith(cookie, ownHost, 'Derya')).statusCode).toBe(200);
    expect((await renameWith(cookie, { 'sec-fetch-site': 'same-origin' }, 'Deniz')).statusCode).toBe(200);
    expect(await nameOf({ cookie })).toBe('Deniz');
    // What a browser sends for a form on a page with Referrer-Policy: no-referrer.
    const nullOrigin = { origin: 'null', 'sec-fetch-site': 'same-origin' };
    expect((await renameWith(cookie, nullOrigin, 'Dilek')).statusCode).toBe(200);
    expect((await renameWith(cookie, { ...nullOrigin, 'sec-fetch-site': 'cross-site' }, 'Mallory')).statusCode).toBe(
      403,
    );
    expect(await nameOf({ cookie })).toBe('Dilek');
  });

  it('leaves bearer-token requests alone, wherever they say they come from', async () => {
    const user = await createUser(t.app);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/app/user-detail-public/update-user-detail',
      headers: { ...bearer(user.token), ...FOREIGN },
      payload: { name: 'Mobil', surname: 'Uygulama' },
    });
    expect(response.statusCode).toBe(200);
    const noOrigin = await t.app.inject({ method: 'DELETE', url: '/api/auth/session', headers: bearer(user.token) });
    expect(noOrigin.statusCode).toBe(200);
  });

  it('refuses form-encoded and text bodies on JSON routes with 415, from the site or not, cookie or bearer', async () => {
    const { user, cookie } = await cookieUser();
    for (const [type, payload] of [
      ['application/x-www-form-urlencoded', 'name=Mallory&surname=X'],
      ['text/plain', '{"name":"Mallory","surname":"X"}'],
      ['multipart/form-data; boundary=x', '--x--\r\n'],
    ] as const) {
      for (const headers of [{ cookie, ...ownSite(t.app) }, bearer(user.token)]) {
        const response = await t.app.inject({
          method: 'PUT',
          url: '/api/app/user-detail-public/update-user-detail',
          headers: { ...headers, 'content-type': type },
          payload,
        });
        expect(response.statusCode, type).toBe(415);
        expect(response.json().error.code).toBe('VALIDATION_FAILED');
      }
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { ...ownSite(t.app), 'content-type': 'application/x-www-form-urlencoded' },
      payload: `phoneNumber=${encodeURIComponent(user.phone)}&password=${encodeURIComponent(user.password)}`,
    });
    expect(login.statusCode).toBe(415);
    expect(await nameOf({ cookie })).toBe('Ayşe');
  });

  it('refuses a web sign-in from a foreign Origin or from nowhere (login CSRF)', async () => {
    const user = await createUser(t.app);
    const body = { phoneNumber: user.phone, password: user.password };
    for (const headers of [FOREIGN, {}]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'x-forwarded-for': newIp(), ...headers },
        payload: body,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toEqual(NOT_FROM_SITE);
      expect(response.cookies).toHaveLength(0);
    }
    const fromSite = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-forwarded-for': newIp(), 'sec-fetch-site': 'same-origin' },
      payload: body,
    });
    expect(fromSite.statusCode).toBe(200);
  });

  it('refuses sign-up and social sign-in into the cookie from another site, but not into a bearer token', async () => {
    const setPassword = (useCookie: boolean, headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/app/custom-user-account-public/set-password-for-phone',
        headers: { 'x-forwarded-for': newIp(), ...headers },
        payload: {
          userId: '0190f0c4-8a7e-7c3b-9a1d-2b3c4d5e6f70',
          registrationToken: 'not-a-token',
          password: 'a long passphrase',
          useCookie,
        },
      });
    expect((await setPassword(true, FOREIGN)).statusCode).toBe(403);
    expect((await setPassword(true, {})).statusCode).toBe(403);
    // Past the origin rule, the made-up sign-up fails on its own merits.
    expect((await setPassword(true, ownSite(t.app))).statusCode).not.toBe(403);
    expect((await setPassword(false, {})).statusCode).not.toBe(403);

    const social = await t.app.inject({
      method: 'POST',
      url: '/api/app/custom-external-login-public/external-login-provider',
      headers: { 'x-forwarded-for': newIp(), ...FOREIGN },
      payload: { provider: 'google', token: 'id-token', useCookie: true },
    });
    expect(social.statusCode).toBe(403);
  });

  it('keeps the sandbox checkout form working for a signed-in payer on the site, and refuses it from another site', async () => {
    const staff = await createStaff(t.app, t.database.db);
    const guide = await createApprovedGuide(t.app, t.database.db, { staff, name: 'Deniz' });
    const { cityId } = await findPlace(t.app, 'istanbul');
    const { user, cookie } = await cookieUser();
    const reservation = await approvedReservation(t.app, user, guide, cityId, '2026-06-03');
    const started = await putAction(t.app, user, reservation.id, 'pay');
    expect(started.statusCode, started.body).toBe(200);
    const press = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: new URL(started.body).pathname,
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: 'outcome=succeed',
      });
    expect((await press(FOREIGN)).statusCode).toBe(403);
    // Chromium posts the form with Origin: null, the page's referrer policy being no-referrer.
    const pressed = await press({ origin: 'null', 'sec-fetch-site': 'same-origin' });
    expect(pressed.statusCode).toBe(303);
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/app/reservation-operations-public/tourist/${reservation.id}`,
      headers: bearer(user.token),
    });
    expect(status.json().status).toBe('paid');
  });
});
