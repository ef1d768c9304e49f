import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithRouter } from '@/testing/render';
import { makeReservation, RESERVATION_ID, traveller } from '../testing/fixtures';
import { ReservationsPage } from './reservations-page';

const LIST = 'GET /api/app/reservation-operations-public/tourist/list';
const list = (data: unknown[]) => ({ data, page: 1, pageSize: 10, total: data.length });

describe('my reservations', () => {
  it('shows each reservation with its status label and opens its detail', async () => {
    mockFetch({
      'GET /api/auth/session': { user: traveller },
      [LIST]: list([
        makeReservation(),
        makeReservation({
          id: '0190a6f0-0000-7000-8000-0000000000e2',
          status: 'completed',
          review: { id: 'r', rating: 5 },
        }),
      ]),
    });
    renderWithRouter(<ReservationsPage />, { path: '/en/reservations' });
    const cards = await screen.findAllByTestId('reservation-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Awaiting approval');
    expect(cards[0]).toHaveTextContent('Hotel Pera, lobby');
    expect(cards[0]).toHaveTextContent('$100.00');
    expect(cards[1]).toHaveTextContent('Completed');
    expect(cards[1]).toHaveTextContent('Review submitted');
    expect(screen.getAllByRole('link', { name: 'Ayşe Yılmaz' })[0]).toHaveAttribute(
      'href',
      `/en/reservations/${RESERVATION_ID}`,
    );
  });

  it('asks the server for the group of the chosen tab', async () => {
    const user = userEvent.setup();
    const groups: Array<string | null> = [];
    mockFetch({
      [LIST]: (url: URL) => {
        groups.push(url.searchParams.get('group'));
        return jsonResponse(list([]));
      },
    });
    renderWithRouter(<ReservationsPage />, { path: '/en/reservations' });
    expect(await screen.findByText('You have no reservations yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find a guide' })).toHaveAttribute('href', '/en/guides');
    await user.click(screen.getByRole('link', { name: 'Awaiting' }));
    expect(await screen.findByText('No requests awaiting approval')).toBeInTheDocument();
    expect(groups).toEqual([null, 'awaiting']);
  });

  it('shows a failed load with a retry', async () => {
    const user = userEvent.setup();
    let calls = 0;
    mockFetch({
      [LIST]: () => {
        calls += 1;
        return calls === 1
          ? jsonResponse({ error: { code: 'SERVER_ERROR', message: 'down' } }, { status: 500 })
          : jsonResponse(list([makeReservation()]));
      },
    });
    renderWithRouter(<ReservationsPage />, { path: '/en/reservations' });
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('reservation-card')).toBeInTheDocument();
  });
});
