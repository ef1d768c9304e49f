import fs from 'node:fs';
import path from 'node:path';
import { LEGAL_VERSIONS, MY_CONSENT_PATH } from '@marco/contract/legal';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../../../test-results/screenshots');

export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 860 };

export function baseUrl(): string {
  return inject('baseUrl');
}

/**
 * What a browser adds to a state-changing call from Marco's own pages: the server refuses
 * cookie-authenticated writes and cookie sign-ins without it (CSRF rule). Calls made through
 * `context.request` are not the browser's, so they say it themselves.
 */
export const fromSite = (origin = baseUrl()) => ({ origin });

/**
 * Waits until React has taken over the page: a public page arrives rendered by the server
 * (docs/decisions/015) and is visible before its scripts run, and a click on a button before
 * then would do nothing, as a person's would. Pages without the server's payload do not wait.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    if (!document.getElementById('marco-ssr')) return true;
    const root = document.getElementById('root');
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
}

/** Every `goto` and `reload` of the page resolves once the page it opened has hydrated. */
function actAfterHydration(page: Page): void {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = (async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    await waitForHydration(page);
    return response;
  }) as Page['goto'];
  page.reload = (async (...args: Parameters<Page['reload']>) => {
    const response = await reload(...args);
    await waitForHydration(page);
    return response;
  }) as Page['reload'];
}

/** The pages the journeys of this file have open, for the report of a failure. */
const openPages = new Set<Page>();

function track(page: Page): void {
  openPages.add(page);
  page.once('close', () => openPages.delete(page));
}

/**
 * What each open page shows, a line each (its address and the start of its text): CI keeps a
 * failing journey's log, not its screenshots, and a failure that does not repeat is read there.
 */
export async function describeOpenPages(): Promise<string[]> {
  return Promise.all(
    [...openPages].map(async (page) => {
      const text = await page
        .locator('body')
        // biome-ignore lint/performance/useDomNodeTextContent: what a person sees is the point, not hidden text or the page's data script.
        .innerText({ timeout: 2000 })
        .catch((error: Error) => `(text not read: ${error.message.split('\n')[0]})`);
      return `${page.url()} ${text.replace(/\s+/g, ' ').slice(0, 800)}`;
    }),
  );
}

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  // Journeys act as soon as a page has loaded; a page without scripts never hydrates.
  const newBrowserContext = browser.newContext.bind(browser);
  browser.newContext = (async (options?: Parameters<Browser['newContext']>[0]) => {
    const context = await newBrowserContext(options);
    context.on('page', track);
    if (options?.javaScriptEnabled !== false) context.on('page', actAfterHydration);
    return context;
  }) as Browser['newContext'];
  return browser;
}

export async function newContext(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; acceptLanguage?: string } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: baseUrl(),
    viewport: options.viewport ?? DESKTOP,
    locale: options.acceptLanguage ?? 'en-US',
  });
}

/** Collects uncaught page errors, so a journey can assert the app never crashed. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Saves a full-page screenshot under test-results/screenshots for people to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Answers the first-visit cookie banner with "Reject all" (en or ar), as a visitor would, so it
 * does not cover the bottom of forms and screenshots.
 */
export async function answerCookieBanner(page: Page): Promise<void> {
  const reject = page.getByRole('button', { name: /^(Reject all|رفض الكل)$/ });
  // A visitor's page carries the banner from the server: it answers once React has the page.
  await reject.waitFor();
  await waitForHydration(page);
  await reject.click();
  await reject.waitFor({ state: 'detached' });
}

/**
 * Records the signed-in member's cookie choice on the server, as if made on another device:
 * the banner then never shows in their contexts, whichever test ran first.
 */
export async function recordCookieChoice(context: BrowserContext, origin = baseUrl()): Promise<void> {
  const response = await context.request.put(`/api/app/${MY_CONSENT_PATH}`, {
    headers: fromSite(origin),
    data: { choices: { personalisation: false, marketing: false, profiling: false }, version: LEGAL_VERSIONS.cookies },
  });
  if (!response.ok()) throw new Error(`${response.url()}: ${response.status()} ${await response.text()}`);
}
