import type { Locale } from '@marco/contract/locales';
import type { CurrencyCode } from '@marco/contract/reference';
import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import { ApiError, isApiError } from '@/lib/api-client';

/** The id of the JSON element the server writes beside the rendered page. */
export const SSR_PAYLOAD_ID = 'marco-ssr';

/**
 * What the client needs to take over a page the server rendered: `hydrate` for a public page
 * (the same tree, with the router's and the queries' data), `shell` for a members' page whose
 * header and skeleton the client replaces.
 */
export interface SsrPayload {
  mode: 'hydrate' | 'shell';
  locale: Locale;
  currency: CurrencyCode;
  /** Whether the page carries the cookie banner (a visitor who has not chosen yet). */
  consentBanner: boolean;
  /** The catalogs the server's render read, which the client loads before it hydrates. */
  namespaces: string[];
  router: HydrationState & { errors: Record<string, unknown> | null };
  queries: DehydratedState;
}

/**
 * JSON that is safe inside a `<script type="application/json">`: no `<` can close the element
 * or open a comment, and the two line separators JavaScript once refused are escaped too.
 * Data, not a script, so the page's Content-Security-Policy needs no hash or nonce for it.
 */
export function serializeSsrPayload(payload: SsrPayload): string {
  return JSON.stringify(payload)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The payload of the page the server rendered, or null (the dev server, a page without one). */
export function readSsrPayload(): SsrPayload | null {
  const element = document.getElementById(SSR_PAYLOAD_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as SsrPayload;
  } catch {
    return null;
  }
}

/**
 * An answer that the thing asked for does not exist (404, or 400 for a malformed id): asking
 * again changes nothing, so a page the server renders shows it at once instead of loading.
 */
export const isFinalError = (error: unknown): error is ApiError =>
  isApiError(error) && (error.status === 404 || error.status === 400);

interface WireError {
  __type: 'ApiError';
  status: number;
  code: ApiError['code'];
  message: string;
  details: unknown;
  requestId: string | null;
}

/** The dehydrated queries with their errors as JSON carries them (an Error's message is not an own field). */
export function errorsToWire(state: DehydratedState): DehydratedState {
  for (const query of state.queries) {
    const { error } = query.state;
    if (!isApiError(error)) continue;
    const wire: WireError = {
      __type: 'ApiError',
      status: error.status,
      code: error.code,
      message: error.message,
      details: error.details,
      requestId: error.requestId,
    };
    (query.state as { error: unknown }).error = wire;
  }
  return state;
}

/** The payload's query errors as the ApiError instances the pages test for. */
export function errorsFromWire(state: DehydratedState): DehydratedState {
  for (const query of state.queries) {
    const error = query.state.error as WireError | null;
    if (error?.__type !== 'ApiError') continue;
    (query.state as { error: unknown }).error = new ApiError(
      error.status,
      error.code,
      error.message,
      error.details,
      error.requestId,
    );
  }
  return state;
}
