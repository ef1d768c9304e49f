import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { collectPageErrors, DESKTOP, PHONE, screenshot } from './support/browser.js';
import { demoJourney } from './support/demo-journey.js';
import { DEMO_PHONES, demoContext } from './support/demo-people.js';

/*
 * Issue 18 item 4: the demo admin (finance's rights) verifies the demo guide's bank details,
 * runs a payout, downloads the batch's bank file and marks it sent; the guide then sees the
 * payout on their dashboard. The pages in English and Arabic, desktop and phone.
 */

const journey = demoJourney(4);
const DEMO_STAFF = DEMO_PHONES.staff;
const DEMO_GUIDE = DEMO_PHONES.guide;

const signedIn = (phone: string, viewport: { width: number; height: number }) => demoContext(journey, phone, viewport);

describe('payouts', () => {
  it('a payout run exported and marked sent is seen on the guide dashboard', async () => {
    const staff = await signedIn(DEMO_STAFF, DESKTOP);
    const page = await staff.newPage();
    const errors = collectPageErrors(page);
    await page.goto('/en/staff/payouts');
    await page.getByRole('heading', { level: 1, name: 'Payouts' }).waitFor();
    await page.getByText('No payout batches yet').waitFor();
    await screenshot(page, 'staff-payouts-empty-en-1280');

    // Unverified bank details are never paid: finance checks the guide's first.
    const bank = page.getByRole('region', { name: 'Bank details to verify' });
    await bank.getByText('TR330006100519786457841326', { exact: false }).waitFor();
    await bank.getByRole('button', { name: 'Mark verified' }).click();
    await bank.getByText('Every bank account is verified.').waitFor();

    await page.getByRole('button', { name: 'Start payout run' }).click();
    await page
      .getByRole('status')
      .getByText(/Batches made: \d/)
      .waitFor();
    const batch = page.getByTestId('staff-payout').first();
    await batch.getByText('Ayşe Yılmaz').first().waitFor();
    await screenshot(page, 'staff-payouts-review-en-1280');

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: /^Export (bank|SEPA) file/ }).click();
    const download = await downloading;
    const file = fs.readFileSync((await download.path()) ?? '', 'utf8');
    expect(file.startsWith('payout_id,beneficiary_name,iban,bic,amount,currency,reference\r\n')).toBe(true);
    expect(file).toContain('TR330006100519786457841326');
    await page.getByText('File exported', { exact: true }).first().waitFor();

    await page.getByRole('button', { name: 'Mark sent' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark this batch sent?' });
    await dialog.getByRole('button', { name: 'Mark sent' }).click();
    await page.getByRole('status').getByText('Batch marked sent').waitFor();
    await batch.getByTestId('payout-status').getByText('Sent').waitFor();
    await screenshot(page, 'staff-payouts-sent-en-1280');

    await page.goto(`/ar/staff/payouts${new URL(page.url()).search}`);
    await page.getByRole('heading', { level: 1, name: 'المدفوعات' }).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await page.getByTestId('staff-payout').first().waitFor();
    await screenshot(page, 'staff-payouts-ar-1280');
    const staffPhone = await signedIn(DEMO_STAFF, PHONE);
    const staffPhonePage = await staffPhone.newPage();
    for (const locale of ['en', 'ar']) {
      await staffPhonePage.goto(`/${locale}/staff/payouts${new URL(page.url()).search}`);
      await staffPhonePage.getByTestId('staff-payout').first().waitFor();
      await screenshot(staffPhonePage, `staff-payouts-${locale}-375`);
    }

    // The guide sees what was paid, and the payout in their history.
    const guide = await signedIn(DEMO_GUIDE, DESKTOP);
    const guidePage = await guide.newPage();
    const guideErrors = collectPageErrors(guidePage);
    await guidePage.goto('/en/guide-mode');
    const history = guidePage.getByTestId('payout-history');
    await history.getByText('Sent').waitFor();
    await expect.poll(() => guidePage.getByTestId('payout-paidMinor').first().textContent()).not.toBe('$0.00');
    await guidePage.getByText('Verified by Marco').waitFor();
    await guidePage.getByRole('heading', { name: 'Payouts' }).scrollIntoViewIfNeeded();
    await screenshot(guidePage, 'guide-payouts-en-1280');
    const guidePhone = await signedIn(DEMO_GUIDE, PHONE);
    const guidePhonePage = await guidePhone.newPage();
    for (const locale of ['en', 'ar']) {
      await guidePhonePage.goto(`/${locale}/guide-mode`);
      await guidePhonePage.getByTestId('payout-history').waitFor();
      await screenshot(guidePhonePage, `guide-payouts-${locale}-375`);
    }
    expect([...errors, ...guideErrors]).toEqual([]);
    await Promise.all([staff.close(), staffPhone.close(), guide.close(), guidePhone.close()]);
  }, 300_000);
});
