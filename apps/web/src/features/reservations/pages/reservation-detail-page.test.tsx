import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithRouter } from '@/testing/render';
import { makeReservation, RESERVATION_ID, traveller } from '../testing/fixtures';
import { ReservationDetailPage } from './reservation-detail-page';

const redirectTo = vi.hoisted(() => vi.fn());
vi.mock('@/features/payments/utils/redirect', () => ({ redirectTo }));

const OPS = '/api/app/reservation-operations-public';
const renderPage = () =>
  renderWithRouter(<ReservationDetailPage />, {
    path: `/en/reservations/${RESERVATION_ID}`,
    pattern: '/:lng/reservations/:id',
  });

describe('a reservation of mine', () => {
  it('pays an approved reservation on the provider’s checkout page', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/auth/session': { user: traveller },
      [`GET ${OPS}/tourist/${RESERVATION_ID}`]: makeReservation({ status: 'approved' }),
      [`PUT ${OPS}/${RESERVATION_ID}/pay`]: () =>
        new Response('https://checkout.example.test/cs_1', { headers: { 'content-type': 'text/plain' } }),
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Reservation with Ayşe Yılmaz' })).toBeInTheDocument();
    expect(screen.getByTestId('reservation-status')).toHaveTextContent('Approved');
    expect(screen.getByTestId('reservation-details')).toHaveTextContent('Hotel Pera, lobby');
    await user.click(screen.getByTestId('pay-reservation'));
    await vi.waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://checkout.example.test/cs_1'));
  });

  it('rates a completed tour once, then shows the review as submitted', async () => {
    const user = userEvent.setup();
    let reviewed = false;
    let review: Record<string, unknown> = {};
    mockFetch({
      'GET /api/auth/session': { user: traveller },
      [`GET ${OPS}/tourist/${RESERVATION_ID}`]: () =>
        jsonResponse(makeReservation({ status: 'completed', review: reviewed ? { id: 'rv1', rating: 4 } : null })),
      'POST /api/app/review-public/create': (_url: URL, init?: RequestInit) => {
        review = JSON.parse(String(init?.body));
        reviewed = true;
        return jsonResponse({ id: 'rv1', reservationId: RESERVATION_ID, rating: 4 });
      },
    });
    renderPage();
    expect(screen.queryByTestId('pay-reservation')).not.toBeInTheDocument();
    await user.click(await screen.findByTestId('rate-reservation'));
    const dialog = screen.getByRole('dialog', { name: 'Rate Ayşe Yılmaz' });
    await user.click(within(dialog).getByTestId('submit-review'));
    expect(within(dialog).getByText('Please choose from 1 to 5 stars.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: '4 stars' }));
    await user.type(within(dialog).getByLabelText(/Your comment/), 'Lovely morning');
    await user.click(within(dialog).getByTestId('submit-review'));

    expect(await screen.findByTestId('review-submitted')).toHaveTextContent('Review submitted');
    expect(review).toEqual({ reservationId: RESERVATION_ID, rating: 4, comment: 'Lovely morning', photoIds: [] });
    expect(screen.queryByTestId('rate-reservation')).not.toBeInTheDocument();
  });

  it('refuses photos that are not images', async () => {
    const user = userEvent.setup({ applyAccept: false });
    mockFetch({
      'GET /api/auth/session': { user: traveller },
      [`GET ${OPS}/tourist/${RESERVATION_ID}`]: makeReservation({ status: 'completed' }),
    });
    renderPage();
    await user.click(await screen.findByTestId('rate-reservation'));
    await user.upload(
      screen.getByTestId('review-photo-input'),
      new File(['%PDF'], 'ticket.pdf', { type: 'application/pdf' }),
    );
    expect(screen.getByText('Photos must be JPEG, PNG or WebP images.')).toBeInTheDocument();
  });

  it('does not offer cancelling a tour that has ended', async () => {
    mockFetch({
      'GET /api/auth/session': { user: traveller },
      [`GET ${OPS}/tourist/${RESERVATION_ID}`]: makeReservation({
        status: 'cancelled',
        cancelReasonKey: 'plans_changed',
        cancelReasonText: null,
      }),
    });
    renderPage();
    expect(await screen.findByText('My plans changed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel reservation' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send message' })).toBeInTheDocument();
  });
});
