import fs from 'node:fs';
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
  screenshot,
} from './support/browser.js';
import { addStaffSession } from './support/staff.js';

// Issue 5: a traveller searches from the home page, filters the guide list by language and
// price, sorts it, opens a guide and comes back to the same filtered list — in English on a
// desktop and in Arabic (right to left) on a phone.

const API = '/api/app';
const FIXTURES = path.resolve(import.meta.dirname, 'fixtures');
const PHOTO = fs.readFileSync(path.join(FIXTURES, 'guide-photo.png'));
const PDF = fs.readFileSync(path.join(FIXTURES, 'identity-document.pdf'));

let browser: Browser;

type Response = Awaited<ReturnType<APIRequestContext['get']>>;

async function json<T>(response: Response): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

const randomPhone = () => `+90535${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;

/** Signs a person up through the API (code from the dev outbox) and signs them in inside `context`. */
async function signUp(context: BrowserContext, name: string, surname: string) {
  const request = context.request;
  const phone = randomPhone();
  const password = `Seine-${Math.floor(Math.random() * 1e9)}-walk`;
  const { userId } = await json<{ userId: string }>(
    await request.post(`${API}/custom-user-account-public/register-with-phone`, {
      headers: fromSite(),
      data: { phoneNumber: phone, name, surname, extraProperties: { termsConsent: true, privacyConsent: true } },
    }),
  );
  const outbox = await json<{ data: Array<{ recipient: string; text: string }> }>(await request.get('/api/dev/outbox'));
  const code = outbox.data.findLast((entry) => entry.recipient === phone)?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code texted to ${phone}`);
  const { registrationToken } = await json<{ registrationToken: string }>(
    await request.post(`${API}/custom-user-account-public/check-phone-code`, {
      headers: fromSite(),
      data: { userId, code },
    }),
  );
  await json(
    await request.post(`${API}/custom-user-account-public/set-password-for-phone`, {
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
}

interface GuideSpec {
  name: string;
  surname: string;
  languages: string[];
  rate: { minor: number; currency: 'USD' | 'EUR' | 'TRY' };
}

/** A guide in Paris who went through every step of become-a-guide, approved by staff. */
async function createApprovedGuide(staff: APIRequestContext, spec: GuideSpec): Promise<string> {
  const context = await browser.newContext({ baseURL: inject('baseUrl') });
  try {
    await signUp(context, spec.name, spec.surname);
    const request = context.request;
    const cities = await json<{ data: Array<{ id: string; key: string; countryId: string }> }>(
      await request.get(`${API}/address-public/get-cities`),
    );
    const paris = cities.data.find((city) => city.key === 'paris');
    if (!paris) throw new Error('no city paris');
    const { guideId } = await json<{ guideId: string }>(
      await request.put(`${API}/user-guide-operation-public/update-user-guide`, {
        headers: fromSite(),
        data: {
          about: `${spec.name} shows travellers the Paris of the locals.`,
          countryId: paris.countryId,
          cityId: paris.id,
        },
      }),
    );
    await json(
      await request.put(`${API}/user-mr-language-public/update-user-mr-languages`, {
        headers: fromSite(),
        data: {
          languages: spec.languages.map((code, index) => ({
            languageCode: code,
            levelKey: index === 0 ? 'native' : 'fluent',
            isPrimary: index === 0,
          })),
        },
      }),
    );
    await json(
      await request.post(`${API}/user-guide-pricing-public/create-update`, {
        headers: fromSite(),
        data: { hourlyRateMinor: spec.rate.minor, currency: spec.rate.currency },
      }),
    );
    await json(
      await request.post(`${API}/service-type-public/create-update/${guideId}/guidance`, {
        headers: fromSite(),
        data: { serviceTypeKeys: ['city_tour'] },
      }),
    );
    await json(
      await request.put(`${API}/user-guide-operation-public/update-user-guide-work-schedule`, {
        headers: fromSite(),
        data: { plans: [{ planType: 'weekly', startHour: 9, endHour: 17, weekdays: [1, 2, 3, 4, 5] }] },
      }),
    );
    await json(
      await request.post(`${API}/file-management-public/upload-user-guide-photo-file`, {
        headers: fromSite(),
        multipart: { file: { name: 'me.png', mimeType: 'image/png', buffer: PHOTO } },
      }),
    );
    const countries = await json<{ data: Array<{ id: string; code: string }> }>(
      await request.get(`${API}/address-public/get-countries`),
    );
    await json(
      await request.put(`${API}/user-guide-operation-public/update-user-guide-id-verification`, {
        headers: fromSite(),
        data: {
          verificationTypeKey: 'passport',
          issuingCountryId: countries.data.find((country) => country.code === 'FR')?.id,
          issueDate: '2020-01-15',
        },
      }),
    );
    await json(
      await request.post(`${API}/file-management-public/upload-user-identity-doc-file`, {
        headers: fromSite(),
        multipart: { file: { name: 'passport.pdf', mimeType: 'application/pdf', buffer: PDF } },
      }),
    );
    await json(
      await request.post(`${API}/user-guide-pricing-public/create-update-bank-info`, {
        headers: fromSite(),
        data: {
          bankName: 'Ziraat Bankası',
          iban: 'TR33 0006 1005 1978 6457 8413 26',
          swift: 'TCZBTR2A',
          holderFirstName: spec.name,
          holderLastName: spec.surname,
        },
      }),
    );
    await json(
      await request.post(`${API}/user-guide-operation-public/update-user-guide-status?status=submitted`, {
        headers: fromSite(),
      }),
    );
    await json(await staff.post(`${API}/admin/guides/${guideId}/approve`, { headers: fromSite() }));
    return guideId;
  } finally {
    await context.close();
  }
}

// German speakers at 40 USD, about 55 USD (50 EUR) and 150 USD; a French and English one at 90 USD.
const AMELIE: GuideSpec = {
  name: 'Amélie',
  surname: 'Laurent',
  languages: ['fr', 'de'],
  rate: { minor: 4000, currency: 'USD' },
};
const LEA: GuideSpec = {
  name: 'Léa',
  surname: 'Dubois',
  languages: ['de', 'it'],
  rate: { minor: 5000, currency: 'EUR' },
};
const PAUL: GuideSpec = {
  name: 'Paul',
  surname: 'Girard',
  languages: ['de'],
  rate: { minor: 15_000, currency: 'USD' },
};
const HUGO: GuideSpec = {
  name: 'Hugo',
  surname: 'Bernard',
  languages: ['fr', 'en'],
  rate: { minor: 9000, currency: 'USD' },
};
const fullName = (spec: GuideSpec) => `${spec.name} ${spec.surname}`;

beforeAll(async () => {
  browser = await launchBrowser();
  const staff = await browser.newContext({ baseURL: inject('baseUrl') });
  await addStaffSession(staff, inject('baseUrl'), inject('staffSession'));
  for (const spec of [AMELIE, LEA, PAUL, HUGO]) await createApprovedGuide(staff.request, spec);
  await staff.close();
}, 180_000);
afterAll(() => browser?.close());

/** A week starting a week from today: it always holds working days of the guides' schedule. */
function nextWeek(): { from: string; to: string } {
  const day = (offset: number) => {
    const date = new Date(Date.now() + offset * 86_400_000);
    return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  };
  return { from: day(7), to: day(13) };
}

const cardNames = (page: Page) => page.getByTestId('guide-card').getByRole('heading').allTextContents();

/** The names on the list once it has settled (no request in flight). */
async function settledNames(page: Page) {
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
  return cardNames(page);
}

interface Texts {
  locale: 'en' | 'ar';
  destination: string;
  typed: string;
  place: RegExp;
  from: string;
  to: string;
  search: string;
  searchForm: string;
  german: string;
  maxPrice: string;
  sortBy: string;
  filtersTitle: string;
  openFilters?: RegExp;
  showResults?: RegExp;
}

async function searchFilterSortOpenAndComeBack(page: Page, texts: Texts, shot: string) {
  const errors = collectPageErrors(page);
  const { from, to } = nextWeek();

  // Home: destination, dates, search.
  await page.goto(`/${texts.locale}/`);
  await answerCookieBanner(page);
  const hero = page.getByRole('form', { name: texts.searchForm });
  await hero.getByRole('combobox', { name: texts.destination }).fill(texts.typed);
  await page.getByRole('option', { name: texts.place }).first().click();
  await hero.getByLabel(texts.from, { exact: true }).fill(from);
  await hero.getByLabel(texts.to, { exact: true }).fill(to);
  await hero.getByRole('button', { name: texts.search }).click();
  await page.waitForURL((url) => url.pathname === `/${texts.locale}/guides`);
  const landed = new URL(page.url());
  expect(Object.fromEntries(landed.searchParams)).toMatchObject({ location: 'paris', from, to });

  // Everyone free that week in Paris, the four guides among them.
  await expect.poll(() => settledNames(page)).toEqual(expect.arrayContaining([AMELIE, LEA, PAUL, HUGO].map(fullName)));

  // Filter by language and maximum price (on a phone, in the sheet).
  if (texts.openFilters) await page.getByRole('button', { name: texts.openFilters }).click();
  const filters = page.getByRole(texts.openFilters ? 'dialog' : 'complementary', { name: texts.filtersTitle });
  // The box reflects the URL, which the router updates a moment after the click.
  const german = filters.getByRole('checkbox', { name: texts.german });
  await german.click();
  await expect.poll(() => german.isChecked()).toBe(true);
  await expect.poll(() => settledNames(page)).not.toContain(fullName(HUGO));
  await filters.getByLabel(texts.maxPrice).fill('70');
  await filters.getByLabel(texts.maxPrice).press('Enter');
  await expect.poll(() => settledNames(page)).not.toContain(fullName(PAUL));
  if (texts.showResults) await page.getByRole('button', { name: texts.showResults }).click();

  // Sort by price, high to low.
  await page.getByLabel(texts.sortBy).selectOption('price_desc');
  await expect.poll(() => settledNames(page)).toEqual([fullName(LEA), fullName(AMELIE)]);
  const filtered = new URL(page.url());
  expect(filtered.searchParams.getAll('language')).toEqual(['de']);
  expect(filtered.searchParams.get('maxPrice')).toBe('70');
  expect(filtered.searchParams.get('sort')).toBe('price_desc');
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, `${shot}-list`);

  // Open a guide.
  await page.getByRole('link', { name: fullName(LEA) }).click();
  await page.getByRole('heading', { level: 1, name: fullName(LEA) }).waitFor();
  await page.getByTestId('guide-price').waitFor();
  await page.locator('[data-free]').first().waitFor();
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
  await screenshot(page, `${shot}-detail`);

  // Back: the same filtered, sorted list.
  await page.goBack();
  await page.waitForURL((url) => url.pathname === `/${texts.locale}/guides`);
  expect(new URL(page.url()).search).toBe(filtered.search);
  await expect.poll(() => settledNames(page)).toEqual([fullName(LEA), fullName(AMELIE)]);
  if (texts.openFilters) await page.getByRole('button', { name: texts.openFilters }).click();
  expect(await filters.getByRole('checkbox', { name: texts.german }).isChecked()).toBe(true);
  expect(await filters.getByLabel(texts.maxPrice).inputValue()).toBe('70');
  expect(errors).toEqual([]);
}

describe('finding a guide', () => {
  it('searches from home, filters by language and price, sorts, opens a guide and comes back to the same list', async () => {
    const context = await newContext(browser, { viewport: DESKTOP });
    const page = await context.newPage();
    await searchFilterSortOpenAndComeBack(
      page,
      {
        locale: 'en',
        destination: 'Destination',
        typed: 'Pari',
        place: /Paris/,
        from: 'From',
        to: 'To',
        search: 'Search',
        searchForm: 'Search for a guide',
        german: 'German',
        maxPrice: 'Maximum per hour (USD)',
        sortBy: 'Sort by',
        filtersTitle: 'Filters',
      },
      'discovery-en-1280',
    );

    // A visitor who wants to message the guide is asked to log in and brought back.
    await page.getByRole('link', { name: fullName(AMELIE) }).click();
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.waitForURL((url) => url.pathname === '/en/auth/login');
    expect(new URL(page.url()).searchParams.get('returnTo')).toMatch(/^\/guides\/[0-9a-f-]{36}$/);

    // An unknown guide: the spec's message and a way to the others.
    await page.goto('/en/guides/0190a6f0-0000-7000-8000-000000000000');
    await page.getByRole('heading', { level: 1, name: 'Guide not found' }).waitFor();
    await page.getByRole('link', { name: 'Explore other guides' }).click();
    await page.waitForURL((url) => url.pathname === '/en/guides');
    await context.close();
  });

  it('does the same in Arabic, right to left, on a phone with the filters in a sheet', async () => {
    const context = await newContext(browser, { viewport: PHONE, acceptLanguage: 'ar' });
    const page = await context.newPage();
    await page.goto('/ar/');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await searchFilterSortOpenAndComeBack(
      page,
      {
        locale: 'ar',
        destination: 'الوجهة',
        typed: 'باري',
        place: /باريس/,
        from: 'من',
        to: 'إلى',
        search: 'بحث',
        searchForm: 'ابحث عن مرشد',
        german: 'الألمانية',
        maxPrice: 'الحد الأقصى في الساعة (USD)',
        sortBy: 'الترتيب حسب',
        filtersTitle: 'عوامل التصفية',
        openFilters: /^التصفية/,
        showResults: /^عرض النتائج/,
      },
      'discovery-ar-375',
    );
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await context.close();
  });
});
