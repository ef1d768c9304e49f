import type { APIRequestContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { collectPageErrors, DESKTOP, PHONE, screenshot } from './support/browser.js';
import { demoJourney } from './support/demo-journey.js';
import { DEMO_PHONES, demoContext } from './support/demo-people.js';
import { json } from './support/members.js';

/*
 * Issue 18 item 2: the demo traveller books and pays the demo guide on the sandbox checkout;
 * staff find the paid reservation on the desk by the traveller's name, refund part of it, and
 * see the refund and the payment in its timeline. The desk in English and Arabic, desktop
 * and phone.
 */

const journey = demoJourney(2);
const PEOPLE = DEMO_PHONES;
const API = '/api/app';

const signedIn = (who: keyof typeof PEOPLE, viewport = DESKTOP) => demoContext(journey, PEOPLE[who], viewport);

/** A day `days` from now, YYYY-MM-DD. */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The demo traveller reserves the demo guide for 10–12 on a free day the guide adds, the guide accepts, the traveller pays. */
async function paidReservation(): Promise<string> {
  const headers = { origin: journey.site };
  const guide = (await signedIn('guide')).request;
  const traveller = (await signedIn('traveller')).request;
  const date = dayFromNow(20);
  const { guideId } = await json<{ guideId: string }>(
    await guide.get(`${API}/user-guide-operation-public/is-user-guide`),
  );
  await json(
    await guide.post(`${API}/user-guide-operation-public/create-user-guide-free-date`, {
      headers,
      data: { date },
    }),
  );
  const detail = await json<{ city: { id: string } | null }>(
    await traveller.get(`${API}/user-detail-public/get-guide-user-detail-with-id/${guideId}`),
  );
  const cityId = detail.city?.id;
  const reservation = await json<{ id: string }>(
    await traveller.post(`${API}/reservation-operations-public/create`, {
      headers,
      data: {
        guideId,
        cityId,
        dates: [date],
        startHour: 10,
        endHour: 12,
        meetingPoint: 'Galata Tower entrance',
        contactPhone: PEOPLE.traveller,
        contactEmail: 'traveller@example.com',
        currency: 'USD',
      },
    }),
  );
  await json(await guide.put(`${API}/reservation-operations-public/${reservation.id}/accept-by-guide`, { headers }));
  await payOnSandbox(traveller, reservation.id);
  return reservation.id;
}

async function payOnSandbox(traveller: APIRequestContext, id: string) {
  const started = await traveller.put(`${API}/reservation-operations-public/${id}/pay`, {
    headers: { origin: journey.site },
  });
  expect(started.status(), await started.text()).toBe(200);
  const checkout = new URL(await started.text());
  const paid = await traveller.post(checkout.pathname, {
    headers: { origin: journey.site },
    form: { outcome: 'succeed' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
}

describe('reservation desk', () => {
  it('staff find a paid reservation, refund part of it and see it in the timeline', async () => {
    const reservationId = await paidReservation();
    const staff = await signedIn('staff');
    const page = await staff.newPage();
    const errors = collectPageErrors(page);

    await page.goto('/en/staff/desk');
    await page.getByLabel('Reservation id, name or phone').fill('Deniz Traveller');
    await page.getByLabel('Payment', { exact: true }).selectOption('paid');
    await page.getByRole('button', { name: 'Search' }).click();
    const link = page.locator(`a[href="/en/staff/desk/${reservationId}"]`);
    await link.waitFor();
    await screenshot(page, 'desk-en-1280-search');
    await link.click();

    await page.getByRole('heading', { name: /Deniz Traveller with/ }).waitFor();
    await page.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund the traveller' });
    await dialog.getByLabel('Amount (USD)').fill('10');
    await dialog.getByLabel('Reason (kept in the record)').fill('The tour started half an hour late');
    await dialog.getByRole('button', { name: 'Refund $10.00' }).click();
    await page.getByText('The tour started half an hour late').waitFor();
    await expect.poll(() => page.getByText('Partly refunded').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText(/by the payment provider/).count()).toBeGreaterThan(0);
    await screenshot(page, 'desk-en-1280-reservation');
    expect(errors).toEqual([]);

    for (const [locale, viewport, size] of [
      ['en', PHONE, 375],
      ['ar', PHONE, 375],
      ['ar', DESKTOP, 1280],
    ] as const) {
      const context = await signedIn('staff', viewport);
      const view = await context.newPage();
      await view.goto(`/${locale}/staff/desk?q=${encodeURIComponent('Deniz')}`);
      await view.locator(`a[href="/${locale}/staff/desk/${reservationId}"]`).waitFor();
      await screenshot(view, `desk-${locale}-${size}-search`);
      await view.goto(`/${locale}/staff/desk/${reservationId}`);
      await view.locator('h1').first().waitFor();
      await view.getByText('The tour started half an hour late').waitFor();
      expect(await view.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      await screenshot(view, `desk-${locale}-${size}-reservation`);
      await context.close();
    }
    // A booking, a payment, a refund and eight pages on a shared two-core machine.
  }, 300_000);
});
