import { DEFAULT_LOCALE, isLocale } from '@marco/contract/locales';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { currentCurrency } from '@/lib/currency';
import type { PrefetchHandle } from '@/ssr/prefetch';

/** What a page starts as a visitor navigates to it: its queries, and the code of the parts that show with them. */
export interface NavigationPrefetch {
  handle: PrefetchHandle;
  /** Loaded once the page's own code has come, which it would otherwise wait behind on a slow link. */
  preload?: () => Promise<unknown>;
  /** Throws the page's not-found for parameters it has no page for (by default, a blank one). */
  check?: (args: LoaderFunctionArgs) => unknown;
}

/** The browser's query client; never set on the server, which awaits its prefetch before it renders. */
let browserQueryClient: QueryClient | null = null;

export function prefetchOnNavigationWith(queryClient: QueryClient | null): void {
  browserQueryClient = queryClient;
}

/**
 * Starts a page's queries from its route's loader, which React Router runs beside the page's own
 * chunk, and its parts' code once the page's has come: the first visit to a guide's profile
 * asked for the guide only once its page's code had come and rendered, then for its calendar and
 * reviews once their code had come in turn, and showed them some 300 ms after that.
 * Not awaited: the page shows its own loading state meanwhile. A page the server rendered runs no
 * loader when it hydrates, so its first visit loads nothing more before it is interactive.
 */
export function prefetchOnNavigation(
  { handle, preload }: NavigationPrefetch,
  { request, params }: LoaderFunctionArgs,
  pageLoaded: Promise<unknown>,
) {
  if (!browserQueryClient) return;
  if (preload) void pageLoaded.then(preload).catch(() => undefined);
  void handle
    .prefetch({
      queryClient: browserQueryClient,
      url: new URL(request.url),
      params,
      locale: isLocale(params.lng) ? params.lng : DEFAULT_LOCALE,
      currency: currentCurrency(),
    })
    .catch(() => undefined);
}
