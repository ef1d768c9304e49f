import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithRouter } from '@/testing/render';
import { AverageRatePage } from './average-rate-page';

const rate = (average: number, min: number, max: number, guideCount: number) => ({
  averageHourlyMinor: average,
  minHourlyMinor: min,
  maxHourlyMinor: max,
  guideCount,
});

describe('average hourly rates', () => {
  it('shows the averages by city and language in the visitor’s currency', async () => {
    const user = userEvent.setup();
    const asked: Array<string | null> = [];
    mockFetch({
      'GET /api/app/average-rate-public/get-average-rates': (url: URL) => {
        const currency = url.searchParams.get('currency');
        asked.push(currency);
        return jsonResponse({
          currency,
          overall: rate(currency === 'TRY' ? 243_750 : 7500, 2500, 12_000, 40),
          byCity: [
            {
              ...rate(6250, 2500, 11_500, 17),
              city: { id: 'c1', code: 'istanbul', name: 'Istanbul' },
              country: { id: 'tr', code: 'TR', name: 'Turkey' },
            },
          ],
          byLanguage: [{ ...rate(8000, 3000, 12_000, 23), language: { id: 'l1', code: 'de', name: 'German' } }],
        });
      },
    });
    renderWithRouter(<AverageRatePage />, { path: '/en/average-rate' });
    expect(await screen.findByTestId('average-overall')).toHaveTextContent('$75 / hour');
    expect(screen.getByRole('rowheader', { name: 'Istanbul, Turkey' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /German/ })).toHaveTextContent('$80');
    await user.click(screen.getByRole('radio', { name: 'TL' }));
    expect(await screen.findByText('2,437.50 TL / hour')).toBeInTheDocument();
    expect(asked).toEqual(['USD', 'TRY']);
  });

  it('says when no guide has a price yet', async () => {
    mockFetch({
      'GET /api/app/average-rate-public/get-average-rates': {
        currency: 'USD',
        overall: null,
        byCity: [],
        byLanguage: [],
      },
    });
    renderWithRouter(<AverageRatePage />, { path: '/en/average-rate' });
    expect(await screen.findByText('No prices yet')).toBeInTheDocument();
  });
});
