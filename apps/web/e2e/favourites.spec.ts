import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  answerCookieBanner,
  collectPageErrors,
  DESKTOP,
  PHONE,
  recordCookieChoice,
  screenshot,
} from './support/browser.js';
import { demoJourney } from './support/demo-journey.js';
import { registerMember } from './support/members.js';

/*
 * Issue 19, favourites: a visitor presses the heart on a guide card, is asked to sign in,
 * comes back to that guide with the heart set, finds the guide on the favourites page (from
 * the account menu) with today's price and the next free day, in English on a desktop and in
 * Arabic (right to left) on a phone, and lets the guide go again.
 */

const journey = demoJourney(4);

const contextFor = (viewport: { width: number; height: number }) =>
  journey.browser.newContext({ baseURL: journey.site, viewport, locale: 'en-US' });

const heartOf = (page: Page) => page.getByTestId('favourite-button').first();

describe('favourites', () => {
  it('keeps a guide across signing in and lists it with price and next free day, in en and ar', async () => {
    const context = await contextFor(DESKTOP);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    // An account made through the sign-up calls; the visitor signs in on the login page.
    const member = await registerMember(context.request, 'Selin', 'Aydın', journey.site);

    // 1. A visitor presses the heart on the first search result.
    await page.goto('/en/guides');
    // The banner answers once the page is interactive.
    await page.waitForLoadState('networkidle');
    await answerCookieBanner(page);
    const card = page.getByTestId('guide-card').first();
    await card.waitFor();
    const guideName = (await card.getByRole('heading').textContent())?.trim() ?? '';
    const guidePath = await card.getByRole('link').first().getAttribute('href');
    expect(guidePath).toMatch(/^\/en\/guides\/[0-9a-f-]{36}$/);
    await expect.poll(() => card.getByTestId('favourite-button').getAttribute('aria-pressed')).toBe('false');
    await card.getByTestId('favourite-button').click();

    // 2. Asked to sign in; afterwards back on that guide's page with the heart set.
    await page.waitForURL(/\/en\/auth\/login\?returnTo=/);
    await page.locator('#login-phone').fill(member.phone);
    await page.locator('#login-password').fill(member.password);
    await page.locator('main form button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === guidePath && !url.searchParams.has('favourite'));
    const heart = heartOf(page);
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    expect(await heart.textContent()).toContain(`Remove ${guideName} from favourites`);
    await expect
      .poll(() => page.getByRole('status').allTextContents())
      .toContainEqual(expect.stringContaining('Saved to your favourites'));
    // How many keep a guide is the guide's own business.
    expect(await page.locator('main').textContent()).not.toContain('saved you');
    await screenshot(page, 'favourites-profile-heart-en-1280');

    // 3. The account menu leads to the favourites page.
    await page.getByRole('button', { name: /Account menu of/ }).click();
    await page.getByRole('link', { name: 'Favourites' }).click();
    await page.waitForURL('**/en/favourites');
    const kept = page.getByTestId('favourite-card');
    await kept.first().waitFor();
    expect(await kept.count()).toBe(1);
    expect(await kept.first().getByRole('heading').textContent()).toBe(guideName);
    expect(await kept.first().getByTestId('favourite-price').textContent()).toMatch(/\$\d/);
    expect(await kept.first().getByTestId('favourite-next-free').textContent()).toMatch(
      /^(Next free day: \w{3}, \w+ \d{1,2}|No free day in the next 90 days)$/,
    );
    await screenshot(page, 'favourites-page-en-1280');

    // 4. The same list in Arabic on a phone, right to left (the same session).
    const phone = await contextFor(PHONE);
    await phone.addCookies(await context.cookies());
    await recordCookieChoice(phone, journey.site);
    const arPage = await phone.newPage();
    const arErrors = collectPageErrors(arPage);
    await arPage.goto('/ar/favourites');
    await arPage.getByTestId('favourite-card').first().waitFor();
    expect(await arPage.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await arPage.getByRole('heading', { level: 1 }).textContent()).toBe('المفضلة');
    expect(await arPage.getByTestId('favourite-next-free').textContent()).toMatch(/أقرب يوم متاح|لا يوجد يوم متاح/);
    await screenshot(arPage, 'favourites-page-ar-375');
    await arPage.goto(`/ar${guidePath?.slice(3)}`);
    await expect.poll(() => heartOf(arPage).getAttribute('aria-pressed')).toBe('true');
    await screenshot(arPage, 'favourites-profile-heart-ar-375');

    // The home page's guide cards carry the heart too; only the kept guide's is set.
    await page.goto('/en/');
    const homeHearts = page.getByTestId('favourite-button');
    await homeHearts.first().waitFor();
    const labels = await page
      .locator('[data-testid="favourite-button"][aria-pressed="true"]')
      .evaluateAll((hearts) => hearts.map((heart) => heart.getAttribute('aria-label')));
    expect(labels.length).toBeLessThanOrEqual(1);
    for (const label of labels) expect(label).toBe(`Remove ${guideName} from favourites`);
    await page.goto('/en/favourites');
    await kept.first().waitFor();

    // 5. Letting the guide go empties the list.
    await kept.first().getByTestId('favourite-button').click();
    await page.getByText('No favourites yet').waitFor();
    await screenshot(page, 'favourites-empty-en-1280');
    expect(errors).toEqual([]);
    expect(arErrors).toEqual([]);
    await phone.close();
    await context.close();
  });
});
