import { describe, expect, it } from 'vitest';
import { answerCookieBanner, collectPageErrors, DESKTOP, PHONE, screenshot } from './support/browser.js';
import { demoJourney } from './support/demo-journey.js';

/*
 * Issue 19, response rate and time: a traveller sorts guides by "Responds fastest", reads how
 * fast and how reliably the first one answers on the card and on the profile, in English on a
 * desktop and in Arabic (right to left) on a phone.
 */

const journey = demoJourney(12);

describe('response rate and time', () => {
  it('sorts by the fastest answer and shows the rate and time on cards and profiles, in en and ar', async () => {
    const context = await journey.browser.newContext({ baseURL: journey.site, viewport: DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    const errors = collectPageErrors(page);

    await page.goto('/en/guides');
    await page.waitForLoadState('networkidle');
    await answerCookieBanner(page);
    await page.getByLabel('Sort by').selectOption('responds_fastest');
    await page.waitForURL(/sort=responds_fastest/);
    const first = page.getByTestId('guide-card').first();
    const response = first.getByTestId('guide-response');
    await response.waitFor();
    expect(await response.textContent()).toMatch(/^Responds within \d+ (minutes|hours?) · \d+% response rate$/);
    await screenshot(page, 'responses-en-1280-search');

    await first.getByRole('link').first().click();
    await page.waitForURL(/\/en\/guides\/[^/?]+$/);
    // The profile's summary is a block (the card's a line): the list may still be on screen
    // while the profile's chunk loads.
    const profile = page.locator('div[data-testid="guide-response"]');
    await profile.waitFor();
    expect(await profile.textContent()).toMatch(/of requests answered within 24 hours \(last 90 days\)/);
    await screenshot(page, 'responses-en-1280-profile');

    const phone = await journey.browser.newContext({ baseURL: journey.site, viewport: PHONE, locale: 'ar' });
    const arabic = await phone.newPage();
    errors.push(...collectPageErrors(arabic));
    await arabic.goto('/ar/guides?sort=responds_fastest');
    await arabic.waitForLoadState('networkidle');
    await answerCookieBanner(arabic);
    const arabicResponse = arabic.getByTestId('guide-card').first().getByTestId('guide-response');
    await arabicResponse.waitFor();
    expect(await arabicResponse.textContent()).toContain('يرد خلال');
    expect(await arabic.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await screenshot(arabic, 'responses-ar-375-search');
    await arabic.getByTestId('guide-card').first().getByRole('link').first().click();
    await arabic.waitForURL(/\/ar\/guides\/[^/?]+$/);
    await arabic.locator('div[data-testid="guide-response"]').waitFor();
    await screenshot(arabic, 'responses-ar-375-profile');

    expect(errors).toEqual([]);
    await context.close();
    await phone.close();
  });
});
