import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeReservation, RESERVATION_ID, traveller } from '@/features/reservations/testing/fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithRouter } from '@/testing/render';
import { PaymentOutcome } from './payment-outcome';

vi.mock('../utils/redirect', () => ({ redirectTo: vi.fn() }));

const OPS = '/api/app/reservation-operations-public';
const paymentStatus = (reservationStatus: string, status: string) => ({
  reservationId: RESERVATION_ID,
  reservationStatus,
  payment: {
    id: '0190a6f0-0000-7000-8000-0000000000p1',
    provider: 'sandbox',
    status,
    amountMinor: 10_000,
    currency: 'USD',
    refundedMinor: 0,
    createdAt: '2026-05-01T10:00:00.000Z',
    paidAt: null,
    refundedAt: null,
  },
});

describe('coming back from the checkout', () => {
  it('re-checks the payment and shows the paid reservation', async () => {
    const recheck = vi.fn(() => jsonResponse(paymentStatus('paid', 'paid')));
    mockFetch({
      'GET /api/auth/session': { user: traveller },
      [`PUT ${OPS}/${RESERVATION_ID}/payment-complete`]: recheck,
      [`GET ${OPS}/tourist/${RESERVATION_ID}`]: makeReservation({ status: 'payment_pending' }),
    });
    renderWithRouter(<PaymentOutcome outcome="success" />, {
      path: `/en/payment/success?reservation=${RESERVATION_ID}`,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment received' })).toBeInTheDocument();
    expect(recheck).toHaveBeenCalled();
    expect(await screen.findByTestId('reservation-status')).toHaveTextContent('Paid');
    expect(screen.getByRole('link', { name: 'View reservation' })).toHaveAttribute(
      'href',
      `/en/reservations/${RESERVATION_ID}`,
    );
  });

  it('keeps asking while the provider has not confirmed yet', async () => {
    let calls = 0;
    mockFetch({
      [`PUT ${OPS}/${RESERVATION_ID}/payment-complete`]: () => {
        calls += 1;
        return jsonResponse(calls < 2 ? paymentStatus('payment_pending', 'open') : paymentStatus('paid', 'paid'));
      },
      [`GET ${OPS}/tourist/${RESERVATION_ID}`]: makeReservation({ status: 'payment_pending' }),
    });
    renderWithRouter(<PaymentOutcome outcome="success" />, {
      path: `/en/payment/success?reservation=${RESERVATION_ID}`,
    });
    expect(await screen.findByRole('heading', { name: 'Confirming your payment' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Payment received' }, { timeout: 4000 })).toBeInTheDocument();
  });

  it('offers to pay again after a failed payment', async () => {
    mockFetch({
      [`PUT ${OPS}/${RESERVATION_ID}/payment-complete`]: paymentStatus('approved', 'failed'),
      [`GET ${OPS}/tourist/${RESERVATION_ID}`]: makeReservation({ status: 'approved' }),
    });
    renderWithRouter(<PaymentOutcome outcome="failed" />, { path: `/en/payment/failed?reservation=${RESERVATION_ID}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment failed' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Try paying again' })).toBeInTheDocument();
  });

  it('explains a page opened without a reservation', async () => {
    renderWithRouter(<PaymentOutcome outcome="success" />, { path: '/en/payment/success' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Which reservation?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My reservations' })).toHaveAttribute('href', '/en/reservations');
  });
});
