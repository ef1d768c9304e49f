import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { LEGAL_VERSIONS, MY_CONSENT_PATH } from '@marco/contract/legal';
import type { APIResponse, Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  collectPageErrors,
  DESKTOP,
  launchBrowser,
  newContext,
  PHONE,
  SCREENSHOT_DIR,
  screenshot,
} from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const randomPhone = () => `+90534${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;

async function json<T>(response: APIResponse): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A traveller signed up through the API (code from the dev outbox) and signed in inside `context`. */
async function signUpTraveller(context: BrowserContext) {
  const request = context.request;
  // As a browser would: state-changing calls carry the site's Origin.
  const headers = { origin: baseUrl() };
  const phone = randomPhone();
  const password = `Marco-${Math.floor(Math.random() * 1e9)}-pass`;
  const api = '/api/app/custom-user-account-public';
  const { userId } = await json<{ userId: string }>(
    await request.post(`${api}/register-with-phone`, {
      headers,
      data: {
        phoneNumber: phone,
        name: 'Elif',
        surname: 'Demir',
        extraProperties: { termsConsent: true, privacyConsent: true },
      },
    }),
  );
  const outbox = await json<{ data: Array<{ recipient: string; text: string }> }>(await request.get('/api/dev/outbox'));
  const code = outbox.data.findLast((entry) => entry.recipient === phone)?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code texted to ${phone}`);
  const { registrationToken } = await json<{ registrationToken: string }>(
    await request.post(`${api}/check-phone-code`, { headers, data: { userId, code } }),
  );
  await json(
    await request.post(`${api}/set-password-for-phone`, { headers, data: { userId, password, registrationToken } }),
  );
  await json(
    await request.post('/api/auth/login', { headers, data: { phoneNumber: phone, password, rememberMe: true } }),
  );
  // The cookie choice made on another device, so the banner stays away from the screenshots.
  await json(
    await request.put(`/api/app/${MY_CONSENT_PATH}`, {
      headers,
      data: {
        choices: { personalisation: false, marketing: false, profiling: false },
        version: LEGAL_VERSIONS.cookies,
      },
    }),
  );
}

/** Saves a picture of one element (the addresses section), beside the journeys' full-page ones. */
async function shoot(target: Locator, name: string) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await target.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), animations: 'disabled' });
}

/** Changes the viewport and waits until the page lays itself out at the new width. */
async function resize(page: Page, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  await page.waitForFunction((width) => window.innerWidth === width, size.width);
}

const section = (page: Page) => page.locator('section#addresses');
const card = (page: Page, text: string) => section(page).locator('article').filter({ hasText: text });
const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /./ }).locator('li[role="status"]').filter({ hasText: text });

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** The serious and critical WCAG 2.2 AA failures axe finds inside `selector`. */
async function seriousViolations(page: Page, selector: string): Promise<string[]> {
  // Evaluated through the debugging protocol: the site's CSP rightly refuses an injected script tag.
  await page.evaluate(fs.readFileSync(AXE_SCRIPT, 'utf8'));
  return page.evaluate(async (context) => {
    type AxeResult = { violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: string[] }> }> };
    const axe = (window as unknown as { axe: { run: (context: string, options: object) => Promise<AxeResult> } }).axe;
    const { violations } = await axe.run(context, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    });
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  }, selector);
}

/** Closes the notifications, as a reader would, so they do not cover the section in a picture. */
/** Closes the toasts on screen; one that leaves by itself meanwhile is gone all the same. */
async function dismissToasts(page: Page) {
  const close = page.getByRole('region', { name: /./ }).locator('li[role="status"] button');
  while ((await close.count()) > 0) {
    await close
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  }
}

async function fillAddress(
  page: Page,
  place: { country: string; state: string; city: string },
  street: string,
  postalCode: string,
) {
  const dialog = page.getByRole('dialog');
  const country = dialog.getByLabel('Country', { exact: true });
  await expect.poll(() => country.isEnabled()).toBe(true);
  await country.selectOption({ label: place.country });
  const state = dialog.getByLabel('State, province or region');
  await expect.poll(() => state.isEnabled()).toBe(true);
  await state.selectOption({ label: place.state });
  const city = dialog.getByLabel('City', { exact: true });
  await expect.poll(() => city.locator('option').allTextContents()).toContain(place.city);
  await city.selectOption({ label: place.city });
  await dialog.getByLabel('Street and number').fill(street);
  await dialog.getByLabel('Postal code').fill(postalCode);
}

describe('a traveller keeps their postal addresses in settings', () => {
  it('adds an address, edits it, adds a second, makes it the default and deletes the first', async () => {
    const context = await newContext(browser, { viewport: DESKTOP });
    await signUpTraveller(context);
    const page = await context.newPage();
    const errors = collectPageErrors(page);

    await page.goto('/en/settings#addresses');
    await section(page).getByText('No addresses yet').waitFor();
    await shoot(section(page), 'addresses-empty-en-1280');

    // 1. The first address, which becomes the default.
    await section(page).getByRole('button', { name: 'Add address' }).click();
    await page.getByRole('dialog').getByText('This is your first address, so it becomes your default.').waitFor();
    await fillAddress(
      page,
      { country: 'Turkey', state: 'Istanbul Province', city: 'Istanbul' },
      'İstiklal Caddesi 1',
      '34430',
    );
    await page.getByRole('dialog').getByRole('button', { name: 'Save address' }).click();
    await toast(page, 'Address added').waitFor();
    await card(page, 'İstiklal Caddesi 1').getByText('Default', { exact: true }).waitFor();

    // 2. Edited: a new street.
    await card(page, 'İstiklal Caddesi 1').getByRole('button', { name: 'Edit' }).click();
    const street = page.getByRole('dialog').getByLabel('Street and number');
    expect(await street.inputValue()).toBe('İstiklal Caddesi 1');
    await street.fill('Galip Dede Caddesi 12');
    await page.getByRole('dialog').getByRole('button', { name: 'Save address' }).click();
    await toast(page, 'Address saved').waitFor();
    await card(page, 'Galip Dede Caddesi 12').waitFor();
    expect(await card(page, 'İstiklal Caddesi 1').count()).toBe(0);

    // 3. A second address in Paris, then made the default. The first one's "Address added" may
    // still be showing: closed first, so the toast waited for is this address's.
    await dismissToasts(page);
    await section(page).getByRole('button', { name: 'Add address' }).click();
    await fillAddress(page, { country: 'France', state: 'Île-de-France', city: 'Paris' }, 'Rue de Rivoli 2', '75001');
    await shoot(page.getByRole('dialog'), 'addresses-form-en-1280');
    await page.getByRole('dialog').getByRole('button', { name: 'Save address' }).click();
    await toast(page, 'Address added').waitFor();
    const paris = card(page, 'Rue de Rivoli 2');
    expect(await paris.getByText('Default', { exact: true }).count()).toBe(0);
    await paris.getByRole('button', { name: 'Set as default' }).click();
    await toast(page, 'Default address changed').waitFor();
    await paris.getByText('Default', { exact: true }).waitFor();
    expect(await card(page, 'Galip Dede Caddesi 12').getByText('Default', { exact: true }).count()).toBe(0);
    await dismissToasts(page);
    await page.mouse.move(0, 0);
    await shoot(section(page), 'addresses-en-1280');
    expect(await seriousViolations(page, 'section#addresses')).toEqual([]);
    await screenshot(page, 'addresses-journey-en-1280');

    // 4. The Istanbul address deleted, after a confirmation; the focus lands on "Add address".
    await card(page, 'Galip Dede Caddesi 12').getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this address?' });
    await confirm.getByText('You are about to delete Galip Dede Caddesi 12, Istanbul, Turkey.').waitFor();
    await confirm.getByRole('button', { name: 'Delete address' }).click();
    await toast(page, 'Address deleted').waitFor();
    await card(page, 'Galip Dede Caddesi 12').waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Add address');

    const { data } = await json<{ data: Array<{ street: string; isDefault: boolean; cityName: string }> }>(
      await context.request.get('/api/app/address-public/get-user-address?locale=en'),
    );
    expect(data).toEqual([expect.objectContaining({ street: 'Rue de Rivoli 2', isDefault: true, cityName: 'Paris' })]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reads right to left in Arabic, on a phone and on a desktop', async () => {
    const context = await newContext(browser, { viewport: PHONE, acceptLanguage: 'ar' });
    await signUpTraveller(context);
    const headers = { origin: baseUrl() };
    const places = async (pathname: string) =>
      (await json<{ data: Array<{ id: string; code?: string; key?: string }> }>(await context.request.get(pathname)))
        .data;
    const turkey = (await places('/api/app/address-public/get-countries')).find((item) => item.code === 'TR');
    const france = (await places('/api/app/address-public/get-countries')).find((item) => item.code === 'FR');
    const istanbul = (await places(`/api/app/address-public/get-cities?countryId=${turkey?.id}`)).find(
      (item) => item.key === 'istanbul',
    );
    const paris = (await places(`/api/app/address-public/get-cities?countryId=${france?.id}`)).find(
      (item) => item.key === 'paris',
    );
    for (const data of [
      { countryId: turkey?.id, cityId: istanbul?.id, street: 'İstiklal Caddesi 1', postalCode: '34430' },
      { countryId: france?.id, cityId: paris?.id, street: 'Rue de Rivoli 2', postalCode: '75001' },
    ]) {
      await json(await context.request.post('/api/app/address-public/create-user-address', { headers, data }));
    }
    const page = await context.newPage();
    const errors = collectPageErrors(page);

    await page.goto('/ar/settings#addresses');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await card(page, 'Rue de Rivoli 2').getByRole('button', { name: 'تعيين كافتراضي' }).waitFor();
    await card(page, 'İstiklal Caddesi 1').getByText('افتراضي', { exact: true }).waitFor();
    await page.mouse.move(0, 0);
    await shoot(section(page), 'addresses-ar-375');
    expect(await seriousViolations(page, 'section#addresses')).toEqual([]);
    await section(page).getByRole('button', { name: 'إضافة عنوان' }).click();
    await page.getByRole('dialog').getByLabel('الدولة', { exact: true }).selectOption({ label: 'تركيا' });
    await page.getByRole('dialog').getByRole('button', { name: 'حفظ العنوان' }).waitFor();
    await shoot(page.getByRole('dialog'), 'addresses-form-ar-375');
    expect(await seriousViolations(page, 'dialog[open]')).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('إضافة عنوان');

    await resize(page, DESKTOP);
    await shoot(section(page), 'addresses-ar-1280');
    // Narrowed before loading, not after: a CI run once waited 30 s for the section to hold still
    // after the page was narrowed under it.
    await resize(page, PHONE);
    await page.goto('/en/settings#addresses');
    await card(page, 'Rue de Rivoli 2').waitFor();
    await shoot(section(page), 'addresses-en-375');
    expect(errors).toEqual([]);
    await context.close();
  });
});
