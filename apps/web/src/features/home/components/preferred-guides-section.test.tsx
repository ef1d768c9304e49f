import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithRouter } from '@/testing/render';
import { guideCard, searchResult } from '@/testing/search-fixtures';
import { PreferredGuidesSection } from './preferred-guides-section';

const SEARCH = 'POST /api/app/search-public/search-guides-public';

describe('PreferredGuidesSection', () => {
  it('shows the top-rated guides and links to the whole list in that order', async () => {
    const guides = [
      guideCard({ name: 'Giulia', surname: 'Conti', rating: 4.9, reviewCount: 31 }),
      guideCard({ name: 'Ahmed', surname: 'Saleh', rating: null, reviewCount: 0, verified: false }),
    ];
    const fetch = mockFetch({ [SEARCH]: searchResult(guides) });
    renderWithRouter(<PreferredGuidesSection />, { path: '/en/' });

    const giulia = await screen.findByRole('link', { name: /Giulia Conti/ });
    expect(giulia).toHaveAttribute('href', `/en/guides/${guides[0]?.id}`);
    expect(giulia).toHaveTextContent('Verified');
    expect(giulia).toHaveTextContent('Rated 4.9 out of 5');
    expect(giulia).toHaveTextContent('(31 reviews)');
    expect(giulia).toHaveTextContent('Speaks Turkish and English');
    expect(screen.getByRole('link', { name: /Ahmed Saleh/ })).toHaveTextContent('New on Marco');
    expect(screen.getByRole('link', { name: 'View all guides' })).toHaveAttribute('href', '/en/guides?sort=rating');

    const [, init] = fetch.mock.calls.find(([url]) => String(url).includes('search-guides-public')) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ sort: 'rating', pageSize: 8, currency: 'USD', locale: 'en' });
  });

  it('invites locals to become guides while there are none', async () => {
    mockFetch({ [SEARCH]: searchResult([]) });
    renderWithRouter(<PreferredGuidesSection />, { path: '/en/' });
    expect(await screen.findByRole('link', { name: 'Become a guide' })).toHaveAttribute('href', '/en/beguide');
    expect(screen.queryByRole('link', { name: 'View all guides' })).toBeNull();
  });

  it('offers to try again when the guides cannot be loaded', async () => {
    let calls = 0;
    mockFetch({
      [SEARCH]: () => {
        calls += 1;
        return calls === 1
          ? jsonResponse({ error: { code: 'SERVER_ERROR', message: 'down' } }, { status: 500 })
          : jsonResponse(searchResult([guideCard({ name: 'Lena', surname: 'Weber' })]));
      },
    });
    const user = userEvent.setup();
    renderWithRouter(<PreferredGuidesSection />, { path: '/en/' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The guides could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Lena Weber/ })).toBeInTheDocument();
  });
});
