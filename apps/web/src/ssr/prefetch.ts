import type { Locale } from '@marco/contract/locales';
import type { CurrencyCode } from '@marco/contract/reference';
import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';

/** What a page's server prefetch reads: the render's query client and the request the page renders. */
export interface PrefetchArgs {
  queryClient: QueryClient;
  url: URL;
  params: Params;
  locale: Locale;
  currency: CurrencyCode;
}

export type Prefetch = (args: PrefetchArgs) => Promise<unknown>;

/**
 * A route's `handle` on the server: the queries its page will ask for, fetched with the very
 * options the page's hooks use before the server renders it. With every query already
 * answered, the render's first pass is the page (docs/decisions/015); a query missed here is
 * still found by a discovery pass, so a prefetch only ever saves a pass.
 */
export interface PrefetchHandle {
  prefetch: Prefetch;
}

function isPrefetchHandle(handle: unknown): handle is PrefetchHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as PrefetchHandle).prefetch === 'function';
}

/** Runs the prefetch of every matched route at once; a failed one leaves its queries to the render. */
export async function prefetchMatches(
  matches: ReadonlyArray<{ route: { handle?: unknown }; params: Params }>,
  args: Omit<PrefetchArgs, 'params'>,
): Promise<void> {
  await Promise.all(
    matches.map(({ route, params }) =>
      isPrefetchHandle(route.handle) ? route.handle.prefetch({ ...args, params }).catch(() => undefined) : undefined,
    ),
  );
}
