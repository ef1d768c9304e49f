import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { WebRoute } from '@marco/contract/routes';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { DESKTOP, launchBrowser, recordCookieChoice } from './browser.js';
import { startDemoServer } from './demo-server.js';
import { DEMO_STAFF_TOTP_SECRET, passSecondFactor } from './staff.js';

/*
 * Issue 15 item 6: axe (WCAG 2.2 AA) on every route of the web route table, as the visitor,
 * traveller, guide or staff member who reaches it. One journey file per locale, each with its
 * own demo server, so the two locales run side by side.
 */

// Evaluated through the DevTools protocol, which the site's Content-Security-Policy (no inline scripts) does not cover.
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const DEMO_PASSWORD = 'Marco-Demo-2026';
const DEMO_TRAVELLER = '+905550000001';
const DEMO_GUIDE = '+905550000002';
const DEMO_STAFF = '+905550000003';

export type Who = 'visitor' | 'traveller' | 'guide' | 'staff';
/** A page to check: who opens it, and its path (`first:<prefix>` takes the first such link of the page before). */
type Visit = { who: Who; path: string };

export interface Visitors {
  /** The page of `who`'s window (signed in as the demo traveller, guide or staff member). */
  page(who: Who): Page;
  /** The demo guide's id. */
  guideId(): string;
}

/** A demo server and one signed-in window per kind of visitor, for the file's tests. */
export function setUpVisitors(): Visitors {
  let browser: Browser;
  let stopServer: () => Promise<void> = async () => {};
  const contexts = new Map<Who, { context: BrowserContext; page: Page }>();
  let guideId = '';

  beforeAll(async () => {
    const server = await startDemoServer(2);
    const { baseUrl } = server;
    stopServer = server.stop;
    browser = await launchBrowser();
    const phones: Record<Exclude<Who, 'visitor'>, string> = {
      traveller: DEMO_TRAVELLER,
      guide: DEMO_GUIDE,
      staff: DEMO_STAFF,
    };
    for (const who of ['visitor', 'traveller', 'guide', 'staff'] as const) {
      const context = await browser.newContext({ baseURL: baseUrl, viewport: DESKTOP, locale: 'en-US' });
      if (who !== 'visitor') {
        const login = await context.request.post('/api/auth/login', {
          headers: { origin: baseUrl },
          data: { phoneNumber: phones[who], password: DEMO_PASSWORD, rememberMe: true },
        });
        if (!login.ok()) throw new Error(`sign-in of the demo ${who}: ${login.status()} ${await login.text()}`);
        if (who === 'staff') await passSecondFactor(context.request, baseUrl, DEMO_STAFF_TOTP_SECRET);
        await recordCookieChoice(context, baseUrl);
      }
      contexts.set(who, { context, page: await context.newPage() });
    }
    const guide = contexts.get('guide') as { context: BrowserContext };
    const answer = await guide.context.request.get('/api/app/user-guide-operation-public/is-user-guide');
    ({ guideId } = (await answer.json()) as { guideId: string });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stopServer();
  });

  return {
    page: (who) => (contexts.get(who) as { page: Page }).page,
    guideId: () => guideId,
  };
}

/** Every route of the table, with who reaches it; a route added to the table without a page here fails the suite. */
export function visits(guideId: string): Record<WebRoute, Visit[]> {
  return {
    '': [{ who: 'visitor', path: '' }],
    about: [{ who: 'visitor', path: 'about' }],
    agreements: [{ who: 'visitor', path: 'agreements' }],
    'agreements/kvkk': [{ who: 'visitor', path: 'agreements/kvkk' }],
    'policy/:slug': [{ who: 'visitor', path: 'policy/cancellation' }],
    'auth/login': [{ who: 'visitor', path: 'auth/login' }],
    'auth/register': [{ who: 'visitor', path: 'auth/register' }],
    'auth/forgot-password': [{ who: 'visitor', path: 'auth/forgot-password' }],
    'auth/reset-password': [{ who: 'visitor', path: 'auth/reset-password' }],
    'auth/phone': [{ who: 'visitor', path: 'auth/phone' }],
    'auth/phone/verify': [{ who: 'visitor', path: 'auth/phone/verify' }],
    'auth/phone/password': [{ who: 'visitor', path: 'auth/phone/password' }],
    'auth/phone/onboard': [{ who: 'visitor', path: 'auth/phone/onboard' }],
    'average-rate': [{ who: 'visitor', path: 'average-rate' }],
    beguide: [{ who: 'traveller', path: 'beguide' }],
    blog: [{ who: 'visitor', path: 'blog' }],
    'blog/:slug': [{ who: 'visitor', path: 'first:blog/' }],
    explore: [{ who: 'visitor', path: 'explore' }],
    'explore/:city': [{ who: 'visitor', path: 'explore/istanbul' }],
    favourites: [{ who: 'traveller', path: 'favourites' }],
    guides: [{ who: 'visitor', path: 'guides' }],
    'guides/:guider': [{ who: 'visitor', path: `guides/${guideId}` }],
    'guide-mode': [{ who: 'guide', path: 'guide-mode' }],
    'guide-mode/:id': [{ who: 'guide', path: 'first:guide-mode/' }],
    'guide-settings': [{ who: 'guide', path: 'guide-settings' }],
    messages: [{ who: 'traveller', path: 'messages' }],
    'messages/:id': [{ who: 'traveller', path: 'first:messages/' }],
    'payment/success': [{ who: 'traveller', path: 'payment/success' }],
    'payment/failed': [{ who: 'traveller', path: 'payment/failed' }],
    requests: [{ who: 'guide', path: 'requests' }],
    'requests/active': [{ who: 'guide', path: 'requests/active' }],
    'requests/active/:id': [{ who: 'guide', path: 'first:requests/active/' }],
    'requests/await': [{ who: 'guide', path: 'requests/await' }],
    'requests/await/:id': [{ who: 'guide', path: 'first:requests/await/' }],
    'requests/history': [{ who: 'guide', path: 'requests/history' }],
    'requests/history/:id': [{ who: 'guide', path: 'first:requests/history/' }],
    reservations: [{ who: 'traveller', path: 'reservations' }],
    'reservations/:id': [{ who: 'traveller', path: 'first:reservations/' }],
    'disputes/:id': [{ who: 'traveller', path: 'first:disputes/' }],
    settings: [{ who: 'traveller', path: 'settings' }],
    'settings/profile': [{ who: 'traveller', path: 'settings/profile' }],
    'settings/change-phone': [{ who: 'traveller', path: 'settings/change-phone' }],
    'admin/guides': [{ who: 'staff', path: 'admin/guides' }],
    'admin/guides/:id': [{ who: 'staff', path: 'first:admin/guides/' }],
    // Past the second factor, the sign-in steps lead on to the page asked for.
    // Leads on to the first console page the staff member's roles reach.
    staff: [{ who: 'staff', path: 'staff' }],
    'staff/enrol': [{ who: 'staff', path: 'staff/enrol?returnTo=%2Fstaff%2Faudit' }],
    'staff/verify': [{ who: 'staff', path: 'staff/verify?returnTo=%2Fstaff%2Faudit' }],
    'staff/audit': [{ who: 'staff', path: 'staff/audit' }],
    'staff/overview': [{ who: 'staff', path: 'staff/overview' }],
    'staff/desk': [{ who: 'staff', path: 'staff/desk' }],
    'staff/desk/:id': [{ who: 'staff', path: 'first:staff/desk/' }],
    'staff/disputes': [{ who: 'staff', path: 'staff/disputes' }],
    'staff/disputes/:id': [{ who: 'staff', path: 'first:staff/disputes/' }],
    'staff/members': [{ who: 'staff', path: 'staff/members' }],
    'staff/rates': [{ who: 'staff', path: 'staff/rates' }],
    'staff/moderation': [{ who: 'staff', path: 'staff/moderation' }],
    'staff/users': [{ who: 'staff', path: 'staff/users' }],
    'staff/users/:id': [{ who: 'staff', path: 'first:staff/users/' }],
    'staff/payouts': [{ who: 'staff', path: 'staff/payouts' }],
    'staff/recovery-codes': [{ who: 'staff', path: 'staff/recovery-codes' }],
    'staff/jobs': [{ who: 'staff', path: 'staff/jobs' }],
  };
}

export async function settle(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
  await page.locator('#main').waitFor();
  // A control enabled as its data arrives fades between colours for a few frames; axe judges the
  // colours it finds, so the page is checked once those transitions have ended.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

type Violation = { id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> };

/** Serious and critical WCAG 2.2 AA violations of the page as it is now, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async (tags) =>
      (
        await (
          window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: unknown[] }> } }
        ).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
      ).violations,
    WCAG_22_AA,
  );
  return (violations as Violation[])
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${new URL(page.url()).pathname}: ${violation.id} (${violation.impact}) ${violation.help}: ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    );
}

/** The serious and critical violations on every route in `locale`, and the routes that failed to load. */
export async function routeProblems(visitors: Visitors, locale: string): Promise<string[]> {
  const problems: string[] = [];
  for (const [route, list] of Object.entries(visits(visitors.guideId()))) {
    for (const { who, path } of list) {
      const page = visitors.page(who);
      let target = `/${locale}/${path}`;
      if (path.startsWith('first:')) {
        const prefix = `/${locale}/${path.slice('first:'.length)}`;
        const links = page.locator(`#main a[href^="${prefix}"]:not([href$=".xml"])`);
        // Nothing of this kind in the demo (e.g. no request in that state): the not-found page stands in.
        target =
          (await links.count()) > 0
            ? ((await links.first().getAttribute('href')) ?? target)
            : `${prefix}${crypto.randomUUID()}`;
      }
      try {
        await settle(page, target);
        problems.push(...(await seriousViolations(page)));
      } catch (error) {
        problems.push(`${route} as ${who} at ${target}: ${error}`);
      }
    }
  }
  return problems;
}
