import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeReservation, RESERVATION_ID } from '@/features/reservations/testing/fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithRouter } from '@/testing/render';
import { DashboardFigures } from './dashboard-figures';
import { PendingRequests } from './pending-requests';

const OPS = '/api/app/reservation-operations-public';

describe('the guide dashboard', () => {
  it('approves a pending request inline and the list moves on', async () => {
    const user = userEvent.setup();
    let approved = false;
    mockFetch({
      [`GET ${OPS}/guide/list`]: (url: URL) => {
        expect(url.searchParams.get('group')).toBe('awaiting');
        const data = approved ? [] : [makeReservation()];
        return jsonResponse({ data, page: 1, pageSize: 10, total: data.length });
      },
      [`PUT ${OPS}/${RESERVATION_ID}/accept-by-guide`]: () => {
        approved = true;
        return jsonResponse(makeReservation({ status: 'approved' }));
      },
    });
    renderWithRouter(<PendingRequests />, { path: '/en/guide-mode' });
    expect(await screen.findByRole('link', { name: 'Emma Schneider' })).toHaveAttribute(
      'href',
      `/en/guide-mode/${RESERVATION_ID}`,
    );
    await user.click(screen.getByRole('button', { name: 'Approve the request of Emma Schneider' }));
    expect(await screen.findByTestId('pending-empty')).toHaveTextContent('No requests are waiting for you');
  });

  it('shows clients, balance, active reservations, empty hours, pending requests and rating', async () => {
    mockFetch({
      'GET /api/app/guide-dashboard-public/summary': {
        clientsCount: 12,
        balances: [{ currency: 'TRY', amountMinor: 1_234_550 }],
        activeReservationsCount: 3,
        weeklyEmptyHours: 21,
        pendingRequestsCount: 2,
        rating: { average: 4.75, count: 9 },
      },
    });
    renderWithRouter(<DashboardFigures publicProfile="/guides/g1" />, { path: '/en/guide-mode' });
    expect(await screen.findByTestId('figure-clients')).toHaveTextContent('12');
    expect(screen.getByTestId('figure-balance')).toHaveTextContent('12,345.50 TL');
    expect(screen.getByTestId('figure-active')).toHaveTextContent('3');
    expect(screen.getByTestId('figure-empty-hours')).toHaveTextContent('21');
    expect(screen.getByTestId('figure-pending')).toHaveTextContent('2');
    expect(screen.getByTestId('figure-rating')).toHaveTextContent('4.8');
    expect(screen.getByText('9 reviews')).toBeInTheDocument();
  });
});
