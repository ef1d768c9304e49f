// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { renderPage, renderShell } from './entry-server';
import {
  CURRENCIES,
  GENDERS,
  GUIDE_ID,
  guideCard,
  guideDetail,
  LANGUAGES,
  SERVICE_CATALOG,
} from './features/discovery/testing/fixtures';
import { jsonResponse } from './testing/mock-fetch';
import { ISTANBUL, searchResult, TURKEY } from './testing/search-fixtures';

const GUIDE = guideDetail({ reviewCount: 1 });

/** The API as the server answers a visitor's page (its routes in process), by path. */
const ANSWERS: Record<string, unknown> = {
  '/api/auth/session': {},
  '/api/app/search-public/languages': { data: LANGUAGES },
  '/api/app/search-public/search-places': { data: [TURKEY, ISTANBUL] },
  '/api/app/gender-public/genders': GENDERS,
  '/api/app/service-type-public/get-all': SERVICE_CATALOG,
  '/api/app/currency-public/get-currency-public': CURRENCIES,
  '/api/app/search-public/search-guides-public': searchResult([guideCard({ name: 'Mehmet', surname: 'Kaya' })]),
  '/api/app/onboarding-content-public-public/get-onboarding-content-public': { data: [] },
  '/api/app/review-public/testimonials': { data: [] },
  [`/api/app/user-detail-public/get-guide-user-detail-with-id/${GUIDE_ID}`]: GUIDE,
  [`/api/app/user-guide-operation-public/user-guide-available-hours/${GUIDE_ID}`]: {
    timezone: 'Europe/Istanbul',
    data: [],
  },
  [`/api/app/review-public/guide/${GUIDE_ID}`]: { data: [], page: 1, pageSize: 5, total: 1 },
};

async function render(
  url: string,
  locale: 'en' | 'ar' | 'ru' = 'en',
  answers: Record<string, unknown> = {},
  sharedVersion?: string,
  visitor = true,
  consentBanner = false,
) {
  const asked: string[] = [];
  const page = await renderPage({
    url,
    origin: 'https://marco.example',
    locale,
    currency: 'USD',
    ...(sharedVersion === undefined ? {} : { sharedVersion }),
    visitor,
    consentBanner,
    callApi: async (input) => {
      const path = new URL(input, 'https://marco.example').pathname;
      asked.push(path);
      const answer = answers[path] ?? ANSWERS[path];
      return answer === undefined ? jsonResponse({ code: 'NOT_FOUND' }, { status: 404 }) : jsonResponse(answer);
    },
  });
  return { ...page, html: page.html.toString('utf8'), asked };
}

describe('the server renderer', () => {
  it.each([
    ['/en/', 'Find a local guide'],
    ['/en/guides?location=istanbul&maxPrice=80', 'Mehmet'],
    [`/en/guides/${GUIDE_ID}`, GUIDE.name ?? ''],
    ['/en/explore', 'Istanbul'],
    ['/en/explore/istanbul', 'Mehmet'],
    ['/en/blog', 'Blog'],
    ['/en/about', 'Marco'],
  ])('renders %s once: its routes fetched everything the page asks for first', async (url, text) => {
    const page = await render(url);
    expect(page.status).toBe(200);
    expect(page.passes).toBe(1);
    expect(page.html).toContain(text);
    // Each answer once: a prefetched query is not asked again by the render.
    expect(new Set(page.asked).size).toBe(page.asked.length);
  });

  it('renders the cookie banner into a page for a visitor who has not chosen, and loads its catalog first', async () => {
    const asking = await render('/en/', 'en', {}, undefined, true, true);
    expect(asking.html).toContain('Marco uses cookies that are strictly necessary');
    expect(JSON.parse(asking.payload)).toMatchObject({
      consentBanner: true,
      namespaces: expect.arrayContaining(['consent']),
    });
    const arabic = await render('/ar/', 'ar', {}, undefined, true, true);
    expect(arabic.html).toContain('رفض الكل');
    const chosen = await render('/en/', 'en', {}, undefined, true, false);
    expect(chosen.html).not.toContain('Marco uses cookies');
    expect(JSON.parse(chosen.payload)).toMatchObject({ consentBanner: false });
  });

  it('makes the place of the address an id before it searches, as the page does', async () => {
    const page = await render('/en/guides?location=istanbul');
    const payload = JSON.parse(page.payload) as { queries: { queries: Array<{ queryKey: unknown[] }> } };
    const search = payload.queries.queries.find((query) => query.queryKey[1] === 'search');
    expect(search?.queryKey[3]).toMatchObject({ location: { type: 'city', id: ISTANBUL.id } });
  });

  it('renders each page in its own language, however many renders came before in another', async () => {
    const english = await render('/en/guides');
    const arabic = await render('/ar/guides', 'ar');
    expect(english.html).toContain('Filters');
    expect(arabic.html).not.toContain('Filters');
    expect(arabic.html).toContain('عوامل التصفية');
  });

  it('reuses the reference lists of earlier renders of the same version, and asks again for a new one', async () => {
    const queriesOf = (payload: string) =>
      (JSON.parse(payload) as { queries: { queries: Array<{ queryKey: unknown[] }> } }).queries.queries.map((query) =>
        query.queryKey.slice(0, 2).join(' '),
      );
    const reference = ['/api/app/search-public/search-places', '/api/app/service-type-public/get-all'];
    const first = await render('/en/guides?maxPrice=90', 'en', {}, 'v1');
    expect(first.asked).toEqual(expect.arrayContaining(reference));

    const second = await render('/en/guides?maxPrice=70', 'en', {}, 'v1');
    expect(second.asked).toEqual(['/api/app/search-public/search-guides-public']);
    expect(second.html).toContain('Mehmet');
    // The client hydrates with the same lists the page was rendered with.
    expect(queriesOf(second.payload)).toEqual(queriesOf(first.payload));

    // A page that reads none of them carries none of them.
    expect(queriesOf((await render('/en/about', 'en', {}, 'v1')).payload)).not.toContain('reference places');

    const changed = await render('/en/guides?maxPrice=60', 'en', {}, 'v2');
    expect(changed.asked).toEqual(expect.arrayContaining(reference));
  });

  it('carries the service catalog to the client in the page’s language only', async () => {
    const page = await render('/en/guides');
    const payload = JSON.parse(page.payload) as {
      queries: { queries: Array<{ queryKey: unknown[]; state: { data: unknown } }> };
    };
    const catalog = payload.queries.queries.find((query) => query.queryKey[1] === 'service-types');
    expect(catalog?.state.data).toEqual({
      serviceTypes: SERVICE_CATALOG.data.map(({ id, key, name, set }) => ({ id, key, name, set })),
      serviceKinds: SERVICE_CATALOG.serviceKinds.map(({ id, key, name }) => ({ id, key, name })),
    });
  });

  it("asks for a member's session, and knows a visitor has none", async () => {
    const member = await render('/en/about', 'en', {}, undefined, false);
    expect(member.asked).toContain('/api/auth/session');
    const visitor = await render('/en/about');
    expect(visitor.asked).not.toContain('/api/auth/session');
    const session = (payload: string) =>
      (
        JSON.parse(payload) as { queries: { queries: Array<{ queryKey: unknown[]; state: unknown }> } }
      ).queries.queries.find((query) => query.queryKey.join(' ') === 'auth session')?.state;
    // The client hydrates the same answer either way: signed out.
    expect(session(visitor.payload)).toMatchObject({ status: 'success', data: null });
    expect(session(member.payload)).toMatchObject({ status: 'success', data: null });
    // A shell asks for nothing, and says nothing of a session the client will ask for itself.
    const shell = await renderShell({
      url: '/en/auth/login',
      origin: 'https://marco.example',
      locale: 'en',
      currency: 'USD',
      visitor: true,
      callApi: () => Promise.reject(new Error('a shell asks for nothing')),
    });
    expect(JSON.parse(shell.payload).queries.queries).toEqual([]);
  });

  it('words every count for its own page, whatever earlier renders counted', async () => {
    const withReviews = (...counts: number[]) => ({
      '/api/app/search-public/search-guides-public': searchResult(
        counts.map((reviewCount, index) =>
          guideCard({ id: `0190a6f0-0000-7000-8000-00000000010${index}`, reviewCount }),
        ),
      ),
    });
    const first = await render('/ru/guides', 'ru', withReviews(1, 3));
    const second = await render('/ru/guides?sort=rating', 'ru', withReviews(3, 5));
    expect(first.html).toContain('(1 отзыв)');
    expect(first.html).toContain('(3 отзыва)');
    expect(second.html).toContain('(3 отзыва)');
    expect(second.html).toContain('(5 отзывов)');
    expect(second.html).not.toContain('(1 отзыв)');
  });
});
