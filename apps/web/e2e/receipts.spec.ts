import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { APIRequestContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { collectPageErrors, DESKTOP, fromSite, PHONE, recordCookieChoice, screenshot } from './support/browser.js';
import { demoJourney } from './support/demo-journey.js';
import { json, signIn } from './support/members.js';

/*
 * Issue 19, receipts: the demo traveller reserves the demo guide, the guide approves, the
 * traveller pays on the sandbox checkout, and the reservation page lists the payment's
 * receipt; downloading it gives a PDF that states the reservation's total. In English on a
 * desktop and in Arabic on a phone.
 */

const DEMO_PASSWORD = 'Marco-Demo-2026';
const TRAVELLER = { phone: '+905550000001', password: DEMO_PASSWORD };
const GUIDE = { phone: '+905550000002', password: DEMO_PASSWORD };
const API = '/api/app';

const journey = demoJourney(2);

/** A day and hour the guide is free, two days ahead or more, read in the guide's zone. */
async function freeHour(request: APIRequestContext, guideId: string) {
  const hours = await json<{ timezone: string; data: Array<{ start: string }> }>(
    await request.get(`${API}/user-guide-operation-public/user-guide-available-hours/${guideId}`, {
      params: { from: new Date().toISOString(), to: new Date(Date.now() + 40 * 86_400_000).toISOString() },
    }),
  );
  const slot = hours.data.find((entry) => new Date(entry.start).getTime() > Date.now() + 3 * 86_400_000);
  if (!slot) throw new Error('the demo guide has no free hour');
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: hours.timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(slot.start))
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, startHour: Number(parts.hour) };
}

/** A reservation of the demo guide, approved by the guide and paid on the sandbox checkout. */
async function paidReservation(traveller: APIRequestContext, guide: APIRequestContext) {
  const headers = fromSite(journey.site);
  const { guideId } = await json<{ guideId: string }>(
    await guide.get(`${API}/user-guide-operation-public/is-user-guide`),
  );
  const profile = await json<{ city: { id: string } }>(
    await traveller.get(`${API}/user-detail-public/get-guide-user-detail-with-id/${guideId}`),
  );
  const { date, startHour } = await freeHour(traveller, guideId);
  const reservation = await json<{ id: string; price: { totalMinor: number; currency: string } }>(
    await traveller.post(`${API}/reservation-operations-public/create`, {
      headers,
      data: {
        guideId,
        cityId: profile.city.id,
        dates: [date],
        startHour,
        endHour: startHour + 1,
        meetingPoint: 'Galata Tower entrance',
        contactPhone: '+905321234567',
        contactEmail: 'traveller@example.com',
        currency: 'USD',
      },
    }),
  );
  const ops = `${API}/reservation-operations-public/${reservation.id}`;
  expect((await guide.put(`${ops}/accept-by-guide`, { headers })).status()).toBe(200);
  const checkout = await traveller.put(`${ops}/pay`, { headers });
  expect(checkout.status()).toBe(200);
  const settled = await traveller.post(new URL(await checkout.text()).pathname, {
    headers,
    form: { outcome: 'succeed' },
    maxRedirects: 0,
  });
  expect(settled.status()).toBe(303);
  return reservation;
}

describe('receipts', () => {
  // Two sign-ins, a reservation paid through the sandbox, two pages and two PDFs: longer than one page's journey.
  it('lists the receipt of a paid reservation and downloads it as a PDF with the total', async () => {
    const context = await journey.browser.newContext({ baseURL: journey.site, viewport: DESKTOP, locale: 'en-US' });
    await signIn(context.request, TRAVELLER, journey.site);
    await recordCookieChoice(context, journey.site);
    const guide = await journey.browser.newContext({ baseURL: journey.site });
    await signIn(guide.request, GUIDE, journey.site);
    const reservation = await paidReservation(context.request, guide.request);

    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`/en/reservations/${reservation.id}`);
    const link = page.getByTestId('download-receipt');
    await link.waitFor();
    expect(await page.getByTestId('receipts').textContent()).toContain('Payment receipt');
    await page.getByTestId('receipts').scrollIntoViewIfNeeded();
    await screenshot(page, 'receipts-reservation-en-1280');

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^marco-receipt-\d{6}\.pdf$/);
    const file = (await download.path()) as string;
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    const total = new Intl.NumberFormat('en', { style: 'currency', currency: reservation.price.currency }).format(
      reservation.price.totalMinor / 100,
    );
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Payment receipt');
    expect(text).toContain(total);
    expect(errors).toEqual([]);

    // In Arabic on a phone: the same receipt, right to left.
    const phone = await journey.browser.newContext({ baseURL: journey.site, viewport: PHONE, locale: 'ar' });
    await phone.addCookies(await context.cookies());
    await recordCookieChoice(phone, journey.site);
    const arPage = await phone.newPage();
    await arPage.goto(`/ar/reservations/${reservation.id}`);
    await arPage.getByTestId('download-receipt').waitFor();
    expect(await arPage.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await arPage.getByTestId('receipts').textContent()).toContain('إيصال دفع');
    await arPage.getByTestId('receipts').scrollIntoViewIfNeeded();
    await screenshot(arPage, 'receipts-reservation-ar-375');
    const [arDownload] = await Promise.all([
      arPage.waitForEvent('download'),
      arPage.getByTestId('download-receipt').click(),
    ]);
    const arText = execFileSync('pdftotext', [(await arDownload.path()) as string, '-'], { encoding: 'utf8' });
    expect(arText).toContain('إيصال دفع');

    await phone.close();
    await guide.close();
    await context.close();
  }, 180_000);
});
