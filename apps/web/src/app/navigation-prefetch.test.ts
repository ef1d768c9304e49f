import { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction, RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { CURRENCIES, GUIDE_ID, guideDetail } from '@/features/discovery/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { ISTANBUL, searchResult, TURKEY } from '@/testing/search-fixtures';
import { prefetchOnNavigationWith } from './navigation-prefetch';
import { createAppRoutes } from './routes';

const DETAIL = `/api/app/user-detail-public/get-guide-user-detail-with-id/${GUIDE_ID}`;
const HOURS = `/api/app/user-guide-operation-public/user-guide-available-hours/${GUIDE_ID}`;
const REVIEWS = `/api/app/review-public/guide/${GUIDE_ID}`;

function pageRoute(path: string): RouteObject {
  const pages = createAppRoutes()
    .flatMap((route) => route.children ?? [])
    .flatMap((route) => route.children ?? []);
  const route = pages.find((page) => page.path === path);
  if (!route) throw new Error(`no route ${path}`);
  return route;
}

const profileRoute = () => pageRoute('guides/:guider');

/** The loader of the route at `path` as React Router calls it when a visitor navigates to `url`. */
function navigate(path: string, url: string, params: Record<string, string>) {
  const target = new URL(url, 'http://localhost');
  const loader = pageRoute(path).loader as LoaderFunction;
  return loader({ request: new Request(target), url: target, pattern: `/:lng/${path}`, params, context: {} });
}

const navigateToProfile = (guider = GUIDE_ID) =>
  navigate('guides/:guider', `/en/guides/${encodeURIComponent(guider)}`, { lng: 'en', guider });

function mockProfileApi() {
  return mockFetch({
    [`GET ${DETAIL}`]: guideDetail({ reviewCount: 2 }),
    [`GET ${HOURS}`]: { guideId: GUIDE_ID, timezone: 'Europe/Paris', data: [] },
    [`GET ${REVIEWS}`]: { data: [], page: 1, pageSize: 5, total: 0 },
    'GET /api/app/currency-public/get-currency-public': CURRENCIES,
  });
}

const askedFor = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);

describe('navigation prefetch', () => {
  afterEach(() => prefetchOnNavigationWith(null));

  it("asks for a guide's profile, free days and reviews as the navigation starts, without waiting for them", async () => {
    const fetchMock = mockProfileApi();
    const queryClient = new QueryClient();
    prefetchOnNavigationWith(queryClient);
    expect(navigateToProfile()).toBeNull();
    await expect.poll(() => askedFor(fetchMock)).toEqual(expect.arrayContaining([DETAIL, HOURS, REVIEWS]));
    await expect.poll(() => queryClient.getQueryState(['discovery', 'guide', GUIDE_ID, 'en'])?.status).toBe('success');
  });

  it('leaves the server its own prefetch: the loader asks for nothing there', async () => {
    const fetchMock = mockProfileApi();
    expect(navigateToProfile()).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
    // The server reads the same prefetch from the route before it renders the profile.
    expect(profileRoute().handle).toHaveProperty('prefetch');
  });

  it("asks for a destination's places and guides as the navigation starts; a city without a page is not found", async () => {
    const fetchMock = mockFetch({
      'GET /api/app/search-public/search-places': { data: [TURKEY, ISTANBUL] },
      'POST /api/app/search-public/search-guides-public': searchResult([]),
    });
    prefetchOnNavigationWith(new QueryClient());
    expect(navigate('explore/:city', '/en/explore/istanbul', { lng: 'en', city: 'istanbul' })).toBeNull();
    const searched = () => fetchMock.mock.calls.find(([input]) => String(input).includes('search-guides-public'));
    await expect.poll(() => String(searched()?.[1]?.body)).toContain(ISTANBUL.id);
    expect(() => navigate('explore/:city', '/en/explore/ankara', { lng: 'en', city: 'ankara' })).toThrow();
  });

  it('still answers not found for a blank guide id', () => {
    prefetchOnNavigationWith(new QueryClient());
    expect(() => navigateToProfile(' ')).toThrow();
  });
});
