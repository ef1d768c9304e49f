import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isRouteErrorResponse } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithRouter } from '@/testing/render';
import { guideCard, ISTANBUL, searchResult, TURKEY, VENICE } from '@/testing/search-fixtures';
import { exploreCityLoader } from '../api/prefetch-explore';
import { ExploreCityPage } from './explore-city-page';

const PLACES = { data: [TURKEY, ISTANBUL, VENICE] };
const SEARCH = 'POST /api/app/search-public/search-guides-public';

function renderCity(path = '/en/explore/istanbul') {
  return renderWithRouter(<ExploreCityPage />, { path, pattern: '/:lng/explore/:city' });
}

function loaderStatus(city: string): number | null {
  try {
    exploreCityLoader({ params: { lng: 'en', city }, request: new Request('http://x/'), context: {} } as never);
    return null;
  } catch (error) {
    return isRouteErrorResponse(error) ? error.status : ((error as { init?: { status?: number } }).init?.status ?? -1);
  }
}

describe('ExploreCityPage', () => {
  it('lets only the destination cities in: any other key is not found', () => {
    expect(loaderStatus('istanbul')).toBeNull();
    expect(loaderStatus('rothenburg')).toBeNull();
    expect(loaderStatus('atlantis')).toBe(404);
    expect(loaderStatus('Istanbul')).toBe(404);
  });

  it('shows the about text, attractions, gallery and the city’s guides', async () => {
    const guide = guideCard({ name: 'Mehmet', surname: 'Kaya' });
    const fetch = mockFetch({
      'GET /api/app/search-public/search-places': PLACES,
      [SEARCH]: searchResult([guide], 9),
    });
    renderCity();

    expect(await screen.findByRole('heading', { level: 1, name: 'Istanbul' })).toBeInTheDocument();
    expect(screen.getByText('Where Europe and Asia meet on the Bosphorus')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'About Istanbul' })).toBeInTheDocument();
    expect(screen.getByText(/capital of the Byzantine and Ottoman empires/)).toBeInTheDocument();

    const attractions = screen.getByRole('heading', { name: 'Top attractions' }).closest('section');
    const items = within(attractions as HTMLElement).getAllByRole('listitem');
    expect(items.length).toBeGreaterThanOrEqual(4);
    expect(within(attractions as HTMLElement).getByRole('heading', { name: 'Hagia Sophia' })).toBeInTheDocument();

    for (const caption of ['Istanbul at dawn', 'Istanbul by day', 'Istanbul at dusk', 'Istanbul at night']) {
      expect(screen.getByRole('img', { name: caption })).toBeInTheDocument();
    }

    const card = await screen.findByRole('link', { name: /Mehmet Kaya/ });
    expect(card).toHaveAttribute('href', `/en/guides/${guide.id}`);
    expect(card).toHaveTextContent('$45.00 / hour');
    expect(screen.getByRole('link', { name: 'See all 9 guides in Istanbul' })).toHaveAttribute(
      'href',
      '/en/guides?location=istanbul',
    );
    expect(screen.getByRole('link', { name: /Find a guide in Istanbul/ })).toHaveAttribute(
      'href',
      '/en/guides?location=istanbul',
    );

    const searchCall = fetch.mock.calls.find(([url]) => String(url).includes('search-guides-public'));
    expect(JSON.parse(String(searchCall?.[1]?.body))).toMatchObject({
      location: { type: 'city', id: ISTANBUL.id },
      sort: 'rating',
      currency: 'USD',
      locale: 'en',
    });
  });

  it('offers other guides and becoming a guide when the city has none yet', async () => {
    mockFetch({ 'GET /api/app/search-public/search-places': PLACES, [SEARCH]: searchResult([]) });
    renderCity('/en/explore/venice');
    expect(await screen.findByRole('heading', { name: 'No guides in Venice yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all guides' })).toHaveAttribute('href', '/en/guides');
    expect(screen.getByRole('link', { name: 'Become a guide' })).toHaveAttribute('href', '/en/beguide');
  });

  it('says when the guides cannot be loaded and tries again on request', async () => {
    let calls = 0;
    mockFetch({
      'GET /api/app/search-public/search-places': PLACES,
      [SEARCH]: () => {
        calls += 1;
        return calls === 1
          ? jsonResponse({ error: { code: 'SERVER_ERROR', message: 'boom' } }, { status: 500 })
          : jsonResponse(searchResult([guideCard({ name: 'Zeynep', surname: 'Demir' })]));
      },
    });
    const user = userEvent.setup();
    renderCity();
    expect(await screen.findByText('The guides could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Zeynep Demir/ })).toBeInTheDocument();
  });

  it('is written in Arabic on the Arabic site', async () => {
    mockFetch({ 'GET /api/app/search-public/search-places': PLACES, [SEARCH]: searchResult([]) });
    const { i18n } = await import('@/i18n/i18n');
    await i18n.changeLanguage('ar');
    try {
      renderCity('/ar/explore/istanbul');
      expect(await screen.findByRole('heading', { level: 1, name: 'إسطنبول' })).toBeInTheDocument();
      expect(screen.getByText('حيث تلتقي أوروبا وآسيا على مضيق البوسفور')).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'آيا صوفيا' })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
