import { describe, expect, it } from 'vitest';
import { ApiError, isApiError } from '@/lib/api-client';
import {
  errorsFromWire,
  errorsToWire,
  isFinalError,
  readSsrPayload,
  SSR_PAYLOAD_ID,
  type SsrPayload,
  serializeSsrPayload,
} from './payload';

const payload: SsrPayload = {
  mode: 'hydrate',
  locale: 'ar',
  currency: 'EUR',
  consentBanner: false,
  namespaces: ['common', 'discovery'],
  router: { loaderData: { 0: null }, actionData: null, errors: null },
  queries: {
    mutations: [],
    queries: [
      {
        queryKey: ['discovery', 'guide', 'x'],
        queryHash: '["discovery","guide","x"]',
        dehydratedAt: 1,
        state: {
          data: { bio: '</script><script>alert(1)</script> <!-- \u2028' },
          dataUpdateCount: 1,
          dataUpdatedAt: 1,
          error: null,
          errorUpdateCount: 0,
          errorUpdatedAt: 0,
          fetchFailureCount: 0,
          fetchFailureReason: null,
          fetchMeta: null,
          isInvalidated: false,
          status: 'success',
          fetchStatus: 'idle',
        },
      },
    ],
  },
};

describe('the server rendering payload', () => {
  it('cannot close its script element or open a comment, whatever a guide writes', () => {
    const text = serializeSsrPayload(payload);
    expect(text).not.toContain('<');
    expect(text).not.toContain('\u2028');
  });

  it('reads back as it was written from the page', () => {
    document.body.innerHTML = `<script type="application/json" id="${SSR_PAYLOAD_ID}">${serializeSsrPayload(payload)}</script>`;
    expect(readSsrPayload()).toEqual(payload);
  });

  it("carries a guide's not-found answer to the client as the error the page tests for", () => {
    const notFound = new ApiError(404, 'GUIDE_NOT_FOUND', 'Guide not found', undefined, 'req-1');
    expect(isFinalError(notFound)).toBe(true);
    expect(isFinalError(new ApiError(500, 'SERVER_ERROR', 'Try again'))).toBe(false);
    const [query] = payload.queries.queries;
    const failed = structuredClone({
      ...payload,
      queries: { mutations: [], queries: [{ ...query, state: { ...query?.state, data: undefined, status: 'error' } }] },
    }) as SsrPayload;
    (failed.queries.queries[0]?.state as { error: unknown }).error = notFound;
    document.body.innerHTML = `<script type="application/json" id="${SSR_PAYLOAD_ID}">${serializeSsrPayload({
      ...failed,
      queries: errorsToWire(failed.queries),
    })}</script>`;
    const error = errorsFromWire((readSsrPayload() as SsrPayload).queries).queries[0]?.state.error;
    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({
      status: 404,
      code: 'GUIDE_NOT_FOUND',
      message: 'Guide not found',
      requestId: 'req-1',
    });
  });

  it('is absent on a page the client renders alone', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(readSsrPayload()).toBeNull();
  });
});
