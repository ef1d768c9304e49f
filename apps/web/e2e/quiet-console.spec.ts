import type { APIRequestContext, Browser, BrowserContext, Page, Request, WebSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerCookieBanner, DESKTOP, launchBrowser, screenshot } from './support/browser.js';
import { startDemoServer } from './support/demo-server.js';
import { DEMO_STAFF_TOTP_SECRET, passSecondFactor } from './support/staff.js';

/*
 * Issue 15 item 8: the main pages of a visitor, a traveller, a guide and staff, in English
 * and Arabic, log no console error (a refused Content-Security-Policy among them), throw
 * nothing, and ask this site for nothing that fails or answers 4xx/5xx. A page that knows
 * something is absent does not ask for it; "not there yet" is a 200 with an empty value.
 */

const LOCALES = ['en', 'ar'] as const;
const DEMO_PASSWORD = 'Marco-Demo-2026';
const DEMO_TRAVELLER = '+905550000001';
const DEMO_GUIDE = '+905550000002';
const DEMO_STAFF = '+905550000003';
const ARTICLE = 'a-weekend-in-rome-with-a-local';

let browser: Browser;
let baseUrl = '';
let stopServer: () => Promise<void> = async () => {};
let openCheckout: Awaited<ReturnType<typeof startDemoServer>>['openCheckout'];
// Its own server with the demo marketplace: the demo members have tours, reviews and a guide profile.
beforeAll(async () => {
  const server = await startDemoServer(2);
  baseUrl = server.baseUrl;
  stopServer = server.stop;
  openCheckout = server.openCheckout;
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

// A state-changing call must come from the site's own pages (Origin), as a browser's would.
const ownOrigin = () => ({ origin: baseUrl });

async function signIn(context: BrowserContext, phone: string, password: string) {
  await json(
    await context.request.post('/api/auth/login', {
      data: { phoneNumber: phone, password, rememberMe: true },
      headers: ownOrigin(),
    }),
  );
}

const randomPhone = () => `+90536${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;

/** A new member who has never applied to guide: signed up through the API, code from the dev outbox. */
async function signUpNewcomer(context: BrowserContext) {
  const request = context.request;
  const phone = randomPhone();
  const password = `Galata-${Math.floor(Math.random() * 1e9)}-tower`;
  const post = (path: string, data: object) =>
    request.post(`/api/app/custom-user-account-public/${path}`, { data, headers: ownOrigin() });
  const { userId } = await json<{ userId: string }>(
    await post('register-with-phone', {
      phoneNumber: phone,
      name: 'Selin',
      surname: 'Kaya',
      extraProperties: { termsConsent: true, privacyConsent: true },
    }),
  );
  const outbox = await json<{ data: Array<{ recipient: string; text: string }> }>(await request.get('/api/dev/outbox'));
  const code = outbox.data.findLast((entry) => entry.recipient === phone)?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code texted to ${phone}`);
  const { registrationToken } = await json<{ registrationToken: string }>(
    await post('check-phone-code', { userId, code }),
  );
  await json(await post('set-password-for-phone', { userId, password, registrationToken }));
  await signIn(context, phone, password);
}

interface Watch {
  /** Everything the pages did wrong, as lines a failing test can show. */
  problems: string[];
  /** Says the test is leaving the page it is on (before `goto`). */
  leave(): void;
  /** Says the page the test went to has loaded (after `goto`). */
  arrive(): void;
}

function watch(page: Page): Watch {
  const origin = new URL(baseUrl).origin;
  const problems: string[] = [];
  // A request still in flight when the page moves on (a poll, a refetch) is cut by leaving, not
  // by the app. While the test navigates (from before `goto` until the new page has loaded) the
  // old page can still start one, and its failure arrives before the new page commits: any
  // abort then is the navigation's. When the app navigates itself (a language switch), the
  // path the request started on tells it apart.
  let navigating = false;
  const startedOn = new WeakMap<Request, string>();
  const where = () => new URL(page.url()).pathname;
  page.on('request', (request) => startedOn.set(request, where()));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${where()}: console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${where()}: uncaught: ${error.message}`));
  page.on('requestfailed', (request) => {
    const leftSince = navigating || startedOn.get(request) !== where();
    if (leftSince && request.failure()?.errorText === 'net::ERR_ABORTED') return;
    problems.push(`${where()}: failed: ${request.method()} ${request.url()} (${request.failure()?.errorText})`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400 && new URL(response.url()).origin === origin) {
      problems.push(`${where()}: ${response.status()} ${response.request().method()} ${response.url()}`);
    }
  });
  page.on('websocket', (socket) =>
    socket.on('socketerror', (error) => problems.push(`${where()}: WebSocket ${socket.url()}: ${error}`)),
  );
  return {
    problems,
    leave: () => {
      navigating = true;
    },
    arrive: () => {
      navigating = false;
    },
  };
}

/** The first link on the page under `prefix`: the page lists what the demo has. */
async function firstLink(page: Page, prefix: string): Promise<string> {
  const href = await page.locator(`#main a[href^="${prefix}"]`).first().getAttribute('href', { timeout: 5000 });
  if (!href) throw new Error(`no link to ${prefix} on ${page.url()}`);
  return href;
}

/** Opens a page and waits until it has nothing left to load. */
async function visit(role: Role, path: string) {
  // What the last action started (a refetch after the cookie choice) finishes first; the
  // round trip delivers the events of every request started so far, on the page they began.
  await role.page.waitForLoadState('networkidle');
  await role.page.evaluate(() => document.readyState);
  try {
    role.leave();
    await role.page.goto(path);
    role.arrive();
    await role.page.waitForLoadState('networkidle');
    await role.page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
    await role.page.locator('#main').waitFor();
  } catch (error) {
    throw new Error(`${role.name} at ${path} (now ${role.page.url()}): ${error}`);
  }
}

interface Role extends Watch {
  name: string;
  context: BrowserContext;
  page: Page;
}

async function openRole(name: string, signInAs?: (context: BrowserContext) => Promise<void>): Promise<Role> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: DESKTOP, locale: 'en-US' });
  if (signInAs) await signInAs(context);
  const page = await context.newPage();
  return { name, context, page, ...watch(page) };
}

/** Visits `paths` under each locale as `role`; `first:<prefix>` follows the page's first link under that prefix. */
async function walk(role: Role, paths: string[]) {
  for (const locale of LOCALES) {
    for (const path of paths) {
      if (path.startsWith('first:')) {
        await visit(role, await firstLink(role.page, `/${locale}/${path.slice('first:'.length)}`));
      } else {
        await visit(role, `/${locale}/${path}`);
      }
    }
  }
  expect(role.problems).toEqual([]);
}

describe('a quiet console', () => {
  let visitor: Role;
  let newcomer: Role;
  let traveller: Role;
  let guide: Role;
  let staff: Role;
  let guideId = '';
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    visitor = await openRole('visitor');
    newcomer = await openRole('newcomer', signUpNewcomer);
    traveller = await openRole('traveller', (context) => signIn(context, DEMO_TRAVELLER, DEMO_PASSWORD));
    guide = await openRole('guide', (context) => signIn(context, DEMO_GUIDE, DEMO_PASSWORD));
    staff = await openRole('staff', async (context) => {
      await signIn(context, DEMO_STAFF, DEMO_PASSWORD);
      await passSecondFactor(context.request, baseUrl, DEMO_STAFF_TOTP_SECRET);
    });
    ({ guideId } = await json<{ guideId: string }>(
      await guide.context.request.get('/api/app/user-guide-operation-public/is-user-guide'),
    ));
    // A conversation for the messages pages.
    const guideUser = await json<{ id: string }>(await guide.context.request.get('/api/account/my-profile'));
    await json(
      await traveller.context.request.post('/api/app/chat-conversation-public/send-message', {
        data: { recipientUserId: guideUser.id, text: 'Merhaba! Is the Galata walk possible on Saturday?' },
        headers: ownOrigin(),
      }),
    );
    traveller.page.on('websocket', (socket) => sockets.push(socket));
    // Each member's first visit answers the cookie banner, as people do.
    for (const role of [visitor, newcomer, traveller, guide, staff]) {
      await visit(role, '/en/');
      await answerCookieBanner(role.page);
    }
  });

  afterAll(async () => {
    for (const role of [visitor, newcomer, traveller, guide, staff]) await role?.context.close();
  });

  it('is quiet on a visitor’s pages', async () => {
    await walk(visitor, [
      '',
      'guides',
      `guides/${guideId}`,
      'explore',
      'explore/istanbul',
      'blog',
      `blog/${ARTICLE}`,
      'auth/login',
    ]);
    // The language switcher's list opens and closes without a style the policy refuses.
    await visit(visitor, '/en/');
    await visitor.page.getByRole('combobox', { name: 'Language', exact: true }).click();
    await visitor.page.getByRole('listbox').waitFor();
    await visitor.page.keyboard.press('Escape');
    await visitor.page.getByRole('listbox').waitFor({ state: 'detached' });
    expect(visitor.problems).toEqual([]);
  });

  it('is quiet on the pages of a new member who is not a guide', async () => {
    await walk(newcomer, ['beguide', 'reservations', 'messages', 'settings']);
  });

  it('is quiet on every step of become-a-guide while nothing past the basic information is given', async () => {
    const request = newcomer.context.request;
    const { id: userId } = await json<{ id: string }>(await request.get('/api/account/my-profile'));
    const cities = await json<{ data: Array<{ id: string; key: string; countryId: string }> }>(
      await request.get('/api/app/address-public/get-cities'),
    );
    const istanbul = cities.data.find((city) => city.key === 'istanbul');
    if (!istanbul) throw new Error('no city istanbul');
    await json(
      await request.put('/api/app/user-guide-operation-public/update-user-guide', {
        data: { countryId: istanbul.countryId, cityId: istanbul.id },
        headers: ownOrigin(),
      }),
    );
    // Every step open: languages, schedule, photos, ID, bank details and video are all still missing.
    await json(
      await request.put(`/api/app/user-guide-stage-public/update-user-guide-stage/${userId}`, {
        data: { stage: 7 },
        headers: ownOrigin(),
      }),
    );
    await walk(
      newcomer,
      Array.from({ length: 8 }, (_, index) => `beguide?step=${index + 1}`),
    );
  });

  it('is quiet on a traveller’s pages, and the chat’s WebSocket connects', async () => {
    await walk(traveller, [
      'settings',
      'settings/profile',
      'reservations',
      'first:reservations/',
      'messages',
      'first:messages/',
    ]);
    expect(sockets.some((socket) => new URL(socket.url()).pathname === '/api/ws')).toBe(true);
  });

  it('is quiet on a guide’s pages', async () => {
    await walk(guide, ['guide-mode', 'guide-settings', 'beguide', 'requests', 'requests/active', 'requests/history']);
  });

  it('is quiet on staff’s review queue', async () => {
    // The demo has no application waiting; approved guides' files open the same detail page.
    await walk(staff, ['admin/guides', 'admin/guides?status=approved', 'first:admin/guides/']);
  });

  it('is quiet on the sandbox checkout page, whose style block the policy allows by its hash', async () => {
    for (const locale of LOCALES) {
      const url = await openCheckout({
        paymentId: crypto.randomUUID(),
        reservationId: crypto.randomUUID(),
        amountMinor: 12_000,
        currency: 'EUR',
        description: 'A walk through Istanbul',
        guideName: 'Ayşe Yılmaz',
        locale,
        successUrl: `${baseUrl}/${locale}/payment/success`,
        cancelUrl: `${baseUrl}/${locale}/payment/failed`,
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      traveller.leave();
      await traveller.page.goto(url);
      traveller.arrive();
      await traveller.page.waitForLoadState('networkidle');
      const pay = traveller.page.locator('button[value="succeed"]');
      await expect(pay.evaluate((button) => getComputedStyle(button).backgroundColor)).resolves.toBe(
        'rgb(15, 118, 110)',
      );
      await screenshot(traveller.page, `quiet-console-${locale}-1280-sandbox-checkout`);
    }
    expect(traveller.problems).toEqual([]);
  });
});
