import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { use } from 'react';
import { Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { LocationDisplay, renderRoutes } from '@/testing/render';
import { isSigningOut, useSignOut } from '../hooks/use-sign-out';
import { LoginPage } from '../pages/login-page';
import { RequireAuth } from './require-auth';

const user = {
  id: '7a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
  userName: 'traveller',
  email: null,
  emailConfirmed: false,
  name: 'Ayşe',
  surname: 'Yılmaz',
  phoneNumber: '+905551234567',
  phoneNumberConfirmed: true,
  isExternal: false,
  hasPassword: true,
  supportsMultipleTimezone: false,
  timezone: 'UTC',
  concurrencyStamp: '0b9d5f8e-1c2a-4d3b-9e8f-7a6b5c4d3e2f',
  roles: [],
  profilePictureUrl: null,
};

function LocationAndOutlet() {
  return (
    <>
      <Outlet />
      <LocationDisplay />
    </>
  );
}

/** Home takes a moment to render (its code or data still on the way), as a lazy page does. */
function SlowHome({ ready }: { ready: Promise<void> }) {
  use(ready);
  return <h1>Home</h1>;
}

function SignOutButton() {
  const signOut = useSignOut();
  return (
    <button type="button" onClick={() => void signOut({ quiet: true })}>
      Sign me out
    </button>
  );
}

function renderAt(path: string) {
  return renderRoutes(
    [
      {
        path: '/:lng',
        element: <LocationAndOutlet />,
        children: [
          { Component: RequireAuth, children: [{ path: 'settings', element: <h1>Members only</h1> }] },
          { path: 'auth/login', element: <LoginPage /> },
        ],
      },
    ],
    path,
  );
}

describe('RequireAuth', () => {
  it('sends a visitor to log in, remembering where they were', async () => {
    mockFetch({
      'GET /api/auth/session': () => jsonResponse({ error: { code: 'UNAUTHORIZED', message: 'no' } }, { status: 401 }),
    });
    renderAt('/ar/settings?tab=security#x');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/ar/auth/login?returnTo=%2Fsettings%3Ftab%3Dsecurity%23x',
      ),
    );
    expect(screen.queryByRole('heading', { name: 'Members only' })).not.toBeInTheDocument();
  });

  it('brings the visitor back after logging in', async () => {
    let signedIn = false;
    mockFetch({
      'GET /api/auth/session': () =>
        signedIn
          ? jsonResponse({ user })
          : jsonResponse({ error: { code: 'UNAUTHORIZED', message: 'no' } }, { status: 401 }),
      'POST /api/auth/login': () => {
        signedIn = true;
        return jsonResponse({ user });
      },
    });
    renderAt('/en/settings');
    const events = userEvent.setup();
    await events.type(await screen.findByLabelText('Phone number'), '+905551234567');
    await events.type(screen.getByLabelText('Password'), 'correct horse');
    await events.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Members only' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/en\/settings$/);
  });

  it('lets a sign-out take the user home even when the page renders again before home shows', async () => {
    mockFetch({ 'GET /api/auth/session': { user }, 'DELETE /api/auth/session': jsonResponse({ success: true }) });
    let showHome = () => {};
    const homeReady = new Promise<void>((resolve) => {
      showHome = resolve;
    });
    renderRoutes(
      [
        {
          path: '/:lng',
          element: <LocationAndOutlet />,
          children: [
            { index: true, element: <SlowHome ready={homeReady} /> },
            { Component: RequireAuth, children: [{ path: 'settings', element: <SignOutButton /> }] },
            { path: 'auth/login', element: <LoginPage /> },
          ],
        },
      ],
      '/en/settings',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Sign me out' }));
    await waitFor(() => expect(isSigningOut()).toBe(false));
    // The sign-out has finished, the settings page is still on screen and renders again.
    try {
      await act(() => i18n.changeLanguage('de'));
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
    await act(async () => showHome());
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/en\/$/);
  });

  it('shows the page to a signed-in user', async () => {
    mockFetch({ 'GET /api/auth/session': { user } });
    renderAt('/en/settings');
    expect(await screen.findByRole('heading', { name: 'Members only' })).toBeInTheDocument();
  });
});
