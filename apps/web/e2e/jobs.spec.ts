import { describe, expect, it } from 'vitest';
import { collectPageErrors, DESKTOP, PHONE, screenshot } from './support/browser.js';
import { demoJourney } from './support/demo-journey.js';
import { DEMO_PHONES, demoContext } from './support/demo-people.js';

/*
 * Issue 18 ("Bad input and failure"): the demo admin opens the console at /staff, which leads
 * on to its first page, follows the pages list to Background jobs and reads the six jobs with
 * their schedule and health, and the dead letters section, in English and Arabic, on a
 * desktop and a phone.
 */

const journey = demoJourney(2);

const JOBS_EN = [
  'Reservation sweep',
  'Payout run',
  'Exchange rates',
  'Search availability',
  'Guide response figures',
  'Expired sign-in cleanup',
];

describe('background jobs', () => {
  it('the admin reaches Background jobs from the console and reads the six jobs, in en and ar', async () => {
    const staff = await demoContext(journey, DEMO_PHONES.staff, DESKTOP);
    const page = await staff.newPage();
    const errors = collectPageErrors(page);

    await page.goto('/en/staff');
    await page.waitForURL(/\/en\/staff\/overview$/);
    await page
      .getByRole('navigation', { name: 'Staff console' })
      .getByRole('link', { name: 'Background jobs' })
      .click();
    await page.waitForURL(/\/en\/staff\/jobs$/);
    await page.getByRole('heading', { level: 1, name: 'Background jobs' }).waitFor();
    const table = page.getByRole('table', { name: 'Jobs' });
    await table.waitFor();
    const names = await table
      .getByRole('rowheader')
      .evaluateAll((cells) => cells.map((cell) => cell.querySelector('span')?.textContent));
    expect(names).toEqual(JOBS_EN);
    expect(await table.getByRole('row').filter({ hasText: 'Exchange rates' }).textContent()).toContain('every ');
    await page.getByRole('region', { name: 'Dead letters' }).waitFor();
    await screenshot(page, 'staff-jobs-en-1280');

    await page.goto('/ar/staff/jobs');
    await page.getByRole('heading', { level: 1, name: 'المهام الخلفية' }).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    const tableAr = page.getByRole('table', { name: 'المهام' });
    await tableAr.waitFor();
    expect(await tableAr.getByRole('rowheader').count()).toBe(6);
    await screenshot(page, 'staff-jobs-ar-1280');

    const phone = await demoContext(journey, DEMO_PHONES.staff, PHONE);
    const phonePage = await phone.newPage();
    for (const [locale, heading, consoleNav] of [
      ['en', 'Background jobs', 'Staff console'],
      ['ar', 'المهام الخلفية', 'لوحة الموظفين'],
    ] as const) {
      await phonePage.goto(`/${locale}/staff/jobs`);
      await phonePage.getByRole('heading', { level: 1, name: heading }).waitFor();
      await phonePage.getByRole('rowheader').first().waitFor();
      // The console's pages list arrives after the page (its place is kept while it loads).
      await phonePage.getByRole('navigation', { name: consoleNav }).waitFor();
      await screenshot(phonePage, `staff-jobs-${locale}-375`);
    }
    expect(errors).toEqual([]);
    await Promise.all([staff.close(), phone.close()]);
  }, 240_000);
});
