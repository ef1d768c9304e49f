import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { renderRoutes, renderWithRouter } from '@/testing/render';
import { RouteErrorBoundary } from './route-error-boundary';
import { ServerErrorPage } from './server-error';

const REQUEST_ID = '0192f1e4-5b6a-7c3d-8e9f-0a1b2c3d4e5f';

describe('ServerErrorPage', () => {
  it('shows the request id as a reference the user can quote to support', () => {
    renderWithRouter(<ServerErrorPage requestId={REQUEST_ID} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Server Error' })).toBeInTheDocument();
    expect(screen.getByText(`Reference: ${REQUEST_ID}`)).toBeInTheDocument();
  });

  it('shows no reference when the failure named no request', () => {
    renderWithRouter(<ServerErrorPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Server Error' })).toBeInTheDocument();
    expect(screen.queryByText(/Reference:/)).not.toBeInTheDocument();
  });
});

function FailedCall(): null {
  throw new ApiError(500, 'SERVER_ERROR', 'Server error, try again later', undefined, REQUEST_ID);
}

describe('RouteErrorBoundary on a failed API call', () => {
  it('shows the server-error page with the X-Request-Id the failed call answered', async () => {
    // React reports errors caught by a boundary with console.error.
    vi.mocked(console.error).mockImplementation(() => {});
    renderRoutes(
      [{ path: '/:lng', ErrorBoundary: RouteErrorBoundary, children: [{ index: true, Component: FailedCall }] }],
      '/en',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Server Error' })).toBeInTheDocument();
    expect(screen.getByText(`Reference: ${REQUEST_ID}`)).toBeInTheDocument();
  });
});
