import { type ComponentType, lazy, Suspense } from 'react';
import { importWithNamespaces } from '@/i18n/i18n';
import { OfflinePage } from './offline';

/**
 * The not-found and server-error pages are seldom shown, so they load when they are. A page
 * that cannot load has lost the connection: the offline page, part of the shell, says so.
 */
const loadErrorPage = <Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): Promise<{ default: ComponentType<Props> }> =>
  importWithNamespaces(['errors'], load).then(
    (Component) => ({ default: Component }),
    () => ({ default: OfflinePage }),
  );

const NotFoundPage = lazy(() => loadErrorPage(() => import('./not-found').then((m) => m.NotFoundPage)));
const ServerErrorPage = lazy(() => loadErrorPage(() => import('./server-error').then((m) => m.ServerErrorPage)));

export function LazyNotFoundPage() {
  return (
    <Suspense fallback={null}>
      <NotFoundPage />
    </Suspense>
  );
}

export function LazyServerErrorPage({ requestId }: { requestId?: string | null }) {
  return (
    <Suspense fallback={null}>
      <ServerErrorPage requestId={requestId} />
    </Suspense>
  );
}
