import { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction, RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { CURRENCIES, GUIDE_ID, guideDetail } from '@/features/discovery/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { prefetchOnNavigationWith } from './navigation-prefetch';
import { createAppRoutes } from './routes';

const DETAIL = `/api/app/user-detail-public/get-guide-user-detail-with-id/${GUIDE_ID}`;
const HOURS = `/api/app/user-guide-operation-public/user-guide-available-hours/${GUIDE_ID}`;
const REVIEWS = `/api/app/review-public/guide/${GUIDE_ID}`;

function profileRoute(): RouteObject {
  const pages = createAppRoutes()
    .flatMap((route) => route.children ?? [])
    .flatMap((route) => route.children ?? []);
  const route = pages.find((page) => page.path === 'guides/:guider');
  if (!route) throw new Error('no guide profile route');
  return route;
}

/** The route's loader as React Router calls it when a visitor navigates to a profile. */
function navigateToProfile(guider = GUIDE_ID) {
  const url = new URL(`http://localhost/en/guides/${encodeURIComponent(guider)}`);
  const loader = profileRoute().loader as LoaderFunction;
  return loader({
    request: new Request(url),
    url,
    pattern: '/:lng/guides/:guider',
    params: { lng: 'en', guider },
    context: {},
  });
}

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

  it('still answers not found for a blank guide id', () => {
    prefetchOnNavigationWith(new QueryClient());
    expect(() => navigateToProfile(' ')).toThrow();
  });
});
