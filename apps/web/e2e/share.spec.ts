import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { answerCookieBanner, collectPageErrors, DESKTOP, PHONE, screenshot } from './support/browser.js';
import { demoJourney } from './support/demo-journey.js';

/*
 * Issue 19, share: a traveller reading a guide's profile in Turkish shares it. Where the
 * browser has no share sheet the link is copied with a confirmation; where it has one, the
 * sheet gets the link. The link opens the profile in the recipient's own language when they
 * have one (their chosen language, else their browser's), and in Turkish otherwise.
 */

const journey = demoJourney(2);

async function contextFor(options: { locale: string; viewport: { width: number; height: number } }) {
  return journey.browser.newContext({ baseURL: journey.site, viewport: options.viewport, locale: options.locale });
}

/** Where a shared link lands for a recipient (after the server's redirect to a language). */
async function landingOf(recipient: BrowserContext, link: string): Promise<string> {
  const page = await recipient.newPage();
  await page.goto(link);
  await page.getByRole('heading', { level: 1 }).waitFor();
  const landed = new URL(page.url());
  await page.close();
  return `${landed.pathname}${landed.search}`;
}

describe('share', () => {
  it("copies the link with a confirmation and the link follows the recipient's language, else the sharer's", async () => {
    const sharer = await contextFor({ locale: 'tr-TR', viewport: DESKTOP });
    await sharer.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: journey.site });
    const page = await sharer.newPage();
    const errors = collectPageErrors(page);
    await page.goto('/tr/guides');
    // The banner answers once the page is interactive.
    await page.waitForLoadState('networkidle');
    const reject = page.getByRole('button', { name: 'Tümünü reddet' });
    await reject.click();
    await reject.waitFor({ state: 'detached' });
    const card = page.getByTestId('guide-card').first();
    await card.waitFor();
    const profilePath = (await card.getByRole('link').first().getAttribute('href')) ?? '';
    const guideId = profilePath.split('/').at(-1) ?? '';
    await page.goto(profilePath);

    // Headless Chromium on Linux has no share sheet: the link is copied.
    expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined');
    const share = page.getByTestId('share-button');
    await share.click();
    await expect
      .poll(() => page.getByRole('status').allTextContents())
      .toContainEqual(expect.stringContaining('Bağlantı kopyalandı'));
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${journey.site}/guides/${guideId}?lng=tr`);
    await screenshot(page, 'share-copied-tr-1280');

    // A recipient who chose German on Marco, one whose browser speaks French, one whose
    // browser speaks only Japanese (not offered by Marco) and one with no preference at all.
    const chosenGerman = await journey.browser.newContext({ locale: 'fr-FR' });
    await chosenGerman.addCookies([{ name: 'locale', value: 'de', url: journey.site }]);
    const french = await journey.browser.newContext({ locale: 'fr-FR' });
    const japanese = await journey.browser.newContext({ locale: 'ja-JP' });
    expect(await landingOf(chosenGerman, link)).toBe(`/de/guides/${guideId}`);
    expect(await landingOf(french, link)).toBe(`/fr/guides/${guideId}`);
    expect(await landingOf(japanese, link)).toBe(`/tr/guides/${guideId}`);
    for (const context of [chosenGerman, french, japanese]) await context.close();
    expect(errors).toEqual([]);
    await sharer.close();
  });

  it('hands the link to the share sheet where the browser has one, in Arabic on a phone', async () => {
    const sharer = await contextFor({ locale: 'ar', viewport: PHONE });
    // A phone's share sheet, as a browser that has the Web Share API offers it.
    await sharer.addInitScript(() => {
      Object.defineProperty(navigator, 'share', {
        value: async (data: ShareData) => {
          (window as unknown as { sharedData: ShareData }).sharedData = data;
        },
      });
    });
    const page = await sharer.newPage();
    const errors = collectPageErrors(page);
    await page.goto('/ar/guides');
    // The banner answers once the page is interactive.
    await page.waitForLoadState('networkidle');
    await answerCookieBanner(page);
    const card = page.getByTestId('guide-card').first();
    await card.waitFor();
    const profilePath = (await card.getByRole('link').first().getAttribute('href')) ?? '';
    await page.goto(profilePath);
    const share = page.getByTestId('share-button');
    await share.waitFor();
    expect(await share.textContent()).toBe('مشاركة');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await screenshot(page, 'share-profile-ar-375');
    await share.click();
    const shared = await page.waitForFunction(() => (window as unknown as { sharedData?: ShareData }).sharedData);
    const data = (await shared.jsonValue()) as ShareData;
    expect(data.url).toBe(`${journey.site}/guides/${profilePath.split('/').at(-1)}?lng=ar`);
    expect(data.title).toContain('مرشد محلي على Marco');
    // The sheet did the sharing: no copy confirmation.
    expect(await page.getByText('تم نسخ الرابط').count()).toBe(0);
    expect(errors).toEqual([]);
    await sharer.close();
  });
});
