import type { ExchangeRates } from '@marco/contract/rates';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentUser } from '@/features/guides/testing/guide-fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';
import { StaffRatesPage } from './staff-rates-page';

const FINANCE = '0190a6f0-0000-7000-8000-0000000000f1';
const rates = (eur = 0.86): ExchangeRates => ({
  current: [
    { currency: 'USD', unitsPerUsd: 1, since: '2026-06-01T00:00:00.000Z' },
    { currency: 'TRY', unitsPerUsd: 41.5, since: '2026-06-01T00:00:00.000Z' },
    { currency: 'EUR', unitsPerUsd: eur, since: '2026-06-02T09:00:00.000Z' },
  ],
  scheduled: [],
  history: { data: [], page: 1, pageSize: 20, total: 0 },
});

function render(routes: Record<string, unknown> = {}) {
  const fetchMock = mockFetch({
    'GET /api/auth/session': { user: currentUser({ roles: ['finance'] }) },
    'GET /api/app/staff/second-factor': { roles: ['finance'], enrolled: true, verified: true, recoveryCodesLeft: 10 },
    'GET /api/app/staff/rates': rates(),
    ...routes,
  });
  renderRoutes([{ path: '/:lng/staff/rates', Component: StaffRatesPage }], '/en/staff/rates');
  return fetchMock;
}

const posts = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls.filter(([input, init]) => String(input).endsWith(path) && init?.method === 'POST');

describe('StaffRatesPage', () => {
  it('shows the rates in force and an empty history', async () => {
    render();
    expect(within(await screen.findByTestId('rate-EUR')).getByText('1 USD = 0.86 EUR')).toBeTruthy();
    expect(within(screen.getByTestId('rate-USD')).getByText(/Base currency/)).toBeTruthy();
    expect(screen.getByText('No rate has been changed yet')).toBeTruthy();
    expect(screen.getByText('No rate is scheduled.')).toBeTruthy();
  });

  it('refuses a rate of zero before sending it, then saves a good one', async () => {
    let eur = 0.86;
    const fetchMock = render({
      'GET /api/app/staff/rates': () => jsonResponse(rates(eur)),
      'POST /api/app/staff/rates': () => {
        eur = 0.9;
        return jsonResponse(rates(eur));
      },
    });
    const user = userEvent.setup();
    await screen.findByTestId('rate-EUR');
    await user.selectOptions(screen.getByLabelText('Currency'), 'EUR');
    const field = screen.getByLabelText('EUR per US dollar');
    await user.type(field, '0');
    await user.click(screen.getByRole('button', { name: 'Save rate' }));
    expect(await screen.findByText('Enter a rate greater than zero with at most 6 decimals')).toBeTruthy();
    expect(posts(fetchMock, '/staff/rates')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '0,9');
    await user.click(screen.getByRole('button', { name: 'Save rate' }));
    expect(await screen.findByText('The new rate is in force')).toBeTruthy();
    expect(JSON.parse(String(posts(fetchMock, '/staff/rates')[0]?.[1]?.body))).toEqual({
      currency: 'EUR',
      unitsPerUsd: 0.9,
    });
    await waitFor(() => expect(within(screen.getByTestId('rate-EUR')).getByText('1 USD = 0.9 EUR')).toBeTruthy());
  });

  it('names each bad line of a CSV file and sends nothing', async () => {
    const fetchMock = render();
    const user = userEvent.setup();
    await screen.findByTestId('rate-EUR');
    const file = new File(['currency,units_per_usd,effective_at\nTRY,42,\nEUR,-1,\nGBP,1,'], 'rates.csv', {
      type: 'text/csv',
    });
    await user.upload(screen.getByLabelText('CSV file'), file);
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const alert = within(await screen.findByRole('alert'));
    expect(alert.getByText(/Line 3: the rate must be a number greater than zero/)).toBeTruthy();
    expect(alert.getByText(/Line 4: the currency must be TRY or EUR/)).toBeTruthy();
    expect(posts(fetchMock, '/staff/rates/import')).toHaveLength(0);
  });

  it('imports a good file and says how many rates came in', async () => {
    const fetchMock = render({ 'POST /api/app/staff/rates/import': { imported: 2 } });
    const user = userEvent.setup();
    await screen.findByTestId('rate-EUR');
    const csv = 'currency,units_per_usd,effective_at\nTRY,42,\nEUR,0.91,2026-12-01T00:00:00Z\n';
    await user.upload(screen.getByLabelText('CSV file'), new File([csv], 'rates.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('2 rates imported')).toBeTruthy();
    expect(JSON.parse(String(posts(fetchMock, '/staff/rates/import')[0]?.[1]?.body))).toEqual({ csv });
  });

  it('keeps other staff roles out', async () => {
    mockFetch({
      'GET /api/auth/session': { user: currentUser({ id: FINANCE, roles: ['support'] }) },
      'GET /api/app/staff/second-factor': { roles: ['support'], enrolled: true, verified: true, recoveryCodesLeft: 10 },
    });
    renderRoutes([{ path: '/:lng/staff/rates', Component: StaffRatesPage }], '/en/staff/rates');
    expect(await screen.findByText('403')).toBeTruthy();
  });
});
