import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerCookieBanner,
  baseUrl,
  collectPageErrors,
  DESKTOP,
  fromSite,
  launchBrowser,
  newContext,
  PHONE,
  screenshot,
} from './support/browser.js';

type OutboxMessage = { recipient: string; text: string };

/** A fresh Turkish mobile number per journey: +90 555 xxx xx xx. */
function randomPhone(): { national: string; international: string } {
  const rest = String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0');
  return { national: `555${rest}`, international: `+90555${rest}` };
}

async function outboxFor(recipient: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${baseUrl()}/api/dev/outbox`);
  expect(response.status).toBe(200);
  const { data } = (await response.json()) as { data: OutboxMessage[] };
  return data.filter((message) => message.recipient === recipient);
}

/** Waits for the text message after the first `seen` ones and answers its 6-digit code (newest last). */
async function waitForCode(recipient: string, seen: number): Promise<string> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const messages = await outboxFor(recipient);
    const newest = messages.length > seen ? messages.at(-1) : undefined;
    const code = newest?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no new code reached ${recipient}`);
}

async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === 'marco_session');
}

/** The toast region's newest message. */
function toast(page: Page) {
  return page.getByRole('region', { name: /./ }).locator('li[role="status"]').last();
}

const TEXTS = {
  en: {
    signOut: 'Log out',
    loggedOut: 'Logged out',
    loggedOutText: 'You have been successfully logged out',
    menu: /Account menu of Ayşe/,
  },
  ar: {
    signOut: 'تسجيل الخروج',
    loggedOut: 'تم تسجيل الخروج',
    loggedOutText: 'لقد سجّلت الخروج بنجاح',
    menu: /قائمة حساب/,
  },
} as const;

/** A member made through the API (the journeys above cover the screens): the context holds the session. */
async function signUpThroughApi(context: BrowserContext) {
  const phone = randomPhone();
  const password = `Cappadocia-${Math.random().toString(36).slice(2, 8)}`;
  const api = '/api/app/custom-user-account-public';
  const before = (await outboxFor(phone.international)).length;
  const sent = await context.request.post(`${api}/register-with-phone`, {
    headers: fromSite(),
    data: {
      phoneNumber: phone.international,
      name: 'Deniz',
      surname: 'Kaya',
      extraProperties: { termsConsent: true, privacyConsent: true },
    },
  });
  expect(sent.status()).toBe(200);
  const { userId } = (await sent.json()) as { userId: string };
  const code = await waitForCode(phone.international, before);
  const confirmed = await context.request.post(`${api}/check-phone-code`, {
    headers: fromSite(),
    data: { userId, code },
  });
  const { registrationToken } = (await confirmed.json()) as { registrationToken: string };
  const signedIn = await context.request.post(`${api}/set-password-for-phone`, {
    headers: fromSite(),
    data: { userId, registrationToken, password, useCookie: true },
  });
  expect(signedIn.status()).toBe(200);
  return { phone, password };
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function liveTheJourney(locale: 'en' | 'ar') {
  const texts = TEXTS[locale];
  const phone = randomPhone();
  const firstPassword = `Bosphorus-${Math.random().toString(36).slice(2, 8)}`;
  const newPassword = `Galata-Tower-${Math.random().toString(36).slice(2, 8)}`;
  const context = await newContext(browser, { viewport: DESKTOP, acceptLanguage: locale });
  const page = await context.newPage();
  const errors = collectPageErrors(page);

  // 1. Sign up: names, phone, consents.
  await page.goto(`/${locale}/auth/register`);
  await answerCookieBanner(page);
  await page.locator('#signup-name').fill('Ayşe');
  await page.locator('#signup-surname').fill('Yılmaz');
  if (locale === 'en') {
    // The country-code select plus the national number with a trunk 0 and spaces.
    await page.locator('select[aria-label="Country code"]').selectOption('TR');
    await page.locator('#signup-phone').fill(`0${phone.national.slice(0, 3)} ${phone.national.slice(3)}`);
  } else {
    await page.locator('#signup-phone').fill(phone.international);
  }
  await page.locator('#signup-terms').check();
  await page.locator('#signup-privacy').check();
  const sentBefore = (await outboxFor(phone.international)).length;
  await page.locator('main form button[type="submit"]').click();

  // 2. The code from the dev outbox, which the page links to.
  await page.waitForURL(`**/${locale}/auth/phone/verify`);
  expect(await page.locator('a[href="/api/dev/outbox"]').getAttribute('target')).toBe('_blank');
  await page.locator('[role="timer"]').waitFor();
  await screenshot(page, `accounts-verify-${locale}-1280`);
  const code = await waitForCode(phone.international, sentBefore);
  await page.locator('#signup-code').fill(code);
  await page.locator('main form button[type="submit"]').click();

  // 3. The password, typed twice.
  await page.waitForURL(`**/${locale}/auth/phone/password`);
  await page.locator('#signup-password').fill(firstPassword);
  await page.locator('#signup-confirm').fill(firstPassword);
  await page.locator('main form button[type="submit"]').click();

  // 4. Onboarding: 'What should we call you?', with the names of step 1.
  await page.waitForURL(`**/${locale}/auth/phone/onboard`);
  expect(await page.locator('#onboard-name').inputValue()).toBe('Ayşe');
  await page.locator('#onboard-surname').fill('Yılmaz-Demir');
  await page.locator('main form button[type="submit"]').click();
  await page.waitForURL(new RegExp(`/${locale}/$`));

  // 5. Signed in: the header shows the account menu; the session is a browser-session cookie.
  const menuButton = page.getByRole('button', { name: texts.menu });
  await menuButton.waitFor();
  expect((await sessionCookie(context))?.expires).toBe(-1);

  // 6. Sign out from the account menu: the toast, home, no session.
  await menuButton.click();
  await page.getByRole('button', { name: texts.signOut, exact: true }).click();
  await expect.poll(() => toast(page).textContent()).toContain(texts.loggedOut);
  expect(await toast(page).textContent()).toContain(texts.loggedOutText);
  await page.waitForURL(new RegExp(`/${locale}/$`));
  await screenshot(page, `accounts-signed-out-${locale}-1280`);
  expect(await sessionCookie(context)).toBeUndefined();

  // 7. Sign in again with remember me: a 30-day cookie.
  await page.goto(`/${locale}/auth/login`);
  await page.locator('#login-phone').fill(phone.international);
  await page.locator('#login-password').fill(firstPassword);
  await page.locator('#login-remember').check();
  await page.locator('main form button[type="submit"]').click();
  await menuButton.waitFor();
  const cookie = await sessionCookie(context);
  const thirtyDays = Date.now() / 1000 + 2_592_000;
  expect(cookie?.expires).toBeGreaterThan(thirtyDays - 120);
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe('Strict');

  // 8. Forgotten password: a reset code, then the new password.
  await page.goto(`/${locale}/auth/forgot-password`);
  await page.locator('#forgot-phone').fill(phone.international);
  const resetBefore = (await outboxFor(phone.international)).length;
  await page.locator('main form button[type="submit"]').click();
  await page.waitForURL(`**/${locale}/auth/reset-password`);
  const resetCode = await waitForCode(phone.international, resetBefore);
  await page.locator('#reset-code').fill(resetCode);
  await page.locator('main form button[type="submit"]').click();
  await page.locator('#reset-password').fill(newPassword);
  await page.locator('#reset-confirm').fill(newPassword);
  await page.locator('main form button[type="submit"]').click();

  // A reset ends every session: back to log in, with the number filled in.
  await page.waitForURL(`**/${locale}/auth/login?phone=*`);
  expect(await sessionCookie(context)).toBeUndefined();

  // 9. The old password no longer works; the new one does.
  await page.locator('#login-password').fill(firstPassword);
  await page.locator('main form button[type="submit"]').click();
  await page.getByRole('alert').waitFor();
  await page.locator('#login-password').fill(newPassword);
  await page.locator('main form button[type="submit"]').click();
  await page.waitForURL(new RegExp(`/${locale}/$`));
  await menuButton.waitFor();

  // The settings show the onboarding's names.
  await page.goto(`/${locale}/settings`);
  await page.locator('#profile-surname').waitFor();
  expect(await page.locator('#profile-surname').inputValue()).toBe('Yılmaz-Demir');
  await page.waitForLoadState('networkidle');
  await screenshot(page, `accounts-settings-${locale}-1280`);
  await page.setViewportSize(PHONE);
  await screenshot(page, `accounts-settings-${locale}-375`);

  expect(errors).toEqual([]);
  await context.close();
}

describe('accounts', () => {
  it('signs up by phone, logs out and in, and resets a forgotten password', () => liveTheJourney('en'), 180_000);

  it('does the same in Arabic, right to left', () => liveTheJourney('ar'), 180_000);

  it('edits the profile and settings, changes the phone number and deletes the account', async () => {
    const context = await newContext(browser, { viewport: DESKTOP });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const { password, phone } = await signUpThroughApi(context);
    const newPassword = `Ephesus-${Math.random().toString(36).slice(2, 8)}`;

    await page.goto('/en/settings');
    await answerCookieBanner(page);
    const profile = page.locator('#profile');

    // Profile: photo (checked here first, then uploaded), details, time zone.
    await profile.locator('input[type="file"]').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    });
    await profile.getByText('Invalid image format').waitFor();
    await profile
      .locator('input[type="file"]')
      .setInputFiles(path.join(import.meta.dirname, '../public/icons/icon-192.png'));
    await expect.poll(() => toast(page).textContent()).toContain('Profile photo updated');
    await page.locator('header img[src*="get-profile-picture"]').first().waitFor();

    await page.locator('#profile-name').fill('Deniz Ece');
    await page.locator('#profile-about').fill('I love walking tours and street food.');
    await page.locator('#profile-birthDate').fill('1990-05-01');
    await page.locator('#profile-genderId').selectOption({ index: 2 });
    await page.locator('#profile-timezone').selectOption('Europe/Istanbul');
    await profile.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => toast(page).textContent()).toContain('Profile saved');

    // Contact, notifications and currency save at once.
    await page.locator('#contact-email').fill('deniz@example.com');
    await page.getByRole('button', { name: 'Save e-mail address' }).click();
    await expect.poll(() => toast(page).textContent()).toContain('E-mail address saved');
    await page.getByRole('switch', { name: 'Offers and promotions' }).check();
    await expect.poll(() => toast(page).textContent()).toContain('Notification preferences saved');
    await page.getByRole('radio', { name: /EUR/ }).check();
    await expect.poll(() => toast(page).textContent()).toContain('Currency saved');
    expect(await page.getByLabel('Currency').first().inputValue()).toBe('EUR');

    // Everything is still there after a reload.
    await page.reload();
    await page.locator('#profile-name').waitFor();
    await expect.poll(() => page.locator('#profile-birthDate').inputValue()).toBe('1990-05-01');
    expect(await page.locator('#profile-name').inputValue()).toBe('Deniz Ece');
    expect(await page.locator('#profile-timezone').inputValue()).toBe('Europe/Istanbul');
    expect(await page.locator('#contact-email').inputValue()).toBe('deniz@example.com');
    expect(await page.getByRole('switch', { name: 'Offers and promotions' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: /EUR/ }).isChecked()).toBe(true);

    // Feedback.
    await page.locator('#feedback-description').fill('The map does not load on my tablet.');
    await page.getByRole('button', { name: 'Send report' }).click();
    await expect.poll(() => toast(page).textContent()).toContain('Thank you!');

    // The same person signed in on another device, on their messages: the password change
    // below ends that session, and that page signs out at once (its socket is closed).
    const otherDevice = await newContext(browser, { viewport: PHONE });
    const signedIn = await otherDevice.request.post('/api/auth/login', {
      headers: { ...fromSite(), 'x-forwarded-for': '198.51.100.23' },
      data: { phoneNumber: phone.international, password, rememberMe: false },
    });
    expect(signedIn.status()).toBe(200);
    const otherPage = await otherDevice.newPage();
    const otherErrors = collectPageErrors(otherPage);
    const socketReady = new Promise<void>((resolve) =>
      otherPage.on('websocket', (socket) =>
        socket.on('framereceived', ({ payload }) => {
          if (String(payload).startsWith('{"type":"ready"')) resolve();
        }),
      ),
    );
    await otherPage.goto('/en/messages');
    await socketReady;

    // Password change: a wrong current password is said at the field.
    await page.locator('#security-currentPassword').fill('not my password');
    await page.locator('#security-newPassword').fill(newPassword);
    await page.locator('#security-confirmPassword').fill(newPassword);
    await page.getByRole('button', { name: 'Change password', exact: true }).click();
    await page.getByText('Current password is incorrect').waitFor();
    await page.locator('#security-currentPassword').fill(password);
    await page.getByRole('button', { name: 'Change password', exact: true }).click();
    await expect.poll(() => toast(page).textContent()).toContain('Password changed');
    await otherPage.getByText('Your session has ended. Please log in again.').waitFor({ timeout: 10_000 });
    await otherPage.waitForURL(/\/en\/$/);
    expect(await sessionCookie(otherDevice)).toBeUndefined();
    expect(otherErrors).toEqual([]);
    await otherDevice.close();

    // Phone change: new number, the code texted to it, success.
    await page.getByRole('link', { name: 'Change phone number' }).click();
    await page.waitForURL('**/en/settings/change-phone');
    const newPhone = randomPhone();
    await page.locator('#new-phone').fill(newPhone.international);
    const before = (await outboxFor(newPhone.international)).length;
    await page.getByRole('button', { name: 'Send verification code' }).click();
    const code = await waitForCode(newPhone.international, before);
    await page.locator('[role="timer"]').waitFor();
    await screenshot(page, 'accounts-change-phone-en-1280');
    await page.locator('#change-phone-code').fill(code);
    await page.getByRole('button', { name: 'Change phone number' }).click();
    await page.getByRole('heading', { name: 'Phone number changed' }).waitFor();

    // Delete the account: the dialog warns and asks for the password.
    await page.goto('/en/settings#delete-account');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    await screenshot(page, 'accounts-delete-dialog-en-1280');
    await dialog.getByLabel('Enter your password to confirm').fill(newPassword);
    await dialog.getByRole('button', { name: 'Delete account permanently' }).click();
    await expect.poll(() => toast(page).textContent()).toContain('Account deleted');
    await page.waitForURL(/\/en\/$/);
    await page.getByRole('link', { name: 'Log in' }).first().waitFor();
    expect(await sessionCookie(context)).toBeUndefined();

    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('sends visitors of a members-only page to log in', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/en/settings');
    await page.waitForURL('**/en/auth/login?returnTo=%2Fsettings');
    await context.close();
  });

  it('captures login and sign-up on a phone and a desktop, in English and Arabic', async () => {
    for (const locale of ['en', 'ar'] as const) {
      for (const [label, viewport] of [
        ['375', PHONE],
        ['1280', DESKTOP],
      ] as const) {
        const context = await newContext(browser, { viewport, acceptLanguage: locale });
        const page = await context.newPage();
        await page.goto(`/${locale}/`);
        await answerCookieBanner(page);
        for (const screen of ['login', 'register'] as const) {
          await page.goto(`/${locale}/auth/${screen}`);
          await page.locator('h1').first().waitFor();
          await page.waitForLoadState('networkidle');
          await screenshot(page, `${screen}-${locale}-${label}`);
        }
        // The validation messages at the fields, as a visitor sees them.
        await page.locator('main form button[type="submit"]').click();
        await page.locator('#signup-name-error').waitFor();
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, `register-errors-${locale}-${label}`);
        await context.close();
      }
    }
  }, 120_000);
});
