import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { LazyNotFoundPage, LazyServerErrorPage } from './lazy-error-pages';
import { OfflinePage } from './offline';

/** The HTTP status a thrown value carries, if any (route responses, ApiError, `{ status }`). */
export function statusOfError(error: unknown): number | null {
  if (isRouteErrorResponse(error)) return error.status;
  if (error && typeof error === 'object' && 'status' in error) {
    const { status } = error as { status: unknown };
    if (typeof status === 'number' && status >= 100) return status;
  }
  return null;
}

/**
 * spec §2/§8: status 500 and plain exceptions show the server-error page; any other status
 * shows the not-found page. Offline, the offline screen explains why a page did not load.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  // A page's code or data could not be fetched because there is no connection.
  if (typeof navigator !== 'undefined' && !navigator.onLine) return <OfflinePage />;
  const status = statusOfError(error);
  if (status !== null && status !== 500) return <LazyNotFoundPage />;
  return <LazyServerErrorPage requestId={isApiError(error) ? error.requestId : null} />;
}
