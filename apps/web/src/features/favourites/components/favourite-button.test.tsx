import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentUser } from '@/features/guides/testing/guide-fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithRouter } from '@/testing/render';
import { FavouriteButton } from './favourite-button';

const GUIDE_ID = '0195f3c2-1111-7000-8000-000000000001';

const renderHeart = () =>
  renderWithRouter(<FavouriteButton guideId={GUIDE_ID} guideName="Gül Kaya" variant="overlay" />, {
    path: '/en/guides',
  });

describe('FavouriteButton', () => {
  it('sends a visitor to log in and back to the guide with the heart asked for', async () => {
    const user = userEvent.setup();
    mockFetch({});
    renderHeart();
    const heart = await screen.findByRole('button', { name: 'Save Gül Kaya to favourites' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await user.click(heart);
    expect(screen.getByTestId('location')).toHaveTextContent(
      `/en/auth/login?returnTo=${encodeURIComponent(`/guides/${GUIDE_ID}?favourite=1`)}`,
    );
  });

  it('keeps the guide for a member, and puts the heart back when the server refuses to let go', async () => {
    const user = userEvent.setup();
    let keptIds: string[] = [];
    const fetch = mockFetch({
      'GET /api/auth/session': { user: currentUser() },
      'GET /api/app/favourite-public/guide-ids': () => jsonResponse({ data: keptIds }),
      [`PUT /api/app/favourite-public/guides/${GUIDE_ID}`]: () => {
        keptIds = [GUIDE_ID];
        return jsonResponse({ guideId: GUIDE_ID, isFavourite: true });
      },
      [`DELETE /api/app/favourite-public/guides/${GUIDE_ID}`]: () =>
        jsonResponse({ error: { code: 'SERVER_ERROR', message: 'down' } }, { status: 500 }),
    });
    renderHeart();
    await user.click(await screen.findByRole('button', { name: 'Save Gül Kaya to favourites' }));
    const kept = await screen.findByRole('button', { name: 'Remove Gül Kaya from favourites' });
    expect(kept).toHaveAttribute('aria-pressed', 'true');
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true);

    await user.click(kept);
    expect(await screen.findByText('Your favourites could not be updated. Please try again.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Remove Gül Kaya from favourites' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
  });
});
