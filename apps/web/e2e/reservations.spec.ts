import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collectPageErrors,
  DESKTOP,
  fromSite,
  launchBrowser,
  PHONE,
  recordCookieChoice,
  screenshot,
} from './support/browser.js';

/*
 * Issue 6: a traveller reserves a guide in the wizard, the guide approves on the dashboard,
 * the traveller pays on the sandbox checkout page and lands on the success page, the tour
 * ends, the guide confirms it, the traveller rates it, and the rating shows on the guide's
 * page and dashboard.
 *
 * "The tour ends" needs time to pass. This journey runs its own Marco server — the real
 * app, database, demo seed and sandbox payments, built like `apps/server/src/main.ts`
 * does — with one difference: its clock is the system clock plus an offset the journey
 * moves past the tour's end, as the server's API tests do with their manual clock. The
 * guide's browser moves its clock the same way.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const PHOTO = path.resolve(import.meta.dirname, 'fixtures/guide-photo.png');
const DEMO_PASSWORD = 'Marco-Demo-2026';
const TRAVELLER_PHONE = '+905550000001';
const GUIDE_PHONE = '+905550000002';

/** The few server parts the journey starts; loaded by path so the web app's type check stays on the web app. */
interface ServerApp {
  listen(options: { host: string; port: number }): Promise<string>;
  close(): Promise<void>;
}
interface ServerModules {
  loadConfig(env: NodeJS.ProcessEnv): Record<string, unknown> & { SEED_REFERENCE: boolean };
  openDatabase(config: unknown): Promise<{ db: unknown; close(): Promise<void> }>;
  prepareDatabase(database: unknown, options: { seedReference: boolean }): Promise<void>;
  seedDemo(db: unknown, storage: unknown, options: { guides: number }): Promise<unknown>;
  createStorage(config: unknown): unknown;
  buildApp(input: { config: unknown; db: unknown; version: string; clock: { now(): Date } }): Promise<ServerApp>;
}

async function loadServer(): Promise<ServerModules> {
  const load = (file: string) => import(pathToFileURL(path.join(ROOT, 'apps/server/src', file)).href);
  const [config, client, prepare, demo, storage, app] = await Promise.all([
    load('config.ts'),
    load('db/client.ts'),
    load('db/prepare.ts'),
    load('demo/demo.ts'),
    load('platform/storage/index.ts'),
    load('app.ts'),
  ]);
  return { ...config, ...client, ...prepare, ...demo, ...storage, ...app } as ServerModules;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

let browser: Browser;
let baseUrl = '';
let clockOffsetMs = 0;
let stopServer: () => Promise<void> = async () => {};

beforeAll(async () => {
  if (!fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build` (npm test builds it)');
  }
  const server = await loadServer();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marco-e2e-reservations-'));
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const config = server.loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    // The sandbox checkout sends the browser back here: the same origin as the session cookie.
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
  });
  const database = await server.openDatabase(config);
  await server.prepareDatabase(database, { seedReference: config.SEED_REFERENCE });
  // The demo accounts: traveller, and an approved guide with a schedule, a rate and reviews.
  await server.seedDemo(database.db, server.createStorage(config), { guides: 2 });
  const clock = { now: () => new Date(Date.now() + clockOffsetMs) };
  const app = await server.buildApp({ config, db: database.db, version: 'e2e', clock });
  await app.listen({ host: '127.0.0.1', port });
  stopServer = async () => {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stopServer();
});

type ApiResponse = Awaited<ReturnType<APIRequestContext['get']>>;

async function json<T>(response: ApiResponse): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

interface Person {
  context: BrowserContext;
  page: Page;
}

async function signIn(phone: string, viewport: { width: number; height: number }): Promise<Person> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport, locale: 'en-US' });
  await json(
    await context.request.post('/api/auth/login', {
      headers: fromSite(baseUrl),
      data: { phoneNumber: phone, password: DEMO_PASSWORD, rememberMe: true },
    }),
  );
  // The demo members' cookie choice is on the server, so no banner covers the wizard.
  await recordCookieChoice(context, baseUrl);
  return { context, page: await context.newPage() };
}

const status = (page: Page) => page.getByTestId('reservation-status').first();

describe('reserving, paying and rating a guide', () => {
  it('goes from the wizard to a rating on the guide’s page and dashboard', async () => {
    const traveller = await signIn(TRAVELLER_PHONE, PHONE);
    const guide = await signIn(GUIDE_PHONE, DESKTOP);
    const errors = [...collectPageErrors(traveller.page), ...collectPageErrors(guide.page)];
    const { guideId } = await json<{ guideId: string }>(
      await guide.context.request.get('/api/app/user-guide-operation-public/is-user-guide'),
    );
    const profileBefore = await json<{ reviewCount: number }>(
      await traveller.context.request.get(`/api/app/user-detail-public/get-guide-user-detail-with-id/${guideId}`),
    );

    // 1. The traveller reserves in four steps, from the guide's page, on a phone.
    const t = traveller.page;
    await t.goto(`/en/guides/${guideId}`);
    await t.getByTestId('reserve').click();
    const wizard = t.getByTestId('reservation-wizard');
    await wizard.getByRole('heading', { name: 'Select your dates' }).waitFor();
    await screenshot(t, 'reservations-en-375-wizard-dates');
    await wizard.locator('[data-date]:not([disabled])').first().click();
    await t.getByRole('button', { name: 'Continue' }).click();
    await wizard.getByRole('heading', { name: 'Select your hours' }).waitFor();
    await wizard.locator('[data-testid^="start-"]').first().click();
    await wizard.locator('[data-testid^="end-"]').first().click();
    await expect(wizard.getByTestId('wizard-total').textContent()).resolves.toMatch(/\$\d/);
    await screenshot(t, 'reservations-en-375-wizard-hours');
    await t.getByRole('button', { name: 'Continue' }).click();
    await wizard.getByLabel('Meeting point').fill('Hotel Metropol, main entrance');
    await wizard.getByLabel(/Note to the guide/).fill('Two of us, keen on architecture.');
    // The phone is prefilled from the account; the demo traveller has no e-mail address yet.
    await expect(wizard.getByLabel('Phone').inputValue()).resolves.toBe(TRAVELLER_PHONE);
    await wizard.getByLabel('E-mail').fill('deniz@example.com');
    await t.getByRole('button', { name: 'Continue' }).click();
    await wizard.getByRole('heading', { name: 'Check and send' }).waitFor();
    await t.getByTestId('send-reservation').click();
    await wizard.getByTestId('reservation-sent').waitFor();
    await screenshot(t, 'reservations-en-375-wizard-sent');
    await t.getByRole('link', { name: 'View my request' }).click();
    await t.waitForURL(/\/en\/reservations\/[0-9a-f-]{36}$/);
    const reservationId = new URL(t.url()).pathname.split('/').pop() ?? '';
    await expect(status(t).getAttribute('data-status')).resolves.toBe('pending');

    // 2. The guide approves it inline on the dashboard.
    const g = guide.page;
    await g.goto('/en/guide-mode');
    const pending = g
      .getByTestId('pending-request')
      .filter({ has: g.locator(`a[href="/en/guide-mode/${reservationId}"]`) });
    await pending.waitFor();
    await screenshot(g, 'reservations-en-1280-dashboard-pending');
    await pending.getByRole('button', { name: /^Approve the request of/ }).click();
    await pending.waitFor({ state: 'detached' });

    // 3. The traveller pays on the sandbox checkout page and comes back to the success page.
    await t.goto(`/en/reservations/${reservationId}`);
    await expect(status(t).getAttribute('data-status')).resolves.toBe('approved');
    await t.getByTestId('pay-reservation').click();
    await t.waitForURL(/payment-sandbox-public\/checkout\//);
    await t.locator('button[value="succeed"]').click();
    await t.waitForURL(new RegExp(`/en/payment/success\\?reservation=${reservationId}$`));
    await t.locator('[data-testid="payment-outcome"][data-state="paid"]').waitFor();
    await screenshot(t, 'reservations-en-375-payment-success');

    // 4. The tour ends: the server's and the guide's clocks move past its end.
    const paid = await json<{ status: string; endsAt: string; price: { totalMinor: number } }>(
      await traveller.context.request.get(`/api/app/reservation-operations-public/tourist/${reservationId}`),
    );
    expect(paid.status).toBe('paid');
    clockOffsetMs = Date.parse(paid.endsAt) - Date.now() + 5 * 60_000;
    await g.clock.setFixedTime(new Date(Date.now() + clockOffsetMs));

    // 5. The guide confirms the tour took place.
    await g.goto(`/en/guide-mode/${reservationId}`);
    await g.getByTestId('confirm-consumption').click();
    await g.locator('[data-testid="reservation-status"][data-status="completed"]').waitFor();
    await screenshot(g, 'reservations-en-1280-request-completed');

    // 6. The traveller rates the guide: stars, a comment and a photo.
    await t.goto(`/en/reservations/${reservationId}`);
    await t.getByTestId('rate-reservation').click();
    const dialog = t.getByRole('dialog', { name: /^Rate / });
    // The stars are radio buttons drawn as icons: the label clicked is the star.
    await dialog.getByRole('radio', { name: '5 stars' }).check({ force: true });
    const comment = `Wonderful walk through the old town (${reservationId.slice(-6)})`;
    await dialog.getByLabel('Your comment').fill(comment);
    await dialog.getByTestId('review-photo-input').setInputFiles(PHOTO);
    await dialog.getByRole('img', { name: 'Photo 1' }).waitFor();
    await screenshot(t, 'reservations-en-375-rate');
    await dialog.getByTestId('submit-review').click();
    await t.getByTestId('review-submitted').waitFor();

    // 7. The rating shows on the guide's public page and on the dashboard.
    const profileAfter = await json<{ reviewCount: number }>(
      await traveller.context.request.get(`/api/app/user-detail-public/get-guide-user-detail-with-id/${guideId}`),
    );
    expect(profileAfter.reviewCount).toBe(profileBefore.reviewCount + 1);
    await t.goto(`/en/guides/${guideId}`);
    await t.getByTestId('review').filter({ hasText: comment }).waitFor();
    await screenshot(t, 'reservations-en-375-guide-page-review');
    await g.goto('/en/guide-mode');
    await expect(g.getByTestId('figure-rating').textContent()).resolves.toMatch(/\d\.\d/);
    await g.getByText(`${profileAfter.reviewCount} reviews`).waitFor();
    // The tour's earnings are in the balance now.
    await expect(g.getByTestId('figure-balance').textContent()).resolves.not.toBe('$0.00');
    await screenshot(g, 'reservations-en-1280-dashboard-rated');

    expect(errors).toEqual([]);
    await traveller.context.close();
    await guide.context.close();
  });
});
