import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer, createUser } from '../../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const session = (headers: Record<string, string> = {}, cookies: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/auth/session', headers, cookies });

describe('GET /api/auth/session', () => {
  it('answers a visitor 200 with no user, so a page that asks logs no error', async () => {
    const response = await session();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: null });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers the signed-in user', async () => {
    const user = await createUser(t.app);
    const response = await session(user.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json().user.id).toBe(user.userId);
  });

  it('answers 401 to credentials that no longer hold, so a client knows its sign-in ended', async () => {
    expect((await session(bearer('not-a-session'))).statusCode).toBe(401);
    expect((await session({}, { marco_session: 'not-a-session' })).statusCode).toBe(401);
  });
});
