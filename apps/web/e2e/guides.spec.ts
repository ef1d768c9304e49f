import path from 'node:path';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  answerCookieBanner,
  collectPageErrors,
  DESKTOP,
  fromSite,
  launchBrowser,
  newContext,
  PHONE,
  recordCookieChoice,
  screenshot,
} from './support/browser.js';
import { addStaffSession } from './support/staff.js';

// Issue 4: a user applies through the 8 steps with real uploads, staff approve, the guide
// switches to guide mode and edits rate and schedule, and the public profile shows it.

const FIXTURES = path.resolve(import.meta.dirname, 'fixtures');
const PHOTO = path.join(FIXTURES, 'guide-photo.png');
const PDF = path.join(FIXTURES, 'identity-document.pdf');
// 2 seconds long: outside the suggested 1–2 minutes, so the upload warns and goes ahead.
const VIDEO = path.join(FIXTURES, 'intro-video.mp4');
// A valid Turkish IBAN (mod-97) and a SWIFT/BIC of the right shape.
const IBAN = 'TR33 0006 1005 1978 6457 8413 26';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type Response = Awaited<ReturnType<APIRequestContext['get']>>;

async function json<T>(response: Response): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

const randomPhone = () => `+90534${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;

/** Signs a person up through the API (code from the dev outbox) and signs them in inside `context` (cookie). */
async function signUp(context: BrowserContext, name: string, surname: string): Promise<{ userId: string }> {
  const request = context.request;
  const phone = randomPhone();
  const password = `Bosphorus-${Math.floor(Math.random() * 1e9)}-walk`;
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
  return { userId };
}

/** The support account's session of global setup, already past the second factor. */
async function signInAsStaff(context: BrowserContext) {
  await addStaffSession(context, inject('baseUrl'), inject('staffSession'));
  await recordCookieChoice(context);
}

function toasts(page: Page) {
  return page.locator('li[role="status"]');
}

async function stepHeading(page: Page, name: string) {
  await page.getByRole('heading', { level: 2, name }).waitFor();
}

/** Waits until nothing is loading or uploading, so a screenshot shows the settled page. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached', timeout: 10_000 });
  // The sticky header would otherwise be drawn where the page was scrolled to.
  await page.evaluate(() => window.scrollTo(0, 0));
}

describe('becoming a guide', () => {
  it('applies in 8 steps with real uploads, is approved by staff and edits rate and schedule in guide mode', async () => {
    const applicantContext = await newContext(browser, { viewport: DESKTOP });
    const { userId } = await signUp(applicantContext, 'Elif', 'Demir');
    const page = await applicantContext.newPage();
    const main = page.locator('#main');
    const errors = collectPageErrors(page);

    // Step 1: basic information.
    await page.goto('/en/beguide');
    await answerCookieBanner(page);
    await stepHeading(page, 'Basic information');
    expect(await page.getByText('Step 1 of 8').count()).toBe(1);
    await main.getByLabel('Country').selectOption({ label: 'Turkey' });
    await main.getByLabel('City').selectOption({ label: 'Istanbul' });
    await main
      .getByLabel('About you')
      .fill('Born in Kadıköy, I have shown friends the city for twenty years: ferries, markets and hidden courtyards.');
    await page.getByRole('checkbox', { name: 'Tour guiding' }).check();
    await page.getByRole('checkbox', { name: 'City tour' }).check();
    await page.getByRole('checkbox', { name: 'Food & drink' }).check();
    await page.getByRole('button', { name: 'Save and continue' }).click();

    // Step 2: languages and an optional certificate (a real PDF).
    await stepHeading(page, 'Languages and certificate');
    await page.locator('input[type="file"]').setInputFiles(PDF);
    await page.getByRole('link', { name: 'identity-document.pdf' }).waitFor();
    await main.getByLabel('Language 1', { exact: true }).selectOption({ label: 'Turkish' });
    await main.getByLabel('Level of language 1').selectOption({ label: 'Native' });
    await page.getByRole('button', { name: 'Add a language' }).click();
    await main.getByLabel('Language 2', { exact: true }).selectOption({ label: 'English' });
    await main.getByLabel('Level of language 2').selectOption({ label: 'Fluent' });
    await page.getByRole('button', { name: 'Save and continue' }).click();

    // Step 3: schedule. A weekly plan (Monday to Friday, 09:00–17:00) is offered; an end
    // before the start is refused at the field.
    await stepHeading(page, 'Schedule');
    await main.getByLabel('Until', { exact: true }).selectOption('8');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText('The end hour must be after the start hour.').waitFor();
    await main.getByLabel('Until', { exact: true }).selectOption('17');
    await page.getByRole('button', { name: 'Save and continue' }).click();

    // Step 4: a real photo, uploaded with progress.
    await stepHeading(page, 'Photos');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Add at least one photo to continue.').waitFor();
    await page.locator('input[type="file"]').setInputFiles(PHOTO);
    await page.getByRole('img', { name: 'Photo 1' }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();

    // Step 5: identity verification with a document.
    await stepHeading(page, 'Identity verification');
    await page.getByRole('radio', { name: 'ID card' }).check();
    await main.getByLabel('Issuing country').selectOption({ label: 'Turkey' });
    await main.getByLabel('Issue date').fill('2020-01-15');
    await page.locator('input[type="file"]').setInputFiles(PDF);
    await page.getByRole('link', { name: 'identity-document.pdf' }).waitFor();
    await page.getByRole('button', { name: 'Save and continue' }).click();

    // Step 6: rate and bank information; a wrong IBAN is refused before it is sent.
    await stepHeading(page, 'Rate and bank information');
    await main.getByLabel('Rate per hour').fill('50');
    await main.getByLabel('Currency').selectOption('USD');
    await main.getByLabel("Account holder's first name").fill('Elif');
    await main.getByLabel("Account holder's last name").fill('Demir');
    await main.getByLabel('Bank name').fill('Ziraat Bankası');
    await main.getByLabel('IBAN').fill('TR33 0006 1005 1978 6457 8413 27');
    await main.getByLabel('SWIFT/BIC').fill('tczbtr2a');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText('This IBAN is not valid.', { exact: false }).waitFor();
    await main.getByLabel('IBAN').fill(IBAN);
    await page.getByRole('button', { name: 'Save and continue' }).click();

    // Step 7: the intro video is optional; a 2-second video warns and uploads anyway.
    await stepHeading(page, 'Intro video');
    await page.locator('input[type="file"]').setInputFiles(VIDEO);
    await page.getByText(/Your video is 0:0\d long/).waitFor();
    await page.locator('video').waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();

    // Step 8: every step is done; submit.
    await stepHeading(page, 'Review and submit');
    expect(await page.getByRole('button', { name: 'Complete', exact: true }).count()).toBe(0);
    await settle(page);
    await screenshot(page, 'guides-beguide-8-review-1280-en');
    await page.getByRole('button', { name: 'Submit application' }).click();
    await page.getByRole('heading', { name: 'Your application has been sent' }).waitFor();
    await page.getByText('It usually takes one to three business days').waitFor();
    await settle(page);
    await screenshot(page, 'guides-beguide-submitted-1280-en');

    // Coming back resumes where the application stands.
    await page.goto('/en/beguide');
    await page.getByRole('heading', { name: 'Your application has been sent' }).waitFor();

    // Staff review the queue, look at the documents in the page and approve.
    const staffContext = await newContext(browser, { viewport: DESKTOP });
    await signInAsStaff(staffContext);
    const staff = await staffContext.newPage();
    const staffErrors = collectPageErrors(staff);
    await staff.goto('/en/admin/guides');
    await staff.getByRole('heading', { level: 1, name: 'Guide applications' }).waitFor();
    await staff.getByRole('link', { name: /Elif Demir/ }).click();
    await staff.getByRole('heading', { level: 1, name: 'Elif Demir' }).waitFor();
    // Identity document and certificate, shown through the authorised endpoint.
    expect(await staff.locator('object[type="application/pdf"]').count()).toBe(2);
    const pdf = await staff.locator('object[type="application/pdf"]').first().getAttribute('data');
    expect(pdf).toContain('/api/app/file-management-public/user-private-file?id=');
    expect((await staffContext.request.get(pdf ?? '')).headers()['content-type']).toContain('application/pdf');
    // Private: a visitor cannot read it.
    const visitor = await browser.newContext({ baseURL: inject('baseUrl') });
    expect((await visitor.request.get(pdf ?? '')).status()).not.toBe(200);
    await settle(staff);
    await screenshot(staff, 'guides-admin-detail-1280-en');
    await staff.getByRole('button', { name: 'Approve' }).click();
    await staff.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await toasts(staff).filter({ hasText: 'Elif Demir is now an approved guide' }).waitFor();
    await staff.getByRole('button', { name: 'Mark verified' }).click();
    await staff.getByRole('dialog').getByRole('button', { name: 'Mark verified' }).click();
    await toasts(staff).filter({ hasText: 'Elif Demir is marked verified' }).waitFor();
    await staff.getByText('Verified', { exact: true }).waitFor();
    expect(staffErrors).toEqual([]);

    // The guide switches to guide mode from the header (remembered across visits).
    await page.goto('/en/');
    const guideSwitch = page.getByRole('group', { name: 'Navigation mode' }).getByRole('button', { name: 'Guide' });
    await guideSwitch.click();
    await page.waitForURL(/\/en\/guide-mode$/);
    await page.getByRole('heading', { level: 1, name: 'Your guide page' }).waitFor();
    await page.getByText('Approved guide').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('marco.navigationMode'))).toBe('guide');
    await page.getByRole('navigation', { name: /./ }).first().getByRole('link', { name: 'Guide settings' }).waitFor();
    await settle(page);
    await screenshot(page, 'guides-guide-mode-1280-en');

    // The settings page lists the guide sections for guides.
    await page.goto('/en/settings');
    await page.getByRole('list', { name: 'Guide' }).getByRole('link', { name: 'Work schedule' }).waitFor();

    // Rate: 50 → 65 USD.
    await page.goto('/en/guide-settings?section=payment');
    await page.getByRole('heading', { level: 2, name: 'Hourly rate and bank info' }).waitFor();
    await main.getByLabel('Rate per hour').fill('65');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toasts(page).filter({ hasText: 'Saved' }).first().waitFor();

    // Schedule: the weekday hours now end at 18:00, and Saturday mornings are added from the week view.
    await page.goto('/en/guide-settings?section=schedule');
    await page.getByRole('heading', { level: 2, name: 'Work schedule' }).waitFor();
    await main.getByLabel('Until', { exact: true }).first().selectOption('18');
    await page.getByRole('button', { name: 'Add weekly hours on Saturday' }).click();
    await main.getByLabel('Until', { exact: true }).nth(1).selectOption('13');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toasts(page).filter({ hasText: 'Saved' }).first().waitFor();
    await settle(page);
    await screenshot(page, 'guides-settings-schedule-1280-en');

    // The public profile shows the new rate and hours.
    const profile = await json<{ id: string; hourlyRateMinor: number; currency: string; verified: boolean }>(
      await visitor.request.get(`/api/app/user-detail-public/get-guide-user-detail-with-id/${userId}`),
    );
    expect(profile).toMatchObject({ hourlyRateMinor: 6500, currency: 'USD', verified: true });
    const schedule = await json<{ data: Array<{ planType: string; weekdays: number[]; endHour: number }> }>(
      await visitor.request.get(`/api/app/user-guide-operation-public/user-guide-work-plans-by-id/${profile.id}`),
    );
    expect(schedule.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ planType: 'weekly', weekdays: [1, 2, 3, 4, 5], endHour: 18 }),
        expect.objectContaining({ planType: 'weekly', weekdays: [6], endHour: 13 }),
      ]),
    );

    expect(errors).toEqual([]);
    await Promise.all([applicantContext.close(), staffContext.close(), visitor.close()]);
  }, 240_000);

  it('captures the become-a-guide steps and the staff area on a phone and a desktop, in English and Arabic', async () => {
    // An applicant whose stage opens every step (the steps' own saving is the journey above).
    const applicantContext = await newContext(browser, { viewport: DESKTOP });
    const { userId } = await signUp(applicantContext, 'Karim', 'Haddad');
    await recordCookieChoice(applicantContext);
    await json(
      await applicantContext.request.put(`/api/app/user-guide-stage-public/update-user-guide-stage/${userId}`, {
        headers: fromSite(),
        data: { stage: 7 },
      }),
    );
    const state = await applicantContext.storageState();
    const staffContext = await newContext(browser, { viewport: DESKTOP });
    await signInAsStaff(staffContext);
    const staffState = await staffContext.storageState();

    for (const locale of ['en', 'ar'] as const) {
      for (const [label, viewport] of [
        ['375', PHONE],
        ['1280', DESKTOP],
      ] as const) {
        const context = await browser.newContext({
          baseURL: inject('baseUrl'),
          viewport,
          locale: locale === 'ar' ? 'ar' : 'en-US',
          storageState: state,
        });
        const page = await context.newPage();
        const errors = collectPageErrors(page);
        for (let step = 1; step <= 8; step += 1) {
          await page.goto(`/${locale}/beguide?step=${step}`);
          await page.locator('[aria-current="step"]').waitFor();
          await page.getByRole('heading', { level: 2 }).first().waitFor();
          await settle(page);
          expect(await page.evaluate(() => document.documentElement.dir)).toBe(locale === 'ar' ? 'rtl' : 'ltr');
          await screenshot(page, `guides-beguide-${step}-${label}-${locale}`);
        }
        expect(errors).toEqual([]);
        await context.close();

        const staffView = await browser.newContext({
          baseURL: inject('baseUrl'),
          viewport,
          locale: locale === 'ar' ? 'ar' : 'en-US',
          storageState: staffState,
        });
        const staff = await staffView.newPage();
        await staff.goto(`/${locale}/admin/guides?status=approved`);
        await staff.locator('#admin-queue-panel').waitFor();
        await settle(staff);
        await screenshot(staff, `guides-admin-queue-${label}-${locale}`);
        const first = staff.locator('#admin-queue-panel a').first();
        if ((await first.count()) > 0) {
          await first.click();
          await staff.waitForURL(/\/admin\/guides\/[^/?]+$/);
          // Only the loaded application has section headings in the page.
          await staff.locator('#main section h2').first().waitFor();
          await settle(staff);
          await screenshot(staff, `guides-admin-detail-${label}-${locale}`);
        }
        await staffView.close();
      }
    }
    await Promise.all([applicantContext.close(), staffContext.close()]);
  }, 240_000);

  it('keeps the staff area from everyone else', async () => {
    const context = await newContext(browser, { viewport: DESKTOP });
    await signUp(context, 'Mert', 'Aydın');
    const page = await context.newPage();
    await page.goto('/en/admin/guides');
    await page.getByRole('heading', { level: 1, name: 'Access Forbidden' }).waitFor();
    expect((await context.request.get('/api/app/admin/guides')).status()).toBe(403);
    await context.close();
  });
});
