import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithRouter } from '@/testing/render';
import { makeReservation, RESERVATION_ID } from '../testing/fixtures';
import { CancelDialog, refundOf } from './cancel-dialog';

const HOUR = 3_600_000;
const startingIn = (ms: number) => new Date(Date.now() + ms).toISOString();

describe('the refund shown before cancelling (spec §9)', () => {
  const now = new Date('2026-06-10T12:00:00.000Z');
  const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
  const paid = (startsAt: string) => makeReservation({ status: 'paid', startsAt });

  it('refunds a paid reservation in full 24 hours or more before the start', () => {
    expect(refundOf(paid(at(24 * HOUR)), now)).toEqual({ isPaid: true, isFree: true, refundMinor: 10_000 });
    expect(refundOf(paid(at(24 * HOUR + 60_000)), now).refundMinor).toBe(10_000);
  });

  it('refunds nothing a minute inside the 24 hours', () => {
    expect(refundOf(paid(at(24 * HOUR - 60_000)), now)).toEqual({ isPaid: true, isFree: false, refundMinor: 0 });
  });

  it('has nothing to refund when nothing was paid', () => {
    expect(refundOf(makeReservation({ status: 'approved', startsAt: at(48 * HOUR) }), now).refundMinor).toBe(0);
  });
});

describe('the cancel dialog', () => {
  it('asks for a reason, warns it cannot be undone and shows the full refund', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    let body: unknown = null;
    mockFetch({
      [`PUT /api/app/reservation-operations-public/${RESERVATION_ID}/cancel-by-tourist`]: (
        _url: URL,
        init?: RequestInit,
      ) => {
        body = JSON.parse(String(init?.body));
        return jsonResponse(makeReservation({ status: 'cancelled', cancelReasonKey: 'other' }));
      },
    });
    renderWithRouter(
      <CancelDialog
        reservation={makeReservation({ status: 'paid', startsAt: startingIn(72 * HOUR) })}
        open
        onClose={onClose}
      />,
    );
    expect(screen.getByText('A cancellation cannot be undone.')).toBeInTheDocument();
    expect(screen.getByTestId('cancel-refund')).toHaveTextContent('$100.00 will be refunded in full');

    await user.click(screen.getByTestId('confirm-cancel'));
    expect(screen.getByText('Please select a reason.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Other' }));
    await user.click(screen.getByTestId('confirm-cancel'));
    expect(screen.getByText('Please tell us the reason.')).toBeInTheDocument();
    expect(body).toBeNull();

    await user.type(screen.getByLabelText(/Anything you want to add/), 'A family wedding');
    await user.click(screen.getByTestId('confirm-cancel'));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(body).toEqual({ reasonKey: 'other', reasonText: 'A family wedding' });
  });

  it('says no refund applies inside the last 24 hours', () => {
    renderWithRouter(
      <CancelDialog
        reservation={makeReservation({ status: 'paid', startsAt: startingIn(3 * HOUR) })}
        open
        onClose={() => {}}
      />,
    );
    expect(screen.getByTestId('cancel-refund')).toHaveTextContent('the $100.00 you paid cannot be refunded');
  });
});
