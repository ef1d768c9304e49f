import type { GuideCard } from '@marco/contract/search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ownSite } from '../../test/factories.js';
import { totpCode } from '../../test/staff-factories.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_STAFF_TOTP_SECRET, hasNoGuides, portraitSvg, seedDemo } from './demo.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => t.close());

describe('demo marketplace', () => {
  it('seeds approved guides over the 12 cities, honest about reviews, with drawn portraits', async () => {
    expect(await hasNoGuides(t.database.db)).toBe(true);
    await seedDemo(t.database.db, t.app.deps.storage, { guides: 24, seed: 7 });
    expect(await hasNoGuides(t.database.db)).toBe(false);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/app/search-public/search-guides-public',
      payload: { pageSize: 50, sort: 'newest' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { data, total } = response.json() as { data: GuideCard[]; total: number };
    expect(total).toBe(24);
    expect(new Set(data.map((card) => card.city?.code)).size).toBe(12);
    expect(new Set(data.map((card) => card.hourlyRateCurrency))).toEqual(new Set(['USD', 'EUR', 'TRY']));
    expect(new Set(data.map((card) => `${card.name} ${card.surname}`)).size).toBeGreaterThan(15);
    for (const card of data) {
      // Reviews are real rows (demo-reviews.test.ts checks the numbers): no rating without one.
      expect(card.rating === null).toBe(card.reviewCount === 0);
      expect(card.languages.length).toBeGreaterThanOrEqual(2);
      expect(card.coverPhotoUrl).not.toBeNull();
    }
    const photo = await t.app.inject({ method: 'GET', url: data[0]?.coverPhotoUrl ?? '' });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/app/user-detail-public/get-guide-user-detail-with-id/${data[0]?.id}`,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().serviceKinds.length).toBeGreaterThan(0);
    expect(portraitSvg(1, true)).toMatch(/^<svg/);
  }, 120_000);

  it('creates demo accounts that sign in with the README password', async () => {
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'x-forwarded-for': '10.9.9.9', ...ownSite(t.app) },
        payload: { phoneNumber: account.phone, password: DEMO_PASSWORD },
      });
      expect(response.statusCode, `${account.phone}: ${response.body}`).toBe(200);
    }
    const guide = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-forwarded-for': '10.9.9.8', ...ownSite(t.app) },
      payload: { phoneNumber: DEMO_ACCOUNTS.guide.phone, password: DEMO_PASSWORD },
    });
    const cookie = String(guide.headers['set-cookie']).split(';')[0] ?? '';
    const isGuide = await t.app.inject({
      method: 'GET',
      url: '/api/app/user-guide-operation-public/is-user-guide',
      headers: { cookie },
    });
    expect(isGuide.json()).toMatchObject({ isGuide: true });
  });

  it('gives the demo staff account (admin) the README authenticator secret, so codes from it open the staff calls', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-forwarded-for': '10.9.9.7', ...ownSite(t.app) },
      payload: { phoneNumber: DEMO_ACCOUNTS.staff.phone, password: DEMO_PASSWORD },
    });
    expect(login.json().user.roles).toEqual(['admin']);
    const cookie = String(login.headers['set-cookie']).split(';')[0] ?? '';
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/app/staff/second-factor/verify',
      headers: { cookie, ...ownSite(t.app) },
      payload: { code: totpCode(DEMO_STAFF_TOTP_SECRET, t.app.deps.clock.now()) },
    });
    expect(verify.statusCode, verify.body).toBe(200);
    const audit = await t.app.inject({ method: 'GET', url: '/api/app/staff/audit', headers: { cookie } });
    expect(audit.statusCode).toBe(200);
  });
});
