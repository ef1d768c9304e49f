import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithRouter } from '@/testing/render';
import { ReceiptsSection } from './receipts-section';

const ID = '0194f0c0-0000-7000-8000-0000000000aa';
const LIST = `GET /api/app/receipt-public/reservations/${ID}`;
const renderSection = (status: 'paid' | 'cancelled' | 'approved', lng = 'en') =>
  renderWithRouter(<ReceiptsSection reservation={{ id: ID, status }} />, {
    path: `/${lng}/reservations/${ID}`,
    pattern: '/:lng/reservations/:id',
  });

describe('the receipts of a reservation', () => {
  it('lists the payment and refund receipts, each a PDF link in the page language', async () => {
    mockFetch({
      [LIST]: {
        data: [
          { number: 7, kind: 'payment', amountMinor: 12_500, currency: 'USD', issuedAt: '2027-05-01T10:00:00Z' },
          { number: 9, kind: 'refund', amountMinor: 12_500, currency: 'USD', issuedAt: '2027-05-02T10:00:00Z' },
        ],
      },
    });
    renderSection('cancelled');
    const links = await screen.findAllByTestId('download-receipt');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      `/api/app/receipt-public/reservations/${ID}/7/receipt.pdf?locale=en`,
      `/api/app/receipt-public/reservations/${ID}/9/receipt.pdf?locale=en`,
    ]);
    expect(links[1]).toHaveAccessibleName('Download Refund receipt 000009 (PDF)');
    expect(screen.getByTestId('receipts')).toHaveTextContent('Payment receipt No. 000007');
    expect(screen.getByTestId('receipts')).toHaveTextContent('$125.00');
  });

  it('says a paid reservation’s receipt is on its way, and offers a retry when the list fails', async () => {
    let fail = true;
    mockFetch({
      [LIST]: () =>
        fail
          ? jsonResponse({ error: { code: 'INTERNAL', message: 'x' } }, { status: 500 })
          : jsonResponse({ data: [] }),
    });
    renderSection('paid');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your receipts could not be loaded.');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText(/Your receipt will appear here as soon as the payment is confirmed/),
    ).toBeInTheDocument();
  });

  it('shows nothing before payment', () => {
    mockFetch({});
    renderSection('approved');
    expect(screen.queryByTestId('receipts')).not.toBeInTheDocument();
  });
});
