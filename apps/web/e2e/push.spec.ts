import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  collectPageErrors,
  DESKTOP,
  fromSite,
  launchBrowser,
  PHONE,
  recordCookieChoice,
  SCREENSHOT_DIR,
  screenshot,
} from './support/browser.js';
import { json, type Member, registerMember, signIn } from './support/members.js';

/*
 * Push notifications (issue 19 item 2) in Chromium. Headless Chromium has no push service
 * (Google's needs keys this build lacks), so a browser cannot make a subscription here: the
 * journey covers the language of messages, the push settings and the offer to turn push on;
 * the delivery is tested end to end on the server (modules/notifications/push.test.ts)
 * against a local push service that checks the VAPID signature and decrypts the payload.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A signed-in member's browser; `granted`: notifications already allowed for the site. */
async function memberContext(member: Member, viewport: { width: number; height: number }, granted: boolean) {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport, locale: 'en-US' });
  if (granted) await context.grantPermissions(['notifications'], { origin: baseUrl() });
  await signIn(context.request, member);
  await recordCookieChoice(context);
  return context;
}

const notificationsSection = (page: Page) => page.locator('section#notifications');

/** The notifications section alone: the page around it is tall. */
async function sectionShot(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await notificationsSection(page).screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

// Two-core machine shared by several journeys: a settings page and a chat take their time.
const SLOW = 180_000;

describe('push notifications and the language of messages', () => {
  let traveller: Member;
  let guide: Member;
  let context: BrowserContext;

  beforeAll(async () => {
    const setup = await browser.newContext({ baseURL: baseUrl() });
    traveller = await registerMember(setup.request, 'Lena', 'Vogel');
    guide = await registerMember(setup.request, 'Kerem', 'Aydın');
    await setup.close();
  });
  afterAll(() => context?.close());

  it(
    'chooses the language of e-mails, SMS and notifications and which events push, in settings',
    async () => {
      context = await memberContext(traveller, DESKTOP, true);
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      await page.goto('/en/settings#notifications');
      const section = notificationsSection(page);
      const language = section.getByLabel('Language of e-mails, SMS and notifications');
      // Until chosen, the language last used in the app.
      expect(await language.inputValue()).toBe('en');
      await section.getByText('Until you choose, we write in the language you last used Marco in.').waitFor();
      await language.selectOption('de');
      await page.getByText('Language saved').waitFor();
      await section.getByText('We write your e-mails, SMS and notifications in this language.').waitFor();
      const profile = await json<{ locale: string | null }>(await context.request.get('/api/account/my-profile'));
      expect(profile.locale).toBe('de');

      await section.getByRole('heading', { name: 'Push notifications' }).waitFor();
      const messages = section.getByRole('switch', { name: 'New messages' });
      expect(await messages.isChecked()).toBe(true);
      await messages.click();
      await page.getByText('Notification preferences saved').waitFor();
      const settings = await json<{ preferences: Record<string, boolean> }>(
        await context.request.get('/api/app/push-notification-public/settings'),
      );
      expect(settings.preferences['message.received']).toBe(false);
      await sectionShot(page, 'push-settings-en-1280');
      await page.setViewportSize(PHONE);
      await sectionShot(page, 'push-settings-en-375');
      expect(errors).toEqual([]);
    },
    SLOW,
  );

  it(
    'shows the same settings in Arabic, right to left',
    async () => {
      const page = await context.newPage();
      await page.setViewportSize(DESKTOP);
      await page.goto('/ar/settings#notifications');
      const section = notificationsSection(page);
      await section.getByRole('heading', { name: 'الإشعارات الفورية' }).waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      expect(await section.getByLabel('لغة رسائل البريد الإلكتروني والرسائل النصية والإشعارات').inputValue()).toBe(
        'de',
      );
      await sectionShot(page, 'push-settings-ar-1280');
      await page.setViewportSize(PHONE);
      await sectionShot(page, 'push-settings-ar-375');
      await page.close();
    },
    SLOW,
  );

  for (const [lng, viewport, label, title, later] of [
    ['en', PHONE, 'Message', 'Hear back the moment it happens', 'Not now'],
    ['ar', DESKTOP, 'الرسالة', 'اعرف بما يحدث فور حدوثه', 'ليس الآن'],
  ] as const) {
    it(
      `offers push after the first message sent, never before, and remembers "Not now" (${lng})`,
      async () => {
        // The browser has not been asked yet: the offer is for that moment.
        const own = await memberContext(lng === 'en' ? traveller : guide, viewport, false);
        const page = await own.newPage();
        const errors = collectPageErrors(page);
        const { id } = await json<{ id: string }>(
          await own.request.post('/api/app/chat-conversation-public/open-conversation', {
            headers: fromSite(),
            data: { recipientUserId: lng === 'en' ? guide.userId : traveller.userId },
          }),
        );
        await page.goto(`/${lng}/messages/${id}`);
        const prompt = page.getByRole('region', { name: title });
        const composer = page.getByLabel(label, { exact: true });
        await composer.waitFor();
        expect(await prompt.count()).toBe(0);
        await composer.fill(lng === 'en' ? 'Hello! Is Saturday free?' : 'مرحبًا! هل السبت متاح؟');
        await composer.press('Enter');
        await prompt.waitFor();
        await screenshot(page, `push-prompt-${lng}-${viewport.width}`);
        await prompt.getByRole('button', { name: later }).first().click();
        await prompt.waitFor({ state: 'detached' });
        await page.reload();
        await composer.waitFor();
        await composer.fill(lng === 'en' ? 'And Sunday?' : 'والأحد؟');
        await composer.press('Enter');
        await page
          .getByTestId('message')
          .filter({ hasText: lng === 'en' ? 'And Sunday?' : 'والأحد؟' })
          .waitFor();
        expect(await prompt.count()).toBe(0);
        expect(errors).toEqual([]);
        await own.close();
      },
      SLOW,
    );
  }
});
