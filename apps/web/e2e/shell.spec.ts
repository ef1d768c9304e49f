import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPageErrors, DESKTOP, launchBrowser, newContext, PHONE, screenshot } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the multilingual shell', () => {
  it('renders the home page in English', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    expect(page.url()).toMatch(/\/en\/$/);
    await page.locator('h1').first().waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      'en',
      'ltr',
    ]);
    await page
      .getByRole('link', { name: /become a guide/i })
      .first()
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is right to left with Arabic text under /ar/', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const response = await page.goto('/ar/');
    // The server writes the direction into the HTML itself: no flash of left-to-right.
    expect(await response?.text()).toContain('<html lang="ar" dir="rtl">');
    const heading = page.locator('h1').first();
    await heading.waitFor();
    expect(await heading.textContent()).toMatch(/[\u0600-\u06FF]/);
    expect(await page.evaluate(() => getComputedStyle(document.body).direction)).toBe('rtl');
    await context.close();
  });

  it('keeps the page when the language is switched', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/en/guides?language=de');
    await page.locator('h1').first().waitFor();
    // A listbox (Radix Select): open it, then choose; moving through it alone switches nothing.
    await page.getByRole('combobox', { name: 'Language' }).first().click();
    await page.locator('[role="option"][lang="de"]').click();
    await page.waitForURL(/\/de\/guides\?language=de$/);
    await page.waitForFunction(() => document.documentElement.lang === 'de');
    // A cookie the page writes reaches the browser's cookie store asynchronously: ask again until it has.
    await expect
      .poll(async () => (await context.cookies()).find((cookie) => cookie.name === 'locale')?.value)
      .toBe('de');
    await context.close();
  });

  it('shows the not-found page for an unknown path, and its button returns home', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const response = await page.goto('/en/no-such-page');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await page.getByText('The page you are looking for does not exist or has been moved.').waitFor();
    await page.getByRole('link', { name: 'Return to Homepage' }).click();
    await page.waitForURL(/\/en\/$/);
    await context.close();
  });

  it('captures the home page on a phone and a desktop, in English and Arabic', async () => {
    for (const locale of ['en', 'ar'] as const) {
      for (const [label, viewport] of [
        ['375', PHONE],
        ['1280', DESKTOP],
      ] as const) {
        const context = await newContext(browser, { viewport });
        const page = await context.newPage();
        await page.goto(`/${locale}/`);
        await page.locator('h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        await screenshot(page, `home-${locale}-${label}`);
        await context.close();
      }
    }
  });
});
