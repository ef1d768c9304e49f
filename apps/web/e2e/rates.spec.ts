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
import { json } from './support/members.js';
import { signInDemoStaff } from './support/staff.js';

/*
 * Issue 18 item 6: the demo admin (finance's rights) doubles the euro's rate on the rates
 * page; a visitor who reads prices in euros sees a guide's hourly price, set in another
 * currency, change on their next visit. The page in English and Arabic, desktop and phone.
 */

const journey = demoJourney(4);
const DEMO_STAFF = { phone: '+905550000003', password: 'Marco-Demo-2026' };

interface Card {
  id: string;
  hourlyRateCurrency: string;
  priceMinor: number;
}

async function staffContext(viewport: { width: number; height: number }): Promise<BrowserContext> {
  const context = await journey.browser.newContext({ baseURL: journey.site, viewport, locale: 'en-US' });
  await signInDemoStaff(context, journey.site, DEMO_STAFF.phone, DEMO_STAFF.password);
  await recordCookieChoice(context, journey.site);
  return context;
}

/** Euros as the page shows them (`€86`, `€86.50`), in cents. */
const eurosOf = async (page: Page) => {
  const text = (await page.getByTestId('guide-price').textContent()) ?? '';
  return Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
};

describe('exchange rates', () => {
  it('a rate finance sets changes the price a visitor sees in that currency', async () => {
    // A guide whose own rate is not in euros, so the euro's rate moves its price in euros.
    const visitor = await journey.browser.newContext({ baseURL: journey.site, viewport: DESKTOP, locale: 'en-US' });
    await visitor.addCookies([{ name: 'currency', value: 'EUR', url: journey.site }]);
    await visitor.addInitScript(() => window.localStorage.setItem('currency', 'EUR'));
    const found = await json<{ data: Card[] }>(
      await visitor.request.post('/api/app/search-public/search-guides-public', {
        data: { currency: 'EUR', pageSize: 20 },
      }),
    );
    const guide = found.data.find((card) => card.hourlyRateCurrency !== 'EUR');
    if (!guide) throw new Error('no demo guide prices in another currency than euros');
    const visitorPage = await visitor.newPage();
    const visitorErrors = collectPageErrors(visitorPage);
    await visitorPage.goto(`/en/guides/${guide.id}`);
    await visitorPage.waitForLoadState('networkidle');
    await answerCookieBanner(visitorPage);
    await expect.poll(() => eurosOf(visitorPage)).toBe(guide.priceMinor);
    const before = await eurosOf(visitorPage);

    // Finance doubles the euro's rate on the rates page.
    const staff = await staffContext(DESKTOP);
    const page = await staff.newPage();
    const errors = collectPageErrors(page);
    await page.goto('/en/staff/rates');
    const eur = page.getByTestId('rate-EUR');
    await eur.waitFor();
    const shown = (await eur.locator('bdi').textContent()) ?? '';
    const rate = Number(shown.replace(/^1 USD = /, '').replace(/ EUR$/, ''));
    expect(rate).toBeGreaterThan(0);
    const doubled = Math.round(rate * 2 * 10_000) / 10_000;
    await screenshot(page, 'staff-rates-before-en-1280');
    const form = page.getByRole('region', { name: 'Set a rate' });
    await form.getByLabel('Currency', { exact: true }).selectOption('EUR');
    await form.getByLabel('EUR per US dollar').fill('0');
    await form.getByRole('button', { name: 'Save rate' }).click();
    await form.getByText('Enter a rate greater than zero with at most 6 decimals').waitFor();
    await form.getByLabel('EUR per US dollar').fill(String(doubled));
    await form.getByRole('button', { name: 'Save rate' }).click();
    await page.getByRole('status').getByText('The new rate is in force').waitFor();
    await expect.poll(() => eur.locator('bdi').textContent()).toBe(`1 USD = ${doubled} EUR`);
    await page.locator('main ol').first().getByText(`1 USD = ${doubled} EUR`).waitFor();
    await screenshot(page, 'staff-rates-set-en-1280');

    // The visitor's next visit shows the price at the new rate.
    await visitorPage.reload();
    await visitorPage.waitForLoadState('networkidle');
    await expect.poll(() => eurosOf(visitorPage), { timeout: 10_000 }).not.toBe(before);
    const after = await eurosOf(visitorPage);
    expect(Math.abs(after - 2 * before)).toBeLessThanOrEqual(2);
    await screenshot(visitorPage, 'staff-rates-visitor-price-en-1280');

    // The page in Arabic (right to left) and on a phone.
    await page.goto('/ar/staff/rates');
    await page.getByRole('heading', { level: 1, name: 'أسعار الصرف' }).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await screenshot(page, 'staff-rates-ar-1280');
    const phone = await staffContext(PHONE);
    const phonePage = await phone.newPage();
    for (const locale of ['en', 'ar']) {
      await phonePage.goto(`/${locale}/staff/rates`);
      await phonePage.getByTestId('rate-EUR').waitFor();
      await screenshot(phonePage, `staff-rates-${locale}-375`);
    }
    expect([...errors, ...visitorErrors]).toEqual([]);
    await Promise.all([visitor.close(), staff.close(), phone.close()]);
  }, 240_000);

  it('shows a staff member how many recovery codes are left, in en and ar, on a desktop and a phone', async () => {
    const staff = await staffContext(DESKTOP);
    const page = await staff.newPage();
    const errors = collectPageErrors(page);
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      for (const locale of ['en', 'ar']) {
        await page.goto(`/${locale}/staff/recovery-codes`);
        await page.getByTestId('recovery-codes-left').waitFor();
        await screenshot(page, `staff-recovery-codes-${locale}-${viewport.width}`);
      }
    }
    expect(errors).toEqual([]);
    await staff.close();
  }, 120_000);
});
