import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerCookieBanner, DESKTOP, launchBrowser, PHONE, screenshot } from './support/browser.js';
import { startDemoServer } from './support/demo-server.js';

/*
 * Issue 16: the public pages arrive rendered (headings, guide cards with names, prices in the
 * visitor's currency, ratings, a profile's reviews) in the page's language and direction; the
 * browser takes them over without a hydration mismatch or a console error, and without asking
 * again for the data the page came with; and they read and link without JavaScript.
 */

const LOCALES = ['en', 'ar'] as const;
const ARTICLE = 'a-weekend-in-rome-with-a-local';
const CITY = 'istanbul';

let browser: Browser;
let baseUrl = '';
let stopServer: () => Promise<void> = async () => {};
let guide: { id: string; name: string; surname: string };

beforeAll(async () => {
  const server = await startDemoServer(12);
  baseUrl = server.baseUrl;
  stopServer = server.stop;
  browser = await launchBrowser();
  const response = await fetch(`${baseUrl}/api/app/search-public/search-guides-public`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pageSize: 1, sort: 'rating' }),
  });
  const body = (await response.json()) as { data: Array<typeof guide> };
  const first = body.data[0];
  if (!first) throw new Error('the demo marketplace has no guide');
  guide = first;
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await stopServer();
});

/** The phone menu's button (the language switcher's stand-in is a disclosure too, without aria-controls). */
const MENU_BUTTON = 'header summary[aria-controls]';

/** A guide id no guide has. */
const MISSING_GUIDE = '0194f0c0-0000-7000-8000-000000000000';

/** The public pages of one locale, with what their HTML must hold before any script runs. */
function publicPages(locale: string) {
  return [
    { path: `/${locale}/`, api: ['search-guides-public', 'get-onboarding-content-public'] },
    { path: `/${locale}/guides?language=en&sort=price_asc`, api: ['search-guides-public'] },
    { path: `/${locale}/guides/${guide.id}`, api: ['get-guide-user-detail-with-id', 'review-public/guide'] },
    { path: `/${locale}/explore`, api: [] },
    { path: `/${locale}/explore/${CITY}`, api: ['search-guides-public'] },
    { path: `/${locale}/blog`, api: [] },
    { path: `/${locale}/blog/${ARTICLE}`, api: [] },
    { path: `/${locale}/about`, api: [] },
    { path: `/${locale}/agreements`, api: [] },
    { path: `/${locale}/no-such-page`, api: [], status: 404 },
    { path: `/${locale}/guides/${MISSING_GUIDE}`, api: ['get-guide-user-detail-with-id'], status: 404 },
  ];
}

/** Opens `path` and waits until React has taken the server's markup over. */
async function openAndHydrate(context: BrowserContext, path: string) {
  const page = await context.newPage();
  const problems: string[] = [];
  const apiCalls: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    // The not-found page is the document itself answering 404, which Chromium reports.
    if (/status of 404/.test(message.text()) && message.location().url.endsWith(path)) return;
    problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
  });
  const response = await page.goto(`${baseUrl}${path}`);
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
  await page.waitForLoadState('networkidle');
  return { page, problems, apiCalls, status: response?.status() };
}

/** What Chromium tells assistive technology about the first element `selector` finds. */
async function accessibleNodeOf(page: Page, selector: string) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send('DOM.getDocument');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
    const node = nodes[0];
    return {
      role: node?.role?.value,
      name: node?.name?.value,
      expanded: node?.properties?.find((property) => property.name === 'expanded')?.value.value,
    };
  } finally {
    await cdp.detach();
  }
}

async function textOf(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).allTextContents();
}

/**
 * The hydration test of one language opens and hydrates every public page in turn: 31–39 s
 * alone on a slow two-core machine (27 November 2026), past vitest's 60 s beside another
 * journey. Each page still has its own waits (openAndHydrate).
 */
const EVERY_PUBLIC_PAGE_MS = 180_000;

describe('public pages rendered on the server', () => {
  for (const locale of LOCALES) {
    it(`hydrate in ${locale} without a mismatch, a console error or asking again for their data`, {
      timeout: EVERY_PUBLIC_PAGE_MS,
    }, async () => {
      const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
      try {
        for (const { path, api, status } of publicPages(locale)) {
          const { page, problems, apiCalls, status: answered } = await openAndHydrate(context, path);
          expect(problems, path).toEqual([]);
          expect(answered, path).toBe(status ?? 200);
          expect(await page.locator('html').getAttribute('lang'), path).toBe(locale);
          expect(await page.locator('html').getAttribute('dir'), path).toBe(locale === 'ar' ? 'rtl' : 'ltr');
          const refetched = apiCalls.filter((url) => api.some((name) => url.includes(name)));
          expect(refetched, path).toEqual([]);
          await page.close();
        }
      } finally {
        await context.close();
      }
    });
  }

  it('hydrates a guide profile with prices in the currency of the visitor’s cookie', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    await context.addCookies([{ name: 'currency', value: 'EUR', url: baseUrl }]);
    try {
      const { page, problems } = await openAndHydrate(context, `/en/guides/${guide.id}`);
      expect(problems).toEqual([]);
      expect(await page.getByTestId('guide-price').textContent()).toContain('€');
      await screenshot(page, 'ssr-profile-eur-375-en');
      // A visitor who has answered the cookie banner: the server cannot know, the page still matches.
      await answerCookieBanner(page);
      const next = await openAndHydrate(context, '/en/guides?language=en');
      expect(next.problems).toEqual([]);
      expect(await next.page.getByTestId('guide-card-price').first().textContent()).toContain('€');
    } finally {
      await context.close();
    }
  });

  it('opens the header’s menu on a phone once hydrated, as its button says, and closes it on Escape', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    try {
      for (const locale of LOCALES) {
        const { page, problems } = await openAndHydrate(context, `/${locale}/`);
        const names = locale === 'ar' ? ['فتح القائمة', 'إغلاق القائمة'] : ['Open menu', 'Close menu'];
        const blog = page.locator(`header details a[href="/${locale}/blog"]`);
        expect(await accessibleNodeOf(page, MENU_BUTTON), locale).toMatchObject({
          name: names[0],
          expanded: false,
        });
        await page.locator(MENU_BUTTON).click();
        await blog.waitFor();
        expect(await accessibleNodeOf(page, MENU_BUTTON), locale).toMatchObject({
          name: names[1],
          expanded: true,
        });
        await screenshot(page, `ssr-menu-375-${locale}`);
        await page.keyboard.press('Escape');
        await blog.waitFor({ state: 'hidden' });
        expect(await accessibleNodeOf(page, MENU_BUTTON), locale).toMatchObject({
          name: names[0],
          expanded: false,
        });
        expect(problems, locale).toEqual([]);
        await page.close();
      }
    } finally {
      await context.close();
    }
  });

  it('bounds the date filters by the visitor’s own day, not the server’s UTC one', async () => {
    // A zone whose date differs from UTC's at this hour: UTC−11 before 11:00 UTC, UTC+14 after.
    const timezoneId = new Date().getUTCHours() < 11 ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati';
    const context = await browser.newContext({ viewport: DESKTOP, timezoneId });
    try {
      const { page, problems } = await openAndHydrate(context, '/en/guides');
      expect(problems).toEqual([]);
      const localToday = await page.evaluate(() => {
        const now = new Date();
        return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
      });
      // Set by the render that follows hydration.
      await expect.poll(() => page.getByLabel('From').getAttribute('min')).toBe(localToday);
    } finally {
      await context.close();
    }
  });
});

describe('public pages without JavaScript', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
  });
  afterAll(async () => {
    await context?.close();
  });

  it('shows the home page with the most preferred guides and their prices', async () => {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/en/`);
    expect(await page.locator('h1').textContent()).toMatch(/local/i);
    const preferred = page.locator('section[aria-labelledby="preferred-guides-title"]');
    expect((await textOf(page, 'section[aria-labelledby="preferred-guides-title"] a h3')).length).toBeGreaterThan(0);
    expect(await preferred.textContent()).toMatch(/\$\d/);
    await screenshot(page, 'ssr-nojs-home-375-en');
  });

  it('lists the guides of a search in the URL, and a card’s link opens the guide’s profile with reviews', async () => {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/en/guides?language=en`);
    const names = await textOf(page, '[data-testid="guide-card"] h3');
    expect(names.length).toBeGreaterThan(0);
    expect(await page.getByTestId('guide-card-price').first().textContent()).toMatch(/\$\d/);
    await page.getByTestId('guide-card').first().getByRole('link').first().click();
    await page.waitForURL(/\/en\/guides\/[0-9a-f-]{36}$/);
    expect(await page.locator('h1').textContent()).toBe(names[0]);
    expect(await page.getByTestId('review').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('guide-price').textContent()).toMatch(/\$\d/);
  });

  it('shows a guide’s profile in Arabic, right to left', async () => {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/ar/guides/${guide.id}`);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.locator('h1').textContent()).toContain(guide.name);
    expect(await page.getByTestId('review').count()).toBeGreaterThan(0);
    await screenshot(page, 'ssr-nojs-profile-375-ar');
  });

  it('shows a members’ page as the header and a skeleton before the app knows who is signed in', async () => {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/ar/settings`);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.locator('header a[href="/ar/"]').count()).toBeGreaterThan(0);
    expect(await page.locator('main [aria-busy="true"]').count()).toBe(1);
    await screenshot(page, 'ssr-nojs-settings-shell-375-ar');
  });

  it('opens the header’s menu on a phone, and its links lead to their pages', async () => {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/en/`);
    const blog = page.locator('header details').getByRole('link', { name: 'Blog' });
    expect(await blog.isVisible()).toBe(false);
    await page.locator(MENU_BUTTON).click();
    expect(await blog.isVisible()).toBe(true);
    // Without a script to say so, the browser itself tells assistive technology the menu is open.
    expect((await accessibleNodeOf(page, MENU_BUTTON)).expanded).toBe(true);
    await screenshot(page, 'ssr-nojs-menu-375-en');
    await blog.click();
    await page.waitForURL('**/en/blog');
    expect(await page.locator('h1').textContent()).toMatch(/\S/);
  });

  it('switches the language from the phone menu, keeping the search', async () => {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/en/guides?language=en`);
    await page.locator(MENU_BUTTON).click();
    const switcher = page.locator('header details details').filter({ hasText: 'Language' });
    await switcher.locator('summary').click();
    const links = switcher.getByRole('link');
    expect(
      await links.evaluateAll((all) => all.map((link) => [link.getAttribute('lang'), link.getAttribute('href')])),
    ).toEqual(['en', 'tr', 'ar', 'de', 'es', 'fr', 'it', 'ru'].map((code) => [code, `/${code}/guides?language=en`]));
    expect(await switcher.locator('[aria-current="true"]').textContent()).toBe('English');
    await screenshot(page, 'ssr-nojs-languages-375-en');
    await switcher.getByRole('link', { name: 'العربية' }).click();
    await page.waitForURL('**/ar/guides?language=en');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect((await textOf(page, '[data-testid="guide-card"] h3')).length).toBeGreaterThan(0);
    await page.locator(MENU_BUTTON).click();
    await page.locator('header details details summary').first().click();
    await screenshot(page, 'ssr-nojs-languages-375-ar');
  });

  it('switches the currency from the phone menu, and the server renders the prices in it', async () => {
    // A context of its own: the currency cookie would change the other tests' prices.
    const own = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    try {
      const page = await own.newPage();
      await page.goto(`${baseUrl}/en/guides?language=en`);
      expect(await page.getByTestId('guide-card-price').first().textContent()).toContain('$');
      await page.locator(MENU_BUTTON).click();
      const switcher = page.locator('header details details').filter({ hasText: 'Currency' });
      await switcher.locator('summary').click();
      expect(await switcher.getByRole('link').allTextContents()).toEqual(['USD', 'TL', 'EUR']);
      // They only set a preference: crawlers are asked not to follow them (robots.txt says so too).
      expect(await switcher.getByRole('link', { name: 'EUR' }).getAttribute('rel')).toBe('nofollow');
      await screenshot(page, 'ssr-nojs-currency-375-en');
      await switcher.getByRole('link', { name: 'EUR' }).click();
      await page.waitForURL('**/en/guides?language=en');
      expect(await page.getByTestId('guide-card-price').first().textContent()).toContain('€');
      expect(await page.locator('header details details summary').allTextContents()).toContain('Currency: EUR');
    } finally {
      await own.close();
    }
  });

  it('switches the language from the wide header', async () => {
    const page = await browser.newPage({ viewport: DESKTOP, javaScriptEnabled: false });
    try {
      await page.goto(`${baseUrl}/de/blog`);
      const switcher = page.locator('header details').first();
      expect(await switcher.locator('summary').textContent()).toContain('Deutsch');
      await switcher.locator('summary').click();
      await screenshot(page, 'ssr-nojs-languages-1280-de');
      await switcher.getByRole('link', { name: 'Français' }).click();
      await page.waitForURL('**/fr/blog');
      expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    } finally {
      await page.close();
    }
  });

  it('opens the header’s menu in Arabic, listing its links right to left', async () => {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/ar/`);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await page.locator(MENU_BUTTON).click();
    const links = page.locator('header details nav a');
    await links.first().waitFor();
    expect(await links.evaluateAll((all) => all.map((link) => link.getAttribute('href')))).toEqual([
      '/ar/guides',
      '/ar/explore',
      '/ar/blog',
      '/ar/beguide',
    ]);
    expect(await links.allTextContents()).toContain('المدونة');
    // Right to left: a link's words start at the screen's right edge, the menu's button sits at its left.
    const words = await links.first().evaluate((link) => {
      const range = document.createRange();
      range.selectNodeContents(link);
      return range.getBoundingClientRect().right;
    });
    expect(words).toBeGreaterThan(PHONE.width - 40);
    expect((await page.locator(MENU_BUTTON).boundingBox())?.x).toBeLessThan(PHONE.width / 2);
    await screenshot(page, 'ssr-nojs-menu-375-ar');
  });

  it('shows a city, the blog and an article, and the not-found page', async () => {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/en/explore/${CITY}`);
    expect(await page.locator('h1').textContent()).toBe('Istanbul');
    expect((await textOf(page, 'a[href^="/en/guides/"] h3')).length).toBeGreaterThan(0);
    await page.goto(`${baseUrl}/en/blog`);
    await page.locator(`a[href="/en/blog/${ARTICLE}"]`).first().click();
    await page.waitForURL(`**/en/blog/${ARTICLE}`);
    expect(await page.locator('h1').textContent()).toMatch(/\S/);
    const missing = await page.goto(`${baseUrl}/en/no-such-page`);
    expect(missing?.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toBe('Page Not Found');
    // A guide that does not exist is said so in the HTML, not left as a loading skeleton.
    const noGuide = await page.goto(`${baseUrl}/en/guides/${MISSING_GUIDE}`);
    expect(noGuide?.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toBe('Guide not found');
    expect(await page.locator('main [aria-busy="true"]').count()).toBe(0);
  });
});
