import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';

/** The currency switcher's links before the app runs, or without JavaScript (issue 16). */
describe('GET /currency/:code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('remembers the chosen currency in the cookie the app reads and goes back to the page, query kept', async () => {
    const response = await t.app.inject({
      url: `/currency/EUR?return=${encodeURIComponent('/de/guides?language=en&sort=price_asc')}`,
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/de/guides?language=en&sort=price_asc');
    expect(response.headers['cache-control']).toBe('no-store');
    const cookie = response.cookies.find((candidate) => candidate.name === 'currency');
    expect(cookie).toMatchObject({ value: 'EUR', path: '/', maxAge: 365 * 24 * 60 * 60, sameSite: 'Lax' });
    // The app reads it (and writes it) from the page's scripts.
    expect(cookie?.httpOnly).toBeFalsy();
  });

  it('goes back to the home page when no page is named', async () => {
    const response = await t.app.inject({ url: '/currency/TRY' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/');
  });

  it.each([
    ['another site', 'https://evil.example/'],
    ['a protocol-relative address', '//evil.example/'],
    ['a backslash browsers read as another host', '/\\evil.example/'],
    ['a header break', '/en/\r\nset-cookie: session=x'],
    ['a relative path', 'en/guides'],
  ])('refuses to send the visitor to %s', async (_case, target) => {
    const response = await t.app.inject({ url: `/currency/USD?return=${encodeURIComponent(target)}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a currency Marco does not offer', async () => {
    const response = await t.app.inject({ url: '/currency/GBP?return=%2Fen%2F' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});
