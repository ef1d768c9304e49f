import { WEB_ROUTES } from '@marco/contract/routes';
import { describe, expect, it } from 'vitest';
import { routeProblems, settle, setUpVisitors, visits } from './support/accessibility.js';

/*
 * Issue 15 item 6: no serious or critical WCAG 2.2 AA violation on any route in English (Arabic:
 * accessibility-ar.spec.ts), and the keyboard: home, search, the booking wizard and the language
 * switcher work without a mouse.
 */

const visitors = setUpVisitors();

describe('accessibility in Chromium', () => {
  it('covers every route of the web route table', () => {
    expect(Object.keys(visits(visitors.guideId())).sort()).toEqual([...WEB_ROUTES].sort());
  });

  it('finds no serious or critical WCAG 2.2 AA violation on any route in en', async () => {
    expect(await routeProblems(visitors, 'en')).toEqual([]);
  }, 600_000);

  it('walks home, search, the booking wizard and the language switcher by keyboard', async () => {
    const page = visitors.page('traveller');
    const focusedMatches = (selector: string) =>
      page.evaluate((css) => document.activeElement?.matches(css) ?? false, selector);
    /** Presses Tab until the focused element matches `selector`, as a keyboard user would. */
    const tabTo = async (selector: string, limit = 80) => {
      for (let presses = 0; presses < limit; presses++) {
        await page.keyboard.press('Tab');
        if (await focusedMatches(selector)) return;
      }
      throw new Error(`Tab never reached ${selector}`);
    };

    // Home: the demo guide's city from the suggestions, then Search.
    const detail = await page.request.get(
      `/api/app/user-detail-public/get-guide-user-detail-with-id/${visitors.guideId()}`,
    );
    const { city } = (await detail.json()) as { city: { name: string } };
    await settle(page, '/en/');
    await tabTo('input[role="combobox"]');
    // The whole name, and its option first in the list: a shorter prefix can suggest another city
    // first, whose search has no guide to tab to.
    await page.keyboard.type(city.name);
    await page.locator('[role="listbox"] [role="option"]').first().filter({ hasText: city.name }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await tabTo('form button[type="submit"]');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/en/guides' && url.searchParams.has('location'));

    // Search results: the first guide, opened with Enter, once the results' cards are on the page.
    // They arrive most of a second after the URL changes (the home page's own cards stay until
    // then), and the presses can go round the whole page sooner.
    await page.locator('section[aria-labelledby="results-heading"] a[href^="/en/guides/"]').first().waitFor();
    await tabTo('#main a[href^="/en/guides/"]', 120);
    const profile = await page.evaluate(() => document.activeElement?.getAttribute('href') ?? '');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === new URL(profile, url).pathname);

    // The booking wizard: opened from Reserve, a date and Continue, closed with Escape.
    await page.getByTestId('reserve').and(page.locator(':enabled')).waitFor();
    await tabTo('[data-testid="reserve"]');
    await page.keyboard.press('Enter');
    const wizard = page.getByRole('dialog');
    await wizard.getByRole('heading', { name: 'Select your dates' }).waitFor();
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true);
    await tabTo('dialog [data-date]:not([disabled])');
    await page.keyboard.press('Enter');
    for (let presses = 0; presses < 80; presses++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(() => document.activeElement?.textContent?.trim() === 'Continue')) break;
    }
    await page.keyboard.press('Enter');
    await wizard.getByRole('heading', { name: 'Select your hours' }).waitFor();
    await page.keyboard.press('Escape');
    await wizard.waitFor({ state: 'detached' });
    expect(await focusedMatches('[data-testid="reserve"]')).toBe(true);

    // The language switcher: arrows only move through the list; Enter switches.
    const switcher = page.getByRole('combobox', { name: 'Language' });
    await switcher.focus();
    const before = page.url();
    // The list takes the keys once it has put the current language under the highlight.
    const highlighted = (lang: string) => page.locator(`[role="option"][data-highlighted][lang="${lang}"]`);
    await page.keyboard.press('ArrowDown');
    await highlighted('en').waitFor();
    // Radix moves the highlight on the next tick: each key waits for the one before to land.
    await page.keyboard.press('ArrowDown');
    await highlighted('tr').waitFor();
    await page.keyboard.press('ArrowDown');
    await highlighted('ar').waitFor();
    expect(page.url()).toBe(before);
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    expect(page.url()).toBe(before);
    await page.keyboard.press('ArrowDown');
    await highlighted('en').waitFor();
    await page.keyboard.press('ArrowDown');
    await highlighted('tr').waitFor();
    await page.keyboard.press('ArrowDown');
    await highlighted('ar').waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === new URL(profile, url).pathname.replace(/^\/en\//, '/ar/'));
  }, 120_000);
});
