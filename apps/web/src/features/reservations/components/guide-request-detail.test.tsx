import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithRouter } from '@/testing/render';
import { makeReservation, RESERVATION_ID } from '../testing/fixtures';
import { GuideRequestDetail } from './guide-request-detail';

const OPS = '/api/app/reservation-operations-public';
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

describe('a request as its guide sees it', () => {
  it('approves a pending request and offers message, call and e-mail', async () => {
    const user = userEvent.setup();
    const accept = vi.fn(() => jsonResponse(makeReservation({ status: 'approved' })));
    mockFetch({
      [`GET ${OPS}/guide/${RESERVATION_ID}`]: makeReservation(),
      [`PUT ${OPS}/${RESERVATION_ID}/accept-by-guide`]: accept,
    });
    renderWithRouter(<GuideRequestDetail id={RESERVATION_ID} />);
    expect(await screen.findByRole('heading', { name: 'Request from Emma Schneider' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Call/ })).toHaveAttribute('href', 'tel:+905330000000');
    expect(screen.getByRole('link', { name: /E-mail/ })).toHaveAttribute('href', 'mailto:emma@example.com');
    expect(screen.getByRole('button', { name: 'Send message' })).toBeInTheDocument();
    await user.click(screen.getByTestId('approve-request'));
    expect(await screen.findByTestId('reservation-status')).toHaveTextContent('Approved');
    expect(accept).toHaveBeenCalledTimes(1);
  });

  it('rejects only with a reason', async () => {
    const user = userEvent.setup();
    let body: unknown = null;
    mockFetch({
      [`GET ${OPS}/guide/${RESERVATION_ID}`]: makeReservation(),
      [`PUT ${OPS}/${RESERVATION_ID}/reject-by-guide`]: (_url: URL, init?: RequestInit) => {
        body = JSON.parse(String(init?.body));
        return jsonResponse(makeReservation({ status: 'rejected', rejectReason: 'I am away that week' }));
      },
    });
    renderWithRouter(<GuideRequestDetail id={RESERVATION_ID} />);
    await user.click(await screen.findByTestId('reject-request'));
    const dialog = screen.getByRole('dialog', { name: 'Reject this request?' });
    await user.click(within(dialog).getByTestId('confirm-reject'));
    expect(within(dialog).getByText('Please write a reason.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'I am away that week');
    await user.click(within(dialog).getByTestId('confirm-reject'));
    expect(await screen.findByText('I am away that week')).toBeInTheDocument();
    expect(body).toEqual({ reason: 'I am away that week' });
  });

  it('lets the guide confirm the tour only after its end', async () => {
    const user = userEvent.setup();
    const confirm = vi.fn(() => jsonResponse(makeReservation({ id: 'ended', status: 'completed' })));
    mockFetch({
      [`GET ${OPS}/guide/${RESERVATION_ID}`]: makeReservation({ status: 'paid', endsAt: hoursFromNow(5) }),
      [`GET ${OPS}/guide/ended`]: makeReservation({ id: 'ended', status: 'paid', endsAt: hoursFromNow(-1) }),
      [`PUT ${OPS}/ended/confirm-consumption`]: confirm,
    });
    const { unmount } = renderWithRouter(<GuideRequestDetail id={RESERVATION_ID} />);
    expect(await screen.findByTestId('confirm-consumption')).toBeDisabled();
    expect(screen.getByText(/You can confirm once the tour has ended/)).toBeInTheDocument();
    unmount();

    renderWithRouter(<GuideRequestDetail id="ended" />);
    await user.click(await screen.findByTestId('confirm-consumption'));
    await vi.waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(screen.getByTestId('reservation-status')).toHaveTextContent('Completed'));
  });
});
