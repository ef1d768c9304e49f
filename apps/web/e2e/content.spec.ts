import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, collectPageErrors, launchBrowser, newContext, PHONE, screenshot } from './support/browser.js';

/*
 * Issue 8's journey: a Turkish reader opens the blog, reads an article, allows only
 * marketing cookies (nothing optional has loaded before), subscribes to the newsletter and
 * confirms it from the dev outbox; an unknown policy is not found; Marco installs as an app
 * and opens offline.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Cookies Marco sets without asking: strictly necessary ones (spec §2). */
const NECESSARY_COOKIES = ['locale', 'currency', 'marco_session'];

/** Every request the page makes, so a test can show that nothing left Marco's origin. */
function recordRequests(page: Page): URL[] {
  const requests: URL[] = [];
  page.on('request', (request) => requests.push(new URL(request.url())));
  return requests;
}

const foreignRequests = (requests: URL[]) =>
  requests.filter((url) => url.origin !== new URL(baseUrl()).origin && url.protocol.startsWith('http'));

async function consentCookie(context: BrowserContext) {
  const cookie = (await context.cookies()).find((entry) => entry.name === 'consent');
  return cookie ? JSON.parse(decodeURIComponent(cookie.value)) : null;
}

interface OutboxMessage {
  channel: 'sms' | 'email';
  recipient: string;
  text: string;
}

async function newsletterConfirmPath(page: Page, email: string): Promise<string> {
  const response = await page.request.get('/api/dev/outbox');
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: OutboxMessage[] };
  const mail = data.findLast((message) => message.channel === 'email' && message.recipient === email);
  const link = mail?.text.match(/https?:\/\/\S+\/newsletter-public\/confirm\?token=\S+/)?.[0];
  if (!link) throw new Error(`no confirmation link was mailed to ${email}`);
  // The link names PUBLIC_URL's host; the journey stays on the address it was started on.
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

describe('content, consent and the installable app', () => {
  it('a Turkish reader reads an article, allows only marketing and confirms the newsletter', async () => {
    const context = await newContext(browser, { acceptLanguage: 'tr-TR' });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const requests = recordRequests(page);

    await page.goto('/tr/blog');
    await page.locator('h1').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('tr');
    const banner = page.getByRole('region', { name: 'Çerez tercihiniz' });
    await banner.waitFor();
    await page.waitForLoadState('networkidle');
    // Before any answer: no choice stored, only necessary cookies, nothing fetched from elsewhere.
    expect(await consentCookie(context)).toBeNull();
    for (const cookie of await context.cookies()) expect(NECESSARY_COOKIES).toContain(cookie.name);
    expect(foreignRequests(requests)).toEqual([]);
    await screenshot(page, 'content-blog-tr');

    const firstArticle = page.getByRole('article').first().getByRole('link').first();
    const title = (await firstArticle.textContent())?.trim();
    expect(title).toBeTruthy();
    await firstArticle.click();
    await page.waitForURL(/\/tr\/blog\/[a-z0-9-]+$/);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await page.locator('article p').count()).toBeGreaterThan(2);
    await screenshot(page, 'content-article-tr');

    await banner.getByRole('button', { name: 'Özelleştir' }).click();
    const settings = page.getByRole('dialog', { name: 'Çerez ve ileti ayarları' });
    await settings.waitFor();
    for (const name of ['Kişiselleştirme', 'Pazarlama', 'Profilleme']) {
      expect(await settings.getByRole('switch', { name }).isChecked()).toBe(false);
    }
    await settings.getByRole('switch', { name: 'Pazarlama' }).check();
    await screenshot(page, 'content-consent-marketing-tr');
    await settings.getByRole('button', { name: 'Tercihlerimi kaydet' }).click();
    await settings.waitFor({ state: 'hidden' });
    expect(await banner.count()).toBe(0);
    expect(await consentCookie(context)).toMatchObject({
      choices: { personalisation: false, marketing: true, profiling: false },
    });

    const email = `okur-${randomUUID().slice(0, 8)}@example.com`;
    const footer = page.getByRole('contentinfo');
    await footer.getByLabel('E-posta adresi').fill(email);
    await footer.getByRole('button', { name: 'Abone ol' }).click();
    await page.getByText('Neredeyse tamam').waitFor();

    const confirm = await page.goto(await newsletterConfirmPath(page, email));
    expect(confirm?.status()).toBe(200);
    // The link lands on the home page with the outcome, which the page says and then drops from its address.
    expect(confirm?.url()).toMatch(/\/tr\/\?newsletter=confirmed$/);
    await page.getByText('Aboneliğiniz onaylandı').waitFor();
    await page.waitForURL((url) => !url.searchParams.has('newsletter'));
    // Confirmed: subscribing again is harmless and says so.
    await footer.getByLabel('E-posta adresi').fill(email);
    await footer.getByRole('button', { name: 'Abone ol' }).click();
    await page.getByText('Abone oldunuz').waitFor();
    await screenshot(page, 'content-newsletter-confirmed-tr');

    expect(foreignRequests(requests)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the not-found page for an unknown policy, and the policy for a known one', async () => {
    const context = await newContext(browser, { acceptLanguage: 'tr-TR' });
    const page = await context.newPage();
    await page.goto('/tr/policy/no-such-policy');
    await page.getByRole('heading', { name: 'Sayfa Bulunamadı' }).waitFor();
    await screenshot(page, 'content-policy-not-found-tr');

    const known = await page.goto('/tr/policy/cookies');
    expect(known?.status()).toBe(200);
    await page.locator('h1').first().waitFor();
    expect(await page.getByRole('heading', { name: 'Sayfa Bulunamadı' }).count()).toBe(0);
    await context.close();
  });

  it('is installable: a complete manifest, a service worker in control, and an offline page', async () => {
    const context = await newContext(browser, { viewport: PHONE, acceptLanguage: 'tr-TR' });
    const page = await context.newPage();
    await page.goto('/tr/');
    await page.locator('h1').first().waitFor();

    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestHref).toBe('/manifests/tr.webmanifest');
    const manifest = await (await page.request.get(manifestHref ?? '')).json();
    expect(manifest.name).toEqual(expect.any(String));
    expect(manifest.short_name).toBe('Marco');
    expect(manifest.start_url).toBe('/tr/');
    expect(['standalone', 'fullscreen', 'minimal-ui']).toContain(manifest.display);
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    const icons = manifest.icons as Array<{ src: string; sizes: string; type: string; purpose?: string }>;
    for (const size of ['192x192', '512x512']) {
      const icon = icons.find((entry) => entry.sizes === size && entry.type === 'image/png');
      expect(icon, `a ${size} PNG icon`).toBeDefined();
      const response = await page.request.get(icon?.src ?? '');
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('image/png');
    }

    // The worker registers after load, takes over at once (clients.claim) and keeps tr's catalogs.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    expect(
      await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL.endsWith('/sw.js')),
    ).toBe(true);
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            // The build's precache list names each locale's catalog files (hashed names).
            const source = await (await fetch('/sw-precache.js')).text();
            const precache = JSON.parse(source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1));
            const files: string[] = precache.locales.tr;
            const found = await Promise.all(files.map((file) => caches.match(file)));
            return files.length > 0 && found.every(Boolean);
          }),
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true);

    await context.setOffline(true);
    // The app shell starts offline in a language it has kept…
    await page.goto('/tr/');
    await page.locator('h1').first().waitFor();
    // The footer loads just after the first paint; the picture shows the whole shell.
    await page.getByRole('contentinfo').waitFor();
    await screenshot(page, 'content-offline-shell-tr');
    // …and a language it has not kept gets the offline page in that language.
    await page.goto('/ru/blog');
    await page.getByRole('heading', { name: 'Нет подключения к интернету' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ru');
    await screenshot(page, 'content-offline-page-ru');
    await context.setOffline(false);
    await context.close();
  });
});
