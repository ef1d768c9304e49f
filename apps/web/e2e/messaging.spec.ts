import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerCookieBanner,
  collectPageErrors,
  DESKTOP,
  fromSite,
  launchBrowser,
  newContext,
  PHONE,
  screenshot,
} from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

interface Person {
  userId: string;
  phone: string;
  password: string;
  context: BrowserContext;
  page: Page;
}

const randomPhone = () => `+90533${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Signs a person up through the API (code from the dev outbox) and signs them in inside `context` (cookie). */
async function signUp(context: BrowserContext, name: string, surname: string): Promise<Omit<Person, 'page'>> {
  const request = context.request;
  const phone = randomPhone();
  const password = `Marco-${Math.floor(Math.random() * 1e9)}-pass`;
  const { userId } = await json<{ userId: string }>(
    await request.post('/api/app/custom-user-account-public/register-with-phone', {
      headers: fromSite(),
      data: { phoneNumber: phone, name, surname, extraProperties: { termsConsent: true, privacyConsent: true } },
    }),
  );
  const outbox = await json<{ data: Array<{ recipient: string; text: string }> }>(await request.get('/api/dev/outbox'));
  const code = outbox.data.findLast((entry) => entry.recipient === phone)?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code texted to ${phone}`);
  const { registrationToken } = await json<{ registrationToken: string }>(
    await request.post('/api/app/custom-user-account-public/check-phone-code', {
      headers: fromSite(),
      data: { userId, code },
    }),
  );
  await json(
    await request.post('/api/app/custom-user-account-public/set-password-for-phone', {
      headers: fromSite(),
      data: { userId, password, registrationToken },
    }),
  );
  await json(
    await request.post('/api/auth/login', {
      headers: fromSite(),
      data: { phoneNumber: phone, password, rememberMe: true },
    }),
  );
  return { userId, phone, password, context };
}

async function person(name: string, surname: string, viewport: { width: number; height: number }): Promise<Person> {
  const context = await newContext(browser, { viewport });
  const signedUp = await signUp(context, name, surname);
  return { ...signedUp, page: await context.newPage() };
}

const messageBubble = (page: Page, text: string) => page.getByTestId('message').filter({ hasText: text });

describe('messaging between a traveller and a guide', () => {
  it('chats live both ways: unread badges, read ticks, typing and presence', async () => {
    const traveller = await person('Emma', 'Schneider', DESKTOP);
    const guide = await person('Mehmet', 'Yıldız', PHONE);
    const errors = [...collectPageErrors(traveller.page), ...collectPageErrors(guide.page)];

    // The guide waits on the (empty) conversation list, on a phone.
    await guide.page.goto('/en/messages');
    await answerCookieBanner(guide.page);
    await guide.page.getByTestId('messages-empty').waitFor();
    await screenshot(guide.page, 'messaging-en-375-empty');

    // "Send message" from a guide's page opens the conversation; here through the same call.
    const { id } = await json<{ id: string }>(
      await traveller.context.request.post('/api/app/chat-conversation-public/open-conversation', {
        headers: fromSite(),
        data: { recipientUserId: guide.userId },
      }),
    );
    await traveller.page.goto(`/en/messages/${id}`);
    await answerCookieBanner(traveller.page);
    await traveller.page.getByTestId('chat-empty').waitFor();
    expect(await traveller.page.getByTestId('chat-title').textContent()).toBe('Mehmet Yıldız');

    const composer = traveller.page.getByLabel('Message', { exact: true });
    await composer.fill('Merhaba! Are you free on Saturday for the old town?');
    await composer.press('Enter');
    // Shown at once, then confirmed by the server.
    await messageBubble(traveller.page, 'Are you free on Saturday').waitFor();
    await traveller.page.locator('[data-testid="message"][data-status="sent"]').waitFor();

    // The guide's list and header badge update without a reload.
    const row = guide.page.getByTestId('conversation-row').filter({ hasText: 'Emma Schneider' });
    await row.getByTestId('unread-badge').waitFor();
    await guide.page.getByTestId('header-unread-count').filter({ visible: true }).waitFor();
    expect(await row.textContent()).toContain('Are you free on Saturday');
    await screenshot(guide.page, 'messaging-en-375-list');

    // The guide opens the chat: the traveller sees it read, and the guide online.
    await row.click();
    await messageBubble(guide.page, 'Are you free on Saturday').waitFor();
    await traveller.page.locator('[data-testid="message"][data-status="read"]').waitFor();
    await traveller.page.getByTestId('chat-status').filter({ hasText: 'Online' }).waitFor();
    await guide.page.getByTestId('header-unread-count').first().waitFor({ state: 'detached' });

    // Typing shows on the other side; the answer arrives live.
    const guideComposer = guide.page.getByLabel('Message', { exact: true });
    await guideComposer.pressSequentially('Yes');
    await traveller.page.getByTestId('chat-status').filter({ hasText: 'Mehmet Yıldız is typing…' }).waitFor();
    await guideComposer.fill('Yes! Saturday 10:00 at Galata Tower works for me.');
    await guideComposer.press('Enter');
    await messageBubble(traveller.page, 'Galata Tower').waitFor();
    expect(await messageBubble(traveller.page, 'Galata Tower').getAttribute('data-own')).toBe('false');
    // Read where it arrived: no unread badge for the traveller.
    await traveller.page.getByTestId('header-unread-count').first().waitFor({ state: 'detached' });
    await guide.page.getByText('Today').first().waitFor();

    // Markup in a message is shown as text.
    await composer.fill('<b>bold?</b> & <i>no</i>');
    await composer.press('Enter');
    await messageBubble(guide.page, '<b>bold?</b> & <i>no</i>').waitFor();
    expect(await guide.page.locator('[data-testid="message"] b').count()).toBe(0);

    await screenshot(guide.page, 'messaging-en-375-chat');
    await screenshot(traveller.page, 'messaging-en-1280-chat');
    await traveller.page.goto('/en/messages');
    await traveller.page.getByTestId('conversation-row').first().waitFor();
    await screenshot(traveller.page, 'messaging-en-1280-list');

    // Presence: when the guide leaves, the traveller sees them go offline.
    await traveller.page.goto(`/en/messages/${id}`);
    await traveller.page.getByTestId('chat-status').filter({ hasText: 'Online' }).waitFor();
    await guide.context.close();
    await traveller.page.getByTestId('chat-status').filter({ hasText: 'Offline' }).waitFor({ timeout: 20_000 });

    expect(errors).toEqual([]);
    await traveller.context.close();
  });

  it('works in Arabic, right to left, on a phone and a desktop', async () => {
    const traveller = await person('Layla', 'Haddad', DESKTOP);
    const guide = await person('Omar', 'Farouk', PHONE);
    const errors = [...collectPageErrors(traveller.page), ...collectPageErrors(guide.page)];
    const { id } = await json<{ id: string }>(
      await traveller.context.request.post('/api/app/chat-conversation-public/open-conversation', {
        headers: fromSite(),
        data: { recipientUserId: guide.userId },
      }),
    );
    await guide.page.goto('/ar/messages');
    await answerCookieBanner(guide.page);
    await guide.page.getByTestId('messages-empty').waitFor();
    expect(await guide.page.evaluate(() => document.documentElement.dir)).toBe('rtl');

    await traveller.page.goto(`/ar/messages/${id}`);
    await answerCookieBanner(traveller.page);
    await traveller.page.getByTestId('chat-empty').waitFor();
    const composer = traveller.page.getByLabel('الرسالة', { exact: true });
    await composer.fill('مرحبًا عمر، هل أنت متاح يوم السبت؟');
    await composer.press('Enter');

    const row = guide.page.getByTestId('conversation-row').filter({ hasText: 'Layla Haddad' });
    await row.getByTestId('unread-badge').waitFor();
    await screenshot(guide.page, 'messaging-ar-375-list');
    await row.click();
    await messageBubble(guide.page, 'هل أنت متاح').waitFor();
    const reply = guide.page.getByLabel('الرسالة', { exact: true });
    await reply.fill('نعم، أراك عند برج غلطة الساعة العاشرة.');
    await reply.press('Enter');
    await messageBubble(traveller.page, 'برج غلطة').waitFor();
    await traveller.page.locator('[data-testid="message"][data-status="read"]').waitFor();
    await traveller.page.getByText('اليوم').first().waitFor();

    // Own messages sit at the end edge: on the left in right-to-left.
    const own = await messageBubble(traveller.page, 'هل أنت متاح').boundingBox();
    const theirs = await messageBubble(traveller.page, 'برج غلطة').locator('p').first().boundingBox();
    expect(own && theirs && own.x + own.width / 2 < (theirs?.x ?? 0) + (theirs?.width ?? 0) / 2).toBe(true);

    await screenshot(guide.page, 'messaging-ar-375-chat');
    await screenshot(traveller.page, 'messaging-ar-1280-chat');
    await traveller.page.goto('/ar/messages');
    await traveller.page.getByTestId('conversation-row').first().waitFor();
    await screenshot(traveller.page, 'messaging-ar-1280-list');
    expect(errors).toEqual([]);
    await traveller.context.close();
    await guide.context.close();
  });
});
