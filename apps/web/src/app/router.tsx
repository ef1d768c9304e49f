import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createAppRoutes } from './routes';

export type AppRouterInstance = ReturnType<typeof createBrowserRouter>;

/**
 * The browser's router, created once the first page's module (and its catalogs) has loaded:
 * hydration must render what the server rendered, and a page the client renders alone shows
 * at once instead of a spinner first.
 */
export async function createAppRouter(): Promise<AppRouterInstance> {
  const routes = createAppRoutes();
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = await route.lazy();
      Object.assign(route, module, { lazy: undefined });
    }),
  );
  // With the server's hydration data (main.tsx) this reads it from window.__staticRouterHydrationData.
  return createBrowserRouter(routes);
}

export function AppRouter({ router }: { router: AppRouterInstance }) {
  return <RouterProvider router={router} />;
}
