import type { Browser, BrowserContext } from 'playwright-core';
import { DESKTOP, recordCookieChoice } from './browser.js';
import { json } from './members.js';
import { signInDemoStaff } from './staff.js';

/** The demo accounts of a fresh demo marketplace, as the README publishes them. */
export const DEMO_PASSWORD = 'Marco-Demo-2026';
export const DEMO_PHONES = { traveller: '+905550000001', guide: '+905550000002', staff: '+905550000003' } as const;

/**
 * A browser context on a demo journey's site, signed in as the demo person with `phone` (the
 * staff account past its second factor, once per site) and with the cookie choice recorded,
 * so no banner covers the page.
 */
export async function demoContext(
  journey: { site: string; browser: Browser },
  phone: string,
  viewport = DESKTOP,
  locale = 'en-US',
): Promise<BrowserContext> {
  const context = await journey.browser.newContext({ baseURL: journey.site, viewport, locale });
  if (phone === DEMO_PHONES.staff) await signInDemoStaff(context, journey.site, phone, DEMO_PASSWORD);
  else {
    await json(
      await context.request.post('/api/auth/login', {
        headers: { origin: journey.site },
        data: { phoneNumber: phone, password: DEMO_PASSWORD, rememberMe: true },
      }),
    );
  }
  await recordCookieChoice(context, journey.site);
  return context;
}
