import { LEGAL_VERSIONS } from '@marco/contract/legal';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONSENT_COOKIE, readConsent, resetConsentState, saveConsent } from '@/lib/consent';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithRouter } from '@/testing/render';
import { ConsentBanner } from '../components/consent-banner';

const member = {
  id: '7a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
  userName: 'traveller',
  name: 'Ayşe',
  surname: 'Yılmaz',
  phoneNumber: '+905551234567',
};
const URL = '/api/app/consent-public/my-consent';
const serverRecord = {
  choices: { personalisation: true, marketing: false, profiling: true },
  version: LEGAL_VERSIONS.cookies,
  time: '2030-01-01T10:00:00.000Z',
};

function clearConsent() {
  // biome-ignore lint/suspicious/noDocumentCookie: test clean-up of the cookie under test.
  document.cookie = `${CONSENT_COOKIE}=; Max-Age=0; Path=/`;
  resetConsentState();
}
beforeEach(clearConsent);
afterEach(clearConsent);

const putBodies = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .filter(([url, init]) => String(url) === URL && init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init?.body)));

describe('member consent on the server', () => {
  it("takes over a signed-in member's stored choice at sign-in, so the banner does not ask again", async () => {
    mockFetch({ 'GET /api/auth/session': { user: member }, [`GET ${URL}`]: { consent: serverRecord } });
    renderWithRouter(<ConsentBanner />);
    await waitFor(() => expect(readConsent()?.choices).toEqual(serverRecord.choices));
    expect(screen.queryByRole('region', { name: 'Your choice of cookies' })).not.toBeInTheDocument();
  });

  it('does not show the banner to a member while their stored choice is still loading', async () => {
    let answer: ((response: Response) => void) | undefined;
    mockFetch({
      'GET /api/auth/session': { user: member },
      [`GET ${URL}`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderWithRouter(<ConsentBanner />);
    await waitFor(() => expect(answer).toBeDefined());
    expect(screen.queryByRole('region', { name: 'Your choice of cookies' })).not.toBeInTheDocument();
    answer?.(jsonResponse({ consent: null }));
    expect(await screen.findByRole('region', { name: 'Your choice of cookies' })).toBeInTheDocument();
  });

  it("records a visitor's choice for the member who signs in after making it", async () => {
    await saveConsent({ personalisation: false, marketing: true, profiling: false });
    const fetchMock = mockFetch({
      'GET /api/auth/session': { user: member },
      [`GET ${URL}`]: { consent: null },
      [`PUT ${URL}`]: (_url: URL, init: RequestInit | undefined) =>
        jsonResponse({ ...JSON.parse(String(init?.body)), time: new Date().toISOString() }),
    });
    renderWithRouter(<ConsentBanner />);
    await waitFor(() =>
      expect(putBodies(fetchMock)).toEqual([
        { choices: { personalisation: false, marketing: true, profiling: false }, version: LEGAL_VERSIONS.cookies },
      ]),
    );
  });

  it("sends a signed-in member's new choice to the server", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'GET /api/auth/session': { user: member },
      [`GET ${URL}`]: { consent: null },
      [`PUT ${URL}`]: (_url: URL, init: RequestInit | undefined) =>
        jsonResponse({ ...JSON.parse(String(init?.body)), time: new Date().toISOString() }),
    });
    renderWithRouter(<ConsentBanner />);
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url) === URL)).toBe(true));
    await user.click(await screen.findByRole('button', { name: 'Reject all' }));
    await waitFor(() =>
      expect(putBodies(fetchMock)).toEqual([
        { choices: { personalisation: false, marketing: false, profiling: false }, version: LEGAL_VERSIONS.cookies },
      ]),
    );
  });

  it("keeps a visitor's choice in the cookie only", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({ 'GET /api/auth/session': () => jsonResponse({}, { status: 401 }) });
    renderWithRouter(<ConsentBanner />);
    await user.click(await screen.findByRole('button', { name: 'Accept all' }));
    expect(readConsent()?.choices.marketing).toBe(true);
    expect(fetchMock.mock.calls.some(([url]) => String(url) === URL)).toBe(false);
  });
});
