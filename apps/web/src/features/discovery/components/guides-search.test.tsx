import type { SearchGuides } from '@marco/contract/search';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { GuidesPage } from '@/features/guides/pages/guides-page';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { LocationDisplay, renderRoutes } from '@/testing/render';
import { GENDERS, GUIDE_ID, guideCard, LANGUAGES, PARIS, SERVICE_CATALOG } from '../testing/fixtures';

const SEARCH = '/api/app/search-public/search-guides-public';

type SearchHandler = (body: SearchGuides) => Response | Promise<Response>;

function renderGuides(path: string, search: SearchHandler = () => jsonResponse(result())) {
  const bodies: SearchGuides[] = [];
  const fetchMock = mockFetch({
    'GET /api/app/search-public/search-places': { data: [PARIS] },
    'GET /api/app/search-public/languages': { data: LANGUAGES },
    'GET /api/app/service-type-public/get-all': SERVICE_CATALOG,
    'GET /api/app/gender-public/genders': GENDERS,
    [`POST ${SEARCH}`]: (_url: URL, init: RequestInit | undefined) => {
      const body = JSON.parse(String(init?.body)) as SearchGuides;
      bodies.push(body);
      return search(body);
    },
  });
  renderRoutes(
    [
      {
        path: '/:lng/guides',
        element: (
          <>
            <GuidesPage />
            <LocationDisplay />
          </>
        ),
      },
    ],
    path,
  );
  return { fetchMock, bodies, lastBody: () => bodies.at(-1) };
}

function result(
  overrides: { total?: number; totalCapped?: boolean; page?: number; data?: ReturnType<typeof guideCard>[] } = {},
) {
  const data = overrides.data ?? [guideCard()];
  return {
    data,
    page: overrides.page ?? 1,
    pageSize: 12,
    total: overrides.total ?? data.length,
    totalCapped: overrides.totalCapped ?? false,
  };
}

const location = () => new URL(screen.getByTestId('location').textContent ?? '', 'http://localhost');

describe('guide list', () => {
  it('searches with the home search filters and shows result cards that link to the guide', async () => {
    const { lastBody } = renderGuides('/en/guides?location=paris&from=2026-12-01&to=2026-12-03&language=fr');
    const card = await screen.findByTestId('guide-card');
    expect(within(card).getByRole('link', { name: 'Camille Martin' })).toHaveAttribute(
      'href',
      `/en/guides/${GUIDE_ID}`,
    );
    expect(within(card).getByText('Paris, France')).toBeInTheDocument();
    expect(within(card).getByText('Verified')).toBeInTheDocument();
    expect(within(card).getByText('(12 reviews)')).toBeInTheDocument();
    expect(within(card).getByTestId('guide-card-price')).toHaveTextContent('$45');
    expect(screen.getByRole('heading', { level: 1, name: 'Local guides in Paris' })).toBeInTheDocument();
    expect(screen.getByText('1 guide')).toBeInTheDocument();
    expect(lastBody()).toMatchObject({
      location: { type: 'city', id: PARIS.id },
      dateFrom: '2026-12-01',
      dateTo: '2026-12-03',
      languages: ['fr'],
      currency: 'USD',
      sort: 'rating',
      page: 1,
      locale: 'en',
    });
  });

  it('puts a language filter and a sort into the URL and searches again', async () => {
    const user = userEvent.setup();
    const { lastBody } = renderGuides('/en/guides?location=paris');
    await screen.findByTestId('guide-card');

    await user.click(await screen.findByRole('checkbox', { name: 'German' }));
    await waitFor(() => expect(location().searchParams.getAll('language')).toEqual(['de']));
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Price: low to high');
    await waitFor(() => expect(location().searchParams.get('sort')).toBe('price_asc'));
    await waitFor(() => expect(lastBody()).toMatchObject({ languages: ['de'], sort: 'price_asc' }));
    expect(location().searchParams.get('location')).toBe('paris');
  });

  it('applies the maximum price on Enter, in minor units of the chosen currency', async () => {
    const user = userEvent.setup();
    const { lastBody } = renderGuides('/en/guides');
    await screen.findByTestId('guide-card');
    const price = screen.getByLabelText('Maximum per hour (USD)');
    await user.type(price, '5x');
    await user.keyboard('{Enter}');
    expect(screen.getByText('Enter a whole amount, for example 50.')).toBeInTheDocument();
    await user.clear(price);
    await user.type(price, '60{Enter}');
    await waitFor(() => expect(location().searchParams.get('maxPrice')).toBe('60'));
    await waitFor(() => expect(lastBody()).toMatchObject({ maxPriceMinor: 6000, currency: 'USD' }));
  });

  it('offers to clear the filters when nothing matches', async () => {
    const user = userEvent.setup();
    renderGuides('/en/guides?language=de&rating=4', (body) =>
      jsonResponse(body.languages ? result({ data: [], total: 0 }) : result()),
    );
    expect(await screen.findByText('No guides match your search')).toBeInTheDocument();
    const main = screen.getByRole('region', { name: /guides|Looking/ });
    await user.click(within(main).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location().search).toBe(''));
    expect(await screen.findByTestId('guide-card')).toBeInTheDocument();
  });

  it('shows a failed search with a retry', async () => {
    const user = userEvent.setup();
    let calls = 0;
    renderGuides('/en/guides', () => {
      calls += 1;
      return calls === 1
        ? jsonResponse({ error: { code: 'SERVER_ERROR', message: 'boom' } }, { status: 500 })
        : jsonResponse(result());
    });
    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('guide-card')).toBeInTheDocument();
  });

  it('pages through the results with the page in the URL', async () => {
    const user = userEvent.setup();
    const { lastBody } = renderGuides('/en/guides?sort=newest', (body) =>
      jsonResponse(result({ total: 30, page: body.page ?? 1 })),
    );
    await screen.findByTestId('guide-card');
    expect(screen.getByText('30 guides')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(location().searchParams.get('page')).toBe('2'));
    await waitFor(() => expect(lastBody()).toMatchObject({ page: 2, sort: 'newest' }));
    expect(await screen.findByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('says "1,000+" when the server stopped counting, and offers the page after the counted ones', async () => {
    renderGuides('/en/guides?language=en&page=84', (body) =>
      jsonResponse(result({ total: 1008, totalCapped: true, page: body.page ?? 1 })),
    );
    await screen.findByTestId('guide-card');
    expect(screen.getByText('1,008+ guides')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 85' })).toBeInTheDocument();
  });

  it('opens the filters in a sheet on a phone', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: false,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      })),
    );
    renderGuides('/en/guides?language=fr');
    await screen.findByTestId('guide-card');
    expect(screen.queryByRole('checkbox', { name: 'German' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Filters (1)' }));
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    await user.click(within(sheet).getByRole('checkbox', { name: 'German' }));
    await waitFor(() => expect(location().searchParams.getAll('language')).toEqual(['fr', 'de']));
    await user.click(within(sheet).getByRole('button', { name: 'Show results (1)' }));
    expect(screen.queryByRole('checkbox', { name: 'German' })).not.toBeInTheDocument();
  });
});
