import type { RouteObject } from 'react-router';
import { LocaleLayout } from './layouts/locale-layout';
import { PageSkeleton } from './layouts/page-skeleton';

/**
 * What the server renders for a members' page (entry-server.tsx): the layout with its header,
 * and a skeleton where the page will be. The client renders the real route tree over it.
 */
export function createShellRoutes(): RouteObject[] {
  return [{ path: ':lng', Component: LocaleLayout, children: [{ path: '*', Component: PageSkeleton }] }];
}
