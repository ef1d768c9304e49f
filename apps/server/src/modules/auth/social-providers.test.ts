import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';

const PROVIDERS = '/api/app/custom-external-login-public/providers';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('the configured social sign-in providers', () => {
  it('lists none when no provider is configured', async () => {
    t = await createTestApp();
    const response = await t.app.inject({ method: 'GET', url: PROVIDERS });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('lists only the configured providers with their public web ids, never a secret', async () => {
    t = await createTestApp({
      env: {
        PUBLIC_URL: 'https://marco.example',
        GOOGLE_CLIENT_ID: 'marco-web.apps.googleusercontent.com, marco-ios.apps.googleusercontent.com',
        FACEBOOK_APP_ID: 'fb-app-id',
        FACEBOOK_APP_SECRET: 'fb-very-secret',
      },
    });
    const response = await t.app.inject({ method: 'GET', url: PROVIDERS });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { provider: 'google', clientId: 'marco-web.apps.googleusercontent.com' },
      { provider: 'facebook', clientId: 'fb-app-id' },
    ]);
    expect(response.body).not.toContain('fb-very-secret');
    expect(response.body).not.toContain('marco-ios');
  });

  it('gives Apple its Services id and the return URL registered for it', async () => {
    t = await createTestApp({
      env: { PUBLIC_URL: 'https://marco.example', APPLE_CLIENT_ID: 'com.marco.web,com.marco.app' },
    });
    const response = await t.app.inject({ method: 'GET', url: PROVIDERS });
    expect(response.json()).toEqual([
      { provider: 'apple', clientId: 'com.marco.web', redirectUri: 'https://marco.example/auth/login' },
    ]);
  });

  it("lets pages load only the configured providers' SDKs", async () => {
    t = await createTestApp({ env: { GOOGLE_CLIENT_ID: 'marco-web.apps.googleusercontent.com' } });
    const csp = String((await t.app.inject({ method: 'GET', url: '/en/' })).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://accounts.google.com/gsi/client");
    expect(csp).toContain("frame-src 'self' https://accounts.google.com/gsi/");
    expect(csp).not.toContain('facebook');
    expect(csp).not.toContain('apple');
  });

  it('adds no third-party origin to the policy without providers', async () => {
    t = await createTestApp();
    const csp = String((await t.app.inject({ method: 'GET', url: '/en/' })).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/google|facebook|apple/);
  });
});
