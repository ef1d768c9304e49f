import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { ApiError, apiFetch, resolveApiUrl, setOnUnauthorized } from './api-client';

describe('resolveApiUrl', () => {
  it('puts relative paths under /api/app/ and keeps absolute ones', () => {
    expect(resolveApiUrl('search-public/languages')).toBe('/api/app/search-public/languages');
    expect(resolveApiUrl('/connect/token')).toBe('/connect/token');
  });

  it('appends query values, repeating arrays and skipping empty ones', () => {
    expect(resolveApiUrl('x', { a: 1, b: undefined, c: null, d: ['p', 'q'], e: true })).toBe(
      '/api/app/x?a=1&d=p&d=q&e=true',
    );
  });
});

describe('apiFetch', () => {
  afterEach(() => setOnUnauthorized(null));

  it('sends the client version and JSON, same-origin, and returns the parsed body', async () => {
    const fetchMock = mockFetch({ 'POST /api/app/newsletter-public/subscribe': { status: 'pending' } });
    await expect(
      apiFetch('newsletter-public/subscribe', { method: 'POST', body: { email: 'a@b.co' } }),
    ).resolves.toEqual({
      status: 'pending',
    });
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init?.credentials).toBe('same-origin');
    expect(init?.body).toBe('{"email":"a@b.co"}');
    expect(init?.headers).toMatchObject({ 'X-Client-Version': 'marco-app-1.0', 'Content-Type': 'application/json' });
  });

  it('validates with a schema when given', async () => {
    mockFetch({ 'GET /api/app/thing': { value: 2 } });
    const schema = { parse: (data: unknown) => (data as { value: number }).value * 10 };
    await expect(apiFetch('thing', { schema })).resolves.toBe(20);
  });

  it('throws the server error model as an ApiError', async () => {
    mockFetch({
      'GET /api/app/guide': () =>
        jsonResponse(
          { error: { code: 'GUIDE_NOT_FOUND', message: 'No guide', details: { id: 'x' } } },
          { status: 404 },
        ),
    });
    const error = await apiFetch('guide').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'GUIDE_NOT_FOUND', message: 'No guide', details: { id: 'x' } });
  });

  it('keeps the request id the server named in X-Request-Id, for support', async () => {
    mockFetch({
      'GET /api/app/broken': () =>
        jsonResponse(
          { error: { code: 'SERVER_ERROR', message: 'Server error, try again later' } },
          { status: 500, headers: { 'x-request-id': '0192f1e4-5b6a-7c3d-8e9f-0a1b2c3d4e5f' } },
        ),
      'GET /api/app/gateway': () => new Response('Bad gateway', { status: 502 }),
    });
    await expect(apiFetch('broken')).rejects.toMatchObject({
      code: 'SERVER_ERROR',
      requestId: '0192f1e4-5b6a-7c3d-8e9f-0a1b2c3d4e5f',
    });
    await expect(apiFetch('gateway')).rejects.toMatchObject({ status: 502, requestId: null });
  });

  it('falls back to SERVER_ERROR for a 5xx without the error model', async () => {
    mockFetch({ 'GET /api/app/boom': () => new Response('<html>Bad gateway</html>', { status: 502 }) });
    await expect(apiFetch('boom')).rejects.toMatchObject({ status: 502, code: 'SERVER_ERROR' });
  });

  it('reports NETWORK_ERROR when fetch itself fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiFetch('anything')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('calls the unauthorized hook on 401 and still throws', async () => {
    mockFetch({
      'GET /api/app/me': () => jsonResponse({ error: { code: 'UNAUTHORIZED', message: 'Log in' } }, { status: 401 }),
    });
    const onUnauthorized = vi.fn();
    setOnUnauthorized(onUnauthorized);
    await expect(apiFetch('me')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });
});
