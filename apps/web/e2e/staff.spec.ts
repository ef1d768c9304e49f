import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  answerCookieBanner,
  collectPageErrors,
  DESKTOP,
  launchBrowser,
  newContext,
  PHONE,
  screenshot,
} from './support/browser.js';
import { totpCode } from './support/staff.js';

// Issue 18 item 1: a staff member's first sign-in sets up an authenticator with a QR code,
// later sign-ins ask for its code, and a recovery code works once. Codes are computed from
// the secret the page shows, as an authenticator app would.

const PASSWORD = 'Marco-staff-review-2026';
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Signs in through the login page; staff land on the second-factor step. */
async function signIn(context: BrowserContext, locale = 'en'): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`/${locale}/auth/login`);
  await answerCookieBanner(page);
  await page.locator('#login-phone').fill(inject('newStaffPhone'));
  await page.locator('#login-password').fill(PASSWORD);
  await page.locator('main form button[type="submit"]').click();
  return page;
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached', timeout: 10_000 });
}

describe('staff sign-in with a second factor', () => {
  let secret = '';
  let recoveryCodes: string[] = [];
  /** A browser past the second factor (the second test's), for the screenshots. */
  let verified: BrowserContext | undefined;
  afterAll(() => verified?.close());

  it('enrols with the QR code at the first sign-in, then reaches the staff area', async () => {
    const context = await newContext(browser, { viewport: DESKTOP });
    const page = await signIn(context);
    const errors = collectPageErrors(page);
    await page.waitForURL('**/en/staff/enrol?returnTo=%2Fadmin%2Fguides');
    await page.getByRole('heading', { level: 1, name: 'Set up your authenticator' }).waitFor();
    // No staff call answers before the second factor, whatever the page does.
    const refused = await context.request.get('/api/app/admin/guides');
    expect(refused.status()).toBe(403);
    await page.getByRole('button', { name: 'Show the QR code' }).click();
    const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await settle(page);
    await screenshot(page, 'staff-enrol-1280-en');

    await page.getByLabel('6-digit code').fill('000000');
    await page.getByRole('button', { name: 'Confirm and continue' }).click();
    await page.getByRole('alert').filter({ hasText: 'That code did not work' }).waitFor();
    await page.getByLabel('6-digit code').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Confirm and continue' }).click();

    await page.getByRole('heading', { level: 1, name: 'Save your recovery codes' }).waitFor();
    recoveryCodes = await page.getByRole('list', { name: 'Recovery codes' }).locator('li').allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    await screenshot(page, 'staff-recovery-codes-1280-en');
    await page.getByRole('button', { name: 'I have saved them, continue' }).click();
    await page.waitForURL('**/en/admin/guides');
    await page.getByRole('heading', { level: 1, name: 'Guide applications' }).waitFor();

    // An admin manages staff, and the audit log shows it.
    const members = await context.request.get('/api/app/staff/members');
    const { data } = (await members.json()) as { data: Array<{ userId: string; phoneNumber: string }> };
    const support = data.find((member) => member.phoneNumber === inject('staffPhone'));
    const roles = await context.request.put(`/api/app/staff/members/${support?.userId}/roles`, {
      headers: { origin: new URL(page.url()).origin },
      data: { roles: ['support', 'finance'] },
    });
    expect(roles.status()).toBe(200);
    await page.getByRole('link', { name: 'Audit log' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    await page.locator('main ol').getByText('Staff roles changed', { exact: true }).waitFor();
    await page.getByText('["support"] → ["finance","support"]').waitFor();
    await settle(page);

    // The staff page shows both accounts with their roles and authenticators.
    await page.getByRole('link', { name: 'Staff', exact: true }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Staff members' }).waitFor();
    const supportRoles = page
      .getByRole('group', { name: /^Roles of / })
      .filter({ has: page.getByRole('checkbox', { name: 'Finance', checked: true }) });
    await supportRoles.first().waitFor();
    expect(await page.getByText('Authenticator set up').count()).toBe(2);
    await settle(page);
    await screenshot(page, 'staff-members-1280-en');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks for a code from the app at the next sign-in', async () => {
    const context = await newContext(browser, { viewport: DESKTOP });
    const page = await signIn(context);
    await page.waitForURL('**/en/staff/verify?returnTo=%2Fadmin%2Fguides');
    await page.getByRole('heading', { level: 1, name: 'Enter your code' }).waitFor();
    // The enrolment's code was used: the app's next one is the one to type.
    await page.getByLabel('6-digit code').fill(totpCode(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { level: 1, name: 'Guide applications' }).waitFor();
    expect((await context.request.get('/api/app/admin/guides')).status()).toBe(200);
    verified = context;
  });

  it('lets a recovery code in once, and refuses it the second time', async () => {
    const signInWithRecoveryCode = async () => {
      const context = await newContext(browser, { viewport: DESKTOP });
      const page = await signIn(context);
      await page.getByRole('heading', { level: 1, name: 'Enter your code' }).waitFor();
      await page.getByRole('button', { name: 'Lost your phone? Use a recovery code' }).click();
      await page.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '');
      await page.getByRole('button', { name: 'Verify' }).click();
      return { context, page };
    };
    const first = await signInWithRecoveryCode();
    await first.page.getByRole('heading', { level: 1, name: 'Guide applications' }).waitFor();
    await first.context.close();

    const second = await signInWithRecoveryCode();
    await second.page.getByRole('alert').filter({ hasText: 'That code did not work' }).waitFor();
    expect(second.page.url()).toContain('/en/staff/verify');
    await second.page.getByText('Recovery codes left: 9').waitFor();
    expect((await second.context.request.get('/api/app/admin/guides')).status()).toBe(403);
    await screenshot(second.page, 'staff-recovery-refused-1280-en');
    await second.context.close();
  });

  it('captures the code prompt and the audit log on a phone and a desktop, in English and Arabic', async () => {
    const unverified = await newContext(browser, { viewport: DESKTOP });
    const prompt = await signIn(unverified);
    await prompt.waitForURL('**/en/staff/verify?*');
    const auditPage = verified ? await verified.newPage() : null;
    if (!auditPage) throw new Error('the second test keeps a verified browser');
    for (const locale of ['en', 'ar'] as const) {
      for (const [label, viewport] of [
        ['375', PHONE],
        ['1280', DESKTOP],
      ] as const) {
        await prompt.setViewportSize(viewport);
        await prompt.goto(`/${locale}/staff/verify?returnTo=%2Fadmin%2Fguides`);
        await prompt.locator('main form input').waitFor();
        expect(await prompt.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
        await settle(prompt);
        await screenshot(prompt, `staff-verify-${label}-${locale}`);
        await auditPage.setViewportSize(viewport);
        await auditPage.goto(`/${locale}/staff/audit`);
        await auditPage.locator('main h1').waitFor();
        await settle(auditPage);
        await screenshot(auditPage, `staff-audit-${label}-${locale}`);
      }
    }
    await unverified.close();
  });
});
