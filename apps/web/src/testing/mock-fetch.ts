import { vi } from 'vitest';

export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
}

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

/**
 * Replaces fetch with `routes`: `'GET /api/app/search-public/languages'` → handler. Unmatched
 * calls answer `{ data: [] }`. Returns the mock to inspect calls.
 */
export function mockFetch(routes: Record<string, Handler | unknown>) {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const route = routes[`${method} ${url.pathname}`];
    if (route === undefined) return jsonResponse({ data: [] });
    return typeof route === 'function' ? (route as Handler)(url, init) : jsonResponse(route);
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}
