import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider, useLocation } from 'react-router';
import { ToastProvider } from '@/components/ui/toast';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

export function TestProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient ?? createTestQueryClient()}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
}

/** Shows the router location so tests can assert navigations. */
export function LocationDisplay() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}${location.hash}`}</output>;
}

/** Renders `routes` in a memory router at `path`, inside the app's providers. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...result, router };
}

/** Renders one element at `path` (matched by `pattern`, default `/:lng/*`) with a location display. */
export function renderWithRouter(ui: ReactElement, { path = '/en/', pattern = '/:lng/*' } = {}) {
  return renderRoutes(
    [
      {
        path: pattern,
        element: (
          <>
            {ui}
            <LocationDisplay />
          </>
        ),
      },
    ],
    path,
  );
}
