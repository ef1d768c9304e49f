import type { BrowserContext, Page } from 'playwright-core';
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
import { signInDemoStaff } from './support/staff.js';

/*
 * Issue 18 item 8: the console's overview. The demo staff member follows the header's
 * console entry to it and reads the demo marketplace's weeks as tiles, charts and tables, in
 * English and Arabic, on a desktop and a phone; a traveller's page never loads the charts.
 */

const journey = demoJourney(4);
const DEMO_STAFF = { phone: '+905550000003', password: 'Marco-Demo-2026' };
const CHART_CHUNK = /staff-overview-page-[\w-]+\.js/;

async function staffContext(viewport: { width: number; height: number }): Promise<BrowserContext> {
  const context = await journey.browser.newContext({ baseURL: journey.site, viewport, locale: 'en-US' });
  await signInDemoStaff(context, journey.site, DEMO_STAFF.phone, DEMO_STAFF.password);
  await recordCookieChoice(context, journey.site);
  return context;
}

/** The scripts a page loaded, by file name. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
  });
  return scripts;
}

describe('console overview', () => {
  it('the console entry lands on the overview: tiles, three charts with their tables, in en and ar', async () => {
    const visitor = await journey.browser.newContext({ baseURL: journey.site, viewport: DESKTOP, locale: 'en-US' });
    const visitorPage = await visitor.newPage();
    const visitorScripts = scriptsOf(visitorPage);
    await visitorPage.goto('/en/guides');
    await visitorPage.waitForLoadState('networkidle');
    await answerCookieBanner(visitorPage);
    expect(visitorScripts.length).toBeGreaterThan(0);
    expect(visitorScripts.filter((script) => CHART_CHUNK.test(script))).toEqual([]);

    const staff = await staffContext(DESKTOP);
    const page = await staff.newPage();
    const errors = collectPageErrors(page);
    const scripts = scriptsOf(page);
    await page.goto('/en/guides');
    await page.getByRole('link', { name: 'Staff console' }).click();
    await page.waitForURL(/\/en\/staff\/overview$/);
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await page.getByRole('heading', { name: /^This week \(\W?\d{4}-W\d{2}\W?\) against last week$/ }).waitFor();
    expect(scripts.filter((script) => CHART_CHUNK.test(script))).toHaveLength(1);
    await expect.poll(() => page.locator('.recharts-wrapper').count()).toBe(3);

    const bookings = page.getByRole('region', { name: 'Bookings made per week' });
    await bookings.getByText('Show as a table').click();
    expect(await bookings.getByRole('row').count()).toBe(13);
    await screenshot(page, 'staff-overview-en-1280');

    await page.goto('/ar/staff/overview');
    await page.getByRole('heading', { level: 1, name: 'نظرة عامة' }).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await expect.poll(() => page.locator('.recharts-wrapper').count()).toBe(3);
    await page.getByRole('region', { name: 'الحجوزات في كل أسبوع' }).getByText('عرض كجدول').click();
    await screenshot(page, 'staff-overview-ar-1280');

    const phone = await staffContext(PHONE);
    const phonePage = await phone.newPage();
    for (const locale of ['en', 'ar']) {
      await phonePage.goto(`/${locale}/staff/overview`);
      await expect.poll(() => phonePage.locator('.recharts-wrapper').count()).toBe(3);
      await screenshot(phonePage, `staff-overview-${locale}-375`);
    }
    expect(errors).toEqual([]);
    await Promise.all([visitor.close(), staff.close(), phone.close()]);
  }, 240_000);
});
