import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '@/testing/render';
import { ResponseSummary } from './response-summary';

describe('ResponseSummary', () => {
  it('shows the median time and the rate on a card', () => {
    renderWithRouter(<ResponseSummary response={{ ratePercent: 95, medianMinutes: 130 }} variant="card" />, {
      path: '/en/guides',
    });
    expect(screen.getByTestId('guide-response')).toHaveTextContent('Responds within 3 hours · 95% response rate');
  });

  it('says minutes under an hour and days past two, and the rate over 90 days on a profile', () => {
    const { unmount } = renderWithRouter(
      <ResponseSummary response={{ ratePercent: 100, medianMinutes: 15 }} variant="profile" />,
      { path: '/en/guides' },
    );
    expect(screen.getByText('Responds within 15 minutes')).toBeInTheDocument();
    expect(screen.getByText('100% of requests answered within 24 hours (last 90 days)')).toBeInTheDocument();
    unmount();
    renderWithRouter(<ResponseSummary response={{ ratePercent: 40, medianMinutes: 3 * 24 * 60 }} variant="card" />, {
      path: '/en/guides',
    });
    expect(screen.getByTestId('guide-response')).toHaveTextContent('Responds within 3 days · 40% response rate');
  });

  it('shows only the rate when no request was answered', () => {
    renderWithRouter(<ResponseSummary response={{ ratePercent: 0, medianMinutes: null }} variant="card" />, {
      path: '/en/guides',
    });
    expect(screen.getByTestId('guide-response')).toHaveTextContent(/^0% response rate$/);
  });

  it('shows nothing below five requests', () => {
    renderWithRouter(<ResponseSummary response={null} variant="card" />, { path: '/en/guides' });
    expect(screen.queryByTestId('guide-response')).not.toBeInTheDocument();
  });
});
