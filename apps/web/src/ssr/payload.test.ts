import { describe, expect, it } from 'vitest';
import { readSsrPayload, SSR_PAYLOAD_ID, type SsrPayload, serializeSsrPayload } from './payload';

const payload: SsrPayload = {
  mode: 'hydrate',
  locale: 'ar',
  currency: 'EUR',
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

  it('is absent on a page the client renders alone', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(readSsrPayload()).toBeNull();
  });
});
