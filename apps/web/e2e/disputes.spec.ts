import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { collectPageErrors, DESKTOP, PHONE, screenshot } from './support/browser.js';
import { demoJourney } from './support/demo-journey.js';
import { DEMO_PHONES, demoContext } from './support/demo-people.js';
import { json } from './support/members.js';

/*
 * Issue 18 item 3: the demo traveller reports a problem with the tour they took with the
 * demo guide yesterday (a demo tour, paid on the sandbox); the guide answers on the case;
 * support reads the report and the parties' conversation, refunds part of the price with a
 * written outcome; the traveller sees the outcome. The case pages in English and Arabic,
 * desktop and phone.
 */

const journey = demoJourney(2);
const PEOPLE = DEMO_PHONES;
const API = '/api/app';
/** An 8×8 PNG, as a phone's photo would be sent (the server re-encodes it). */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4EaCBFTEMLQkAaplQAdEjY8UAAAAASUVORK5CYII=',
  'base64',
);

const signedIn = (who: keyof typeof PEOPLE, viewport = DESKTOP, locale = 'en-US') =>
  demoContext(journey, PEOPLE[who], viewport, locale);

/** The demo traveller's tour with the demo guide that ended within the last 14 days. */
async function recentTour(traveller: BrowserContext): Promise<string> {
  const list = await json<{ data: Array<{ id: string; status: string; endsAt: string }> }>(
    await traveller.request.get(`${API}/reservation-operations-public/tourist/list?group=history&pageSize=50`),
  );
  const recent = list.data.find(
    (reservation) =>
      reservation.status === 'completed' && Date.now() - new Date(reservation.endsAt).getTime() < 13 * 86_400_000,
  );
  if (!recent) throw new Error('the demo traveller has no recent completed tour');
  return recent.id;
}

describe('disputes', () => {
  it('a dispute from report to partial refund', async () => {
    const traveller = await signedIn('traveller');
    const reservationId = await recentTour(traveller);
    const page = await traveller.newPage();
    const errors = collectPageErrors(page);

    await page.goto(`/en/reservations/${reservationId}`);
    await page.getByRole('button', { name: 'Report a problem' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report a problem' });
    await dialog.getByLabel('What happened?').selectOption('late_or_short');
    await dialog.getByLabel('Describe the problem').fill('The guide came 40 minutes late and ended on time.');
    await dialog
      .getByLabel('Photos (up to 5)')
      .setInputFiles({ name: 'clock.png', mimeType: 'image/png', buffer: PHOTO });
    await screenshot(page, 'disputes-en-1280-report');
    await dialog.getByRole('button', { name: 'Send the report' }).click();
    await page.waitForURL(/\/en\/disputes\//);
    const disputeId = new URL(page.url()).pathname.split('/').pop() ?? '';
    await page.getByText('The guide came 40 minutes late and ended on time.').waitFor();
    await page.getByRole('img', { name: 'Photo 1 of the report' }).waitFor();
    await page.getByLabel('Your message').fill('I waited at the meeting point from ten.');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('I waited at the meeting point from ten.', { exact: true }).last().waitFor();
    expect(errors).toEqual([]);

    const guide = await signedIn('guide');
    const answer = await guide.request.post(`${API}/disputes/${disputeId}/messages`, {
      headers: { origin: journey.site },
      data: { text: 'The traffic on the bridge was stopped; I said so in chat.' },
    });
    expect(answer.status(), await answer.text()).toBe(200);
    await guide.close();

    const staff = await signedIn('staff');
    const desk = await staff.newPage();
    const staffErrors = collectPageErrors(desk);
    await desk.goto('/en/staff/disputes');
    const link = desk.locator(`a[href="/en/staff/disputes/${disputeId}"]`);
    await link.waitFor();
    await screenshot(desk, 'disputes-en-1280-queue');
    await link.click();
    await desk.getByRole('heading', { name: 'Late start or a shorter tour' }).waitFor();
    await desk.getByText('The traffic on the bridge was stopped; I said so in chat.').waitFor();
    const photo = desk.getByRole('img', { name: 'Photo 1 of the report' });
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(8);
    await desk.getByRole('radio', { name: 'Partial refund' }).check();
    await desk.getByLabel('Amount (USD)').fill('10');
    await desk.getByLabel('Written outcome').fill('The tour started 40 minutes late: 10 dollars back.');
    await screenshot(desk, 'disputes-en-1280-case');
    await desk.getByRole('button', { name: 'Resolve' }).click();
    await desk.getByTestId('case-outcome').waitFor();
    await expect.poll(() => desk.getByText(/refunded/).count()).toBeGreaterThan(0);
    await screenshot(desk, 'disputes-en-1280-resolved');
    expect(staffErrors).toEqual([]);

    await page.reload();
    await page.getByTestId('case-outcome').waitFor();
    await page.getByText('The tour started 40 minutes late: 10 dollars back.').waitFor();
    await screenshot(page, 'disputes-en-1280-outcome');

    for (const [locale, viewport, size] of [
      ['en', PHONE, 375],
      ['ar', PHONE, 375],
      ['ar', DESKTOP, 1280],
    ] as const) {
      const context = await signedIn('staff', viewport);
      const view = await context.newPage();
      await view.goto(`/${locale}/staff/disputes`);
      await view.locator('h1').first().waitFor();
      await view.getByRole('button', { name: locale === 'ar' ? 'محلولة' : 'Resolved', exact: true }).click();
      await view.locator(`a[href="/${locale}/staff/disputes/${disputeId}"]`).waitFor();
      await screenshot(view, `disputes-${locale}-${size}-queue`);
      await view.goto(`/${locale}/staff/disputes/${disputeId}`);
      await view.getByTestId('case-outcome').waitFor();
      expect(await view.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      await screenshot(view, `disputes-${locale}-${size}-case`);
      await context.close();

      const party = await signedIn('traveller', viewport);
      const own = await party.newPage();
      await own.goto(`/${locale}/disputes/${disputeId}`);
      await own.getByTestId('case-outcome').waitFor();
      await screenshot(own, `disputes-${locale}-${size}-outcome`);
      await party.close();
    }
  }, 300_000);
});
