import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithRouter } from '@/testing/render';
import { ISTANBUL, TURKEY, VENICE } from '@/testing/search-fixtures';
import { ExplorePage } from './explore-page';

describe('ExplorePage', () => {
  it('lists each destination with its country, summary and guide count', async () => {
    mockFetch({ 'GET /api/app/search-public/search-places': { data: [TURKEY, ISTANBUL, VENICE] } });
    renderWithRouter(<ExplorePage />, { path: '/en/explore' });

    const istanbul = await screen.findByRole('link', { name: /Istanbul/ });
    expect(istanbul).toHaveAttribute('href', '/en/explore/istanbul');
    expect(istanbul).toHaveTextContent('Turkey');
    expect(await screen.findByText('Where Europe and Asia meet on the Bosphorus')).toBeInTheDocument();
    expect(istanbul).toHaveTextContent('2 local guides');
    expect(screen.getByRole('link', { name: /Venice/ })).toHaveTextContent('Guides joining soon');
    expect(screen.queryByRole('link', { name: /Turkey$/ })).toBeNull();
  });

  it('says so when the destinations cannot be shown', async () => {
    mockFetch({ 'GET /api/app/search-public/search-places': { data: [] } });
    renderWithRouter(<ExplorePage />, { path: '/en/explore' });
    expect(
      await screen.findByText('Destinations are not available right now. Please check back soon.'),
    ).toBeInTheDocument();
  });
});
