import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collectPageErrors,
  DESKTOP,
  fromSite,
  launchBrowser,
  newContext,
  PHONE,
  recordCookieChoice,
  screenshot,
} from './support/browser.js';
import { json, type Member, registerMember, signIn } from './support/members.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function person(name: string, surname: string): Promise<Member & { context: BrowserContext; page: Page }> {
  const context = await newContext(browser, { viewport: DESKTOP });
  const member = await registerMember(context.request, name, surname);
  await signIn(context.request, member);
  await recordCookieChoice(context);
  return { ...member, context, page: await context.newPage() };
}

const bubble = (page: Page, text: string) => page.getByTestId('message').filter({ hasText: text });

describe('contact details before a paid reservation', () => {
  it('a traveller’s phone number reaches the guide masked, with a note saying why', async () => {
    const traveller = await person('Lena', 'Vogel');
    const guide = await person('Kerem', 'Aydın');
    const errors = [...collectPageErrors(traveller.page), ...collectPageErrors(guide.page)];
    const { id } = await json<{ id: string }>(
      await traveller.context.request.post('/api/app/chat-conversation-public/open-conversation', {
        headers: fromSite(),
        data: { recipientUserId: guide.userId },
      }),
    );

    await guide.page.goto(`/en/messages/${id}`);
    await guide.page.getByTestId('chat-empty').waitFor();
    await traveller.page.goto(`/en/messages/${id}`);
    const composer = traveller.page.getByLabel('Message', { exact: true });
    await composer.fill('Great! Call me on +90 555 123 45 67 or write to lena at example dot com');
    await composer.press('Enter');

    // The sender reads what they wrote; the guide, live, reads it masked with the note.
    await traveller.page.locator('[data-testid="message"][data-status="sent"]').waitFor();
    expect(await bubble(traveller.page, 'Call me on').textContent()).toContain('+90 555 123 45 67');
    const received = bubble(guide.page, 'Call me on');
    await received
      .getByText('Contact details are hidden until a reservation between you is paid.', { exact: false })
      .waitFor();
    expect(await received.textContent()).toContain('Call me on ••• or write to •••');
    expect(await received.textContent()).not.toContain('555');
    await screenshot(guide.page, 'contact-masking-en-1280');

    // After a reload, and in the conversation list, the same.
    await guide.page.goto('/en/messages');
    const row = guide.page.getByTestId('conversation-row').filter({ hasText: 'Lena Vogel' });
    await row.waitFor();
    expect(await row.textContent()).toContain('•••');
    expect(await row.textContent()).not.toContain('555');

    await guide.page.setViewportSize(PHONE);
    await guide.page.goto(`/en/messages/${id}`);
    await bubble(guide.page, 'Call me on').waitFor();
    await screenshot(guide.page, 'contact-masking-en-375');

    // Arabic: the note in Arabic, right to left.
    await guide.page.goto(`/ar/messages/${id}`);
    await bubble(guide.page, 'Call me on').getByText('تُخفى بيانات الاتصال', { exact: false }).waitFor();
    expect(await guide.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await screenshot(guide.page, 'contact-masking-ar-375');
    await guide.page.setViewportSize(DESKTOP);
    await guide.page.reload();
    await bubble(guide.page, 'Call me on').waitFor();
    await screenshot(guide.page, 'contact-masking-ar-1280');

    expect(errors).toEqual([]);
  });
});
