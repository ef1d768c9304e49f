import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { LocationDisplay, renderRoutes } from '@/testing/render';
import { SettingsProfilePage } from '../pages/settings-profile-page';
import { EmailConfirmationNotice } from './email-confirmation-notice';

const user = {
  id: '7a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
  userName: 'traveller',
  email: 'ayse@example.com',
  emailConfirmed: false,
  name: 'Ayşe',
  surname: 'Yılmaz',
  phoneNumber: '+905551234567',
  phoneNumberConfirmed: true,
  isExternal: false,
  hasPassword: true,
  supportsMultipleTimezone: true,
  timezone: 'UTC',
  concurrencyStamp: '0b9d5f8e-1c2a-4d3b-9e8f-7a6b5c4d3e2f',
  roles: [],
  profilePictureUrl: null,
};
const profile = {
  ...user,
  birthDate: null,
  about: null,
  genderId: null,
  currencyId: null,
  notificationPreferences: { ads: false, messages: true, appUpdates: true },
  locale: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const failure = (status: number, code: string) => () => jsonResponse({ error: { code, message: code } }, { status });
const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));

function renderProfilePage() {
  return renderRoutes([{ path: '/:lng/settings/profile', element: <SettingsProfilePage /> }], '/en/settings/profile');
}

function renderLanding(path: string) {
  return renderRoutes(
    [
      {
        path: '/:lng/settings',
        element: (
          <>
            <EmailConfirmationNotice />
            <LocationDisplay />
          </>
        ),
      },
    ],
    path,
  );
}

describe("the e-mail address's confirmation", () => {
  it('shows an unconfirmed address and resends the link on request', async () => {
    const fetchMock = mockFetch({
      'GET /api/auth/session': { user },
      'GET /api/account/my-profile': profile,
      'POST /api/account/email-confirmation/send': {
        email: 'ayse@example.com',
        expiresAt: '2026-01-02T00:00:00.000Z',
      },
    });
    renderProfilePage();
    expect(await screen.findByText('Not confirmed')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Resend confirmation' }));

    const toast = await toasts().findByRole('status');
    expect(toast).toHaveTextContent('Confirmation link sent');
    expect(toast).toHaveTextContent('Check ayse@example.com.');
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/email-confirmation/send'))).toBe(true);
  });

  it('shows a confirmed address without a resend button', async () => {
    mockFetch({
      'GET /api/auth/session': { user: { ...user, emailConfirmed: true } },
      'GET /api/account/my-profile': { ...profile, emailConfirmed: true },
    });
    renderProfilePage();
    expect(await screen.findByText('Confirmed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend confirmation' })).not.toBeInTheDocument();
  });

  it('says when resending is refused for too many tries', async () => {
    mockFetch({
      'GET /api/auth/session': { user },
      'GET /api/account/my-profile': profile,
      'POST /api/account/email-confirmation/send': failure(429, 'TOO_MANY_ATTEMPTS'),
    });
    renderProfilePage();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Resend confirmation' }));
    const toast = await toasts().findByRole('status');
    expect(toast).toHaveTextContent('Too Many Attempts');
    expect(toast).toHaveAttribute('data-color', 'error');
  });

  it('tells the user a new address gets a link when it is saved', async () => {
    mockFetch({
      'GET /api/auth/session': { user: { ...user, email: null } },
      'GET /api/account/my-profile': { ...profile, email: null },
      'PUT /api/account/my-profile': (_url: URL, init: RequestInit | undefined) =>
        jsonResponse({ ...profile, email: JSON.parse(String(init?.body)).email, emailConfirmed: false }),
    });
    renderProfilePage();
    const events = userEvent.setup();
    await events.type(await screen.findByLabelText('E-mail address'), 'new@example.com');
    await events.click(screen.getByRole('button', { name: 'Save e-mail address' }));
    const toast = await toasts().findByRole('status');
    expect(toast).toHaveTextContent('E-mail address saved');
    expect(toast).toHaveTextContent('Check new@example.com.');
    expect(await screen.findByText('Not confirmed')).toBeInTheDocument();
  });

  it('confirms the address from the link and takes the token out of the address bar', async () => {
    const fetchMock = mockFetch({
      'GET /api/auth/session': { user },
      'POST /api/account/email-confirmation/confirm': { ...profile, emailConfirmed: true },
    });
    renderLanding('/en/settings?confirm-email=link-token&tab=x');

    expect(await screen.findByText('E-mail address confirmed')).toBeInTheDocument();
    expect(screen.getByText('ayse@example.com is now confirmed.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/en\/settings\?tab=x$/);
    const calls = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/email-confirmation/confirm'));
    expect(calls.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([{ token: 'link-token' }]);
  });

  it('says when the link has expired', async () => {
    mockFetch({
      'GET /api/auth/session': { user },
      'POST /api/account/email-confirmation/confirm': failure(400, 'VERIFICATION_CODE_EXPIRED'),
    });
    renderLanding('/en/settings?confirm-email=old-token');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This confirmation link has expired');
    expect(alert).toHaveTextContent('Links work for 24 hours.');
  });

  it('says when the link is used, unknown or not this account’s', async () => {
    mockFetch({
      'GET /api/auth/session': { user },
      'POST /api/account/email-confirmation/confirm': failure(400, 'VERIFICATION_FAILED'),
    });
    renderLanding('/en/settings?confirm-email=used-token');
    expect(await screen.findByRole('alert')).toHaveTextContent('This confirmation link is not valid');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/en\/settings$/));
  });
});
