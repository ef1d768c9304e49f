import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { LocationDisplay, renderRoutes } from '@/testing/render';
import { LoginPage } from '../pages/login-page';
import { loadProviderSdk, type ProviderClient, SignInCancelled } from '../social/load-provider-sdk';

// The adapter boundary: the providers' SDKs never load in tests; each test decides what
// the provider's window answers.
vi.mock('../social/load-provider-sdk', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../social/load-provider-sdk')>()),
  loadProviderSdk: vi.fn(),
}));
const loadSdk = vi.mocked(loadProviderSdk);

const user = {
  id: '7a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
  userName: 'user_4f1c2a9b7d3e',
  email: 'deniz@example.com',
  emailConfirmed: true,
  name: 'Deniz',
  surname: 'Aydın',
  phoneNumber: null,
  phoneNumberConfirmed: false,
  isExternal: true,
  hasPassword: false,
  supportsMultipleTimezone: true,
  timezone: 'UTC',
  concurrencyStamp: '0b9d5f8e-1c2a-4d3b-9e8f-7a6b5c4d3e2f',
  roles: [],
  profilePictureUrl: null,
};
const signedIn = (isNewUser: boolean) => ({ user, isNewUser });

const PROVIDERS = 'GET /api/app/custom-external-login-public/providers';
const EXTERNAL_LOGIN = 'POST /api/app/custom-external-login-public/external-login-provider';
const unauthorized = () => jsonResponse({ error: { code: 'UNAUTHORIZED', message: 'Sign in' } }, { status: 401 });
const consentMissing = () =>
  jsonResponse(
    {
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Terms of Use must be accepted',
        details: { issues: [{ path: 'body.extraProperties.termsConsent', message: 'Terms of Use must be accepted' }] },
      },
    },
    { status: 400 },
  );

const client = (signIn: ProviderClient['signIn']): ProviderClient => ({ signIn });

function renderLogin(path = '/en/auth/login?returnTo=%2Freservations') {
  return renderRoutes(
    [
      { path: '/:lng/auth/login', element: <LoginPage /> },
      { path: '/:lng/*', element: <LocationDisplay /> },
    ],
    path,
  );
}

const postedBodies = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith('/external-login-provider'))
    .map(([, init]) => JSON.parse(String(init?.body)));

beforeEach(() => loadSdk.mockReset());

describe('social sign-in on the login page', () => {
  it('shows only the configured providers and loads no SDK before a click', async () => {
    mockFetch({
      'GET /api/auth/session': unauthorized,
      [PROVIDERS]: [{ provider: 'facebook', clientId: 'fb-app-id' }],
    });
    renderLogin();
    expect(await screen.findByRole('button', { name: 'Continue with Facebook' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue with Apple' })).not.toBeInTheDocument();
    expect(loadSdk).not.toHaveBeenCalled();
  });

  it('offers no social sign-in at all when none is configured', async () => {
    mockFetch({ 'GET /api/auth/session': unauthorized, [PROVIDERS]: [] });
    renderLogin();
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('or')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /Continue with/ })).not.toBeInTheDocument();
  });

  it("posts Google's ID token and goes back signed in", async () => {
    let credentials = 0;
    loadSdk.mockResolvedValue(
      client(({ container }) => {
        expect(container).toBeInstanceOf(HTMLElement);
        // The first call hands over the account picked with Google's button; later calls wait.
        return credentials++ === 0 ? Promise.resolve({ token: 'google-id-token' }) : new Promise(() => {});
      }),
    );
    const fetchMock = mockFetch({
      'GET /api/auth/session': unauthorized,
      [PROVIDERS]: [{ provider: 'google', clientId: 'marco-web.apps.googleusercontent.com' }],
      [EXTERNAL_LOGIN]: signedIn(false),
    });
    renderLogin();
    const events = userEvent.setup();
    await events.click(await screen.findByRole('checkbox', { name: 'Remember me' }));
    await events.click(screen.getByRole('button', { name: 'Continue with Google' }));

    expect(await screen.findByTestId('location')).toHaveTextContent('/en/reservations');
    expect(loadSdk).toHaveBeenCalledWith(
      { provider: 'google', clientId: 'marco-web.apps.googleusercontent.com' },
      'en',
    );
    expect(postedBodies(fetchMock)).toEqual([
      { provider: 'google', token: 'google-id-token', rememberMe: true, useCookie: true },
    ]);
  });

  it('asks a first-time user to accept the terms and privacy policy, then creates the account', async () => {
    loadSdk.mockResolvedValue(client(async () => ({ token: 'fb-access-token' })));
    let calls = 0;
    const fetchMock = mockFetch({
      'GET /api/auth/session': unauthorized,
      [PROVIDERS]: [{ provider: 'facebook', clientId: 'fb-app-id' }],
      [EXTERNAL_LOGIN]: () => (calls++ === 0 ? consentMissing() : jsonResponse(signedIn(true))),
    });
    renderLogin();
    const events = userEvent.setup();
    await events.click(await screen.findByRole('button', { name: 'Continue with Facebook' }));

    const dialog = await screen.findByRole('dialog', { name: 'Create your Marco account' });
    expect(dialog).toHaveTextContent('This is your first sign-in with Facebook.');
    await events.click(within(dialog).getByRole('button', { name: 'Create account' }));
    expect(within(dialog).getByText('You must accept the Terms of Use')).toBeInTheDocument();
    expect(postedBodies(fetchMock)).toHaveLength(1);

    await events.click(within(dialog).getByRole('checkbox', { name: /Terms of Use/ }));
    await events.click(within(dialog).getByRole('checkbox', { name: /Privacy Policy/ }));
    await events.click(within(dialog).getByRole('button', { name: 'Create account' }));

    expect(await screen.findByTestId('location')).toHaveTextContent('/en/auth/phone/onboard');
    expect(postedBodies(fetchMock)[1]).toEqual({
      provider: 'facebook',
      token: 'fb-access-token',
      extraProperties: { termsConsent: true, privacyConsent: true },
      rememberMe: false,
      useCookie: true,
    });
  });

  it('passes on the name Apple gives only at the first sign-in', async () => {
    loadSdk.mockResolvedValue(
      client(async () => ({ token: 'apple-id-token', userData: { name: 'Lale', surname: 'Demir' } })),
    );
    const fetchMock = mockFetch({
      'GET /api/auth/session': unauthorized,
      [PROVIDERS]: [{ provider: 'apple', clientId: 'com.marco.web', redirectUri: 'https://marco.example/auth/login' }],
      [EXTERNAL_LOGIN]: signedIn(false),
    });
    renderLogin();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Continue with Apple' }));
    await screen.findByTestId('location');
    expect(postedBodies(fetchMock)[0]).toMatchObject({ userData: { name: 'Lale', surname: 'Demir' } });
  });

  it('says nothing when the user closes the provider window', async () => {
    loadSdk.mockResolvedValue(
      client(async () => {
        throw new SignInCancelled('popup_closed_by_user');
      }),
    );
    const fetchMock = mockFetch({
      'GET /api/auth/session': unauthorized,
      [PROVIDERS]: [{ provider: 'apple', clientId: 'com.marco.web' }],
    });
    renderLogin();
    const button = await screen.findByRole('button', { name: 'Continue with Apple' });
    await userEvent.setup().click(button);

    await waitFor(() => expect(button).toBeEnabled());
    expect(loadSdk).toHaveBeenCalledTimes(1);
    expect(within(screen.getByRole('region', { name: 'Notifications' })).queryByRole('status')).toBeNull();
    expect(postedBodies(fetchMock)).toEqual([]);
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('says when the server cannot verify the sign-in', async () => {
    loadSdk.mockResolvedValue(client(async () => ({ token: 'fb-forged' })));
    mockFetch({
      'GET /api/auth/session': unauthorized,
      [PROVIDERS]: [{ provider: 'facebook', clientId: 'fb-app-id' }],
      [EXTERNAL_LOGIN]: () =>
        jsonResponse({ error: { code: 'EXTERNAL_LOGIN_FAILED', message: 'no' } }, { status: 401 }),
    });
    renderLogin();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Continue with Facebook' }));
    const toast = await within(screen.getByRole('region', { name: 'Notifications' })).findByRole('status');
    expect(toast).toHaveTextContent('External Login Failed');
    expect(toast).toHaveAttribute('data-color', 'error');
  });
});
