import type { OverviewWeek, StaffOverview } from '@marco/contract/overview';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentUser } from '@/features/guides/testing/guide-fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';
import { StaffOverviewPage } from './staff-overview-page';

const week = (index: number, figures: Partial<OverviewWeek> = {}): OverviewWeek => {
  const monday = new Date(Date.UTC(2026, 2, 16) + index * 7 * 86_400_000);
  return {
    weekStart: monday.toISOString().slice(0, 10),
    isoWeek: `2026-W${String(12 + index).padStart(2, '0')}`,
    bookings: 0,
    cancelled: 0,
    cancellationRate: null,
    disputed: 0,
    disputeRate: null,
    money: [
      { currency: 'USD', grossMinor: 0, commissionMinor: 0 },
      { currency: 'TRY', grossMinor: 0, commissionMinor: 0 },
      { currency: 'EUR', grossMinor: 0, commissionMinor: 0 },
    ],
    ...figures,
  };
};

const overview = (last: Partial<OverviewWeek>[] = []): StaffOverview => ({
  weeks: Array.from({ length: 12 }, (_, index) => week(index, last[index - (12 - last.length)])),
  generatedAt: '2026-06-01T08:00:00.000Z',
});

const withBookings = overview([
  {
    bookings: 3,
    cancelled: 1,
    cancellationRate: 1 / 3,
    disputed: 1,
    disputeRate: 1 / 3,
    money: [
      { currency: 'USD', grossMinor: 10_000, commissionMinor: 0 },
      { currency: 'TRY', grossMinor: 415_000, commissionMinor: 0 },
      { currency: 'EUR', grossMinor: 0, commissionMinor: 0 },
    ],
  },
  {
    bookings: 1,
    cancelled: 0,
    cancellationRate: 0,
    disputed: 0,
    disputeRate: 0,
    money: [
      { currency: 'USD', grossMinor: 0, commissionMinor: 1500 },
      { currency: 'TRY', grossMinor: 0, commissionMinor: 0 },
      { currency: 'EUR', grossMinor: 0, commissionMinor: 0 },
    ],
  },
]);

function render(answer: unknown, lng = 'en') {
  mockFetch({
    'GET /api/auth/session': { user: currentUser({ roles: ['finance'] }) },
    'GET /api/app/staff/second-factor': { roles: ['finance'], enrolled: true, verified: true, recoveryCodesLeft: 10 },
    'GET /api/app/staff/overview': answer,
  });
  renderRoutes([{ path: '/:lng/staff/overview', Component: StaffOverviewPage }], `/${lng}/staff/overview`);
}

const tile = (label: string) => screen.getByText(label, { selector: 'dt' }).closest('div') as HTMLElement;

describe('StaffOverviewPage', () => {
  it('compares this week with last week in tiles, in the currency with the most money received', async () => {
    render(withBookings);
    expect(
      await screen.findByRole('heading', { name: 'This week (\u20662026-W23\u2069) against last week' }),
    ).toBeTruthy();
    expect(within(tile('Bookings')).getByText('1')).toBeTruthy();
    expect(within(tile('Bookings')).getByText('Last week: 3')).toBeTruthy();
    expect(within(tile('Gross value (TL)')).getByText('Last week: 4,150.00 TL')).toBeTruthy();
    expect(within(tile('Cancellation rate')).getByText(/^0\W*%/)).toBeTruthy();
    expect(within(tile('Cancellation rate')).getByText(/^Last week: 33\.3\W*%/)).toBeTruthy();
    expect(within(tile('Dispute rate')).getByText(/^Last week: 33\.3\W*%/)).toBeTruthy();
  });

  it('switches the money to another currency and lists every week in a table under each chart', async () => {
    render(withBookings);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'USD' }));
    expect(within(tile('Commission (USD)')).getByText('$15.00')).toBeTruthy();
    const money = screen.getByRole('table', { name: 'Gross value and commission per week (USD)' });
    const rows = within(money).getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(rows[11]?.textContent).toBe('\u20662026-W22\u2069 (from May 25)$100.00$0.00');
    const rates = screen.getByRole('table', { name: 'Cancellation and dispute rates per week' });
    expect(within(rates).getAllByRole('row')[1]?.textContent).toBe(
      '\u20662026-W12\u2069 (from Mar 16)No bookings0No bookings0',
    );
  });

  it('says there are no bookings yet instead of empty charts', async () => {
    render(overview());
    expect(await screen.findByText('No bookings yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('offers to try again when the figures cannot be loaded', async () => {
    render(() => jsonResponse({ error: { code: 'SERVER_ERROR', message: 'Down' } }, { status: 500 }));
    expect(await screen.findByRole('button', { name: /try again/i })).toBeTruthy();
  });
});
