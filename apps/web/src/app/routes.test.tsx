import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/testing/render';
import { RouteErrorBoundary } from './error-pages/route-error-boundary';
import { createAppRoutes } from './routes';

const notFoundHeading = { level: 1, name: 'Page Not Found' } as const;
// Lazily loaded parts (pages, the members-only guard, the footer) take a while on a busy machine.
const LOAD = { timeout: 5000 };

describe('app routes', () => {
  it('renders a page under its locale prefix, with the shell', async () => {
    renderRoutes(createAppRoutes(), '/en/guides');
    expect(await screen.findByRole('heading', { level: 1, name: 'Find your local guide' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Explore' })[0]).toHaveAttribute('href', '/en/explore');
    // The footer loads after the first paint.
    expect(await screen.findByRole('link', { name: 'Privacy policy' }, LOAD)).toHaveAttribute(
      'href',
      '/en/agreements#privacy',
    );
  });

  it('shows not-found in English for a prefix that is not a locale', async () => {
    renderRoutes(createAppRoutes(), '/xx/whatever');
    expect(await screen.findByRole('heading', notFoundHeading)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Homepage' })).toHaveAttribute('href', '/en/');
  });

  it('shows not-found for unknown paths', async () => {
    renderRoutes(createAppRoutes(), '/en/no/such/page');
    expect(await screen.findByRole('heading', notFoundHeading)).toBeInTheDocument();
  });

  it.each(['/en/messages/%20', '/en/reservations/%20%20', '/en/guides/%20', '/en/explore/%20'])(
    'shows not-found when the id of %s is blank',
    async (path) => {
      renderRoutes(createAppRoutes(), path);
      expect(await screen.findByRole('heading', notFoundHeading, LOAD)).toBeInTheDocument();
    },
  );

  it('shows not-found for an unknown policy', async () => {
    renderRoutes(createAppRoutes(), '/en/policy/unknown');
    expect(await screen.findByRole('heading', notFoundHeading)).toBeInTheDocument();
  });

  it('shows the cancellation policy', async () => {
    renderRoutes(createAppRoutes(), '/en/policy/cancellation');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cancellation policy' })).toBeInTheDocument();
  });

  it('redirects / to the preferred locale', async () => {
    const { router } = renderRoutes(createAppRoutes(), '/');
    await screen.findByRole('heading', { level: 1 });
    expect(router.state.location.pathname).toBe('/en/');
  });

  it('adds the locale prefix to a known page without one', async () => {
    const { router } = renderRoutes(createAppRoutes(), '/guides?location=paris');
    await screen.findByRole('heading', { level: 1, name: 'Find your local guide' });
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/en/guides?location=paris');
  });
});

let errorToThrow: unknown = null;

function Thrower(): null {
  throw errorToThrow;
}

describe('RouteErrorBoundary', () => {
  function renderThrowing(error: unknown) {
    // React reports errors caught by a boundary with console.error.
    vi.mocked(console.error).mockImplementation(() => {});
    errorToThrow = error;
    return renderRoutes(
      [{ path: '/:lng', ErrorBoundary: RouteErrorBoundary, children: [{ index: true, Component: Thrower }] }],
      '/en',
    );
  }

  it('shows the server-error page for a plain exception', async () => {
    renderThrowing(new Error('boom'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Server Error' })).toBeInTheDocument();
    expect(
      screen.getByText('Our server is currently experiencing issues. Please try again later.'),
    ).toBeInTheDocument();
  });

  it('shows the server-error page for status 500', async () => {
    renderThrowing(Object.assign(new Error('down'), { status: 500 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Server Error' })).toBeInTheDocument();
  });

  it('shows the not-found page for any other status', async () => {
    renderThrowing(Object.assign(new Error('gone'), { status: 403 }));
    expect(await screen.findByRole('heading', notFoundHeading)).toBeInTheDocument();
  });
});
