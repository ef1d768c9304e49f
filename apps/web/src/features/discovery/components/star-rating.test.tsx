import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '@/testing/render';
import { RatingSummary, StarRating } from './star-rating';

describe('StarRating', () => {
  it('fills three and a half of five stars for 3.5, named for screen readers', () => {
    renderWithRouter(<StarRating value={3.5} />, { path: '/en/guides' });
    const rating = screen.getByRole('img', { name: 'Rated 3.5 out of 5' });
    // Three whole stars and their gaps (27 units each), then half of the fourth (24 units wide).
    expect(rating.querySelector('svg')).toHaveAttribute('width', String(3 * 27 + 12));
    expect(rating.querySelectorAll('use')).toHaveLength(10);
  });

  it('draws five grey stars and no fill for 0, and every star full for 5', () => {
    const { unmount } = renderWithRouter(<StarRating value={0} />, { path: '/en/guides' });
    expect(screen.getByRole('img').querySelector('svg')).toBeNull();
    unmount();
    renderWithRouter(<StarRating value={5} />, { path: '/en/guides' });
    expect(screen.getByRole('img').querySelector('svg')).toHaveAttribute('width', String(4 * 27 + 24));
  });

  it('shows the rating with its stars and the number of reviews, or "New on Marco" without reviews', () => {
    const { unmount } = renderWithRouter(<RatingSummary rating={4.8} reviewCount={12} />, { path: '/en/guides' });
    expect(screen.getByText('4.8')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rated 4.8 out of 5' })).toBeInTheDocument();
    unmount();
    renderWithRouter(<RatingSummary rating={null} reviewCount={0} />, { path: '/en/guides' });
    expect(screen.getByText('New on Marco')).toBeInTheDocument();
  });
});
