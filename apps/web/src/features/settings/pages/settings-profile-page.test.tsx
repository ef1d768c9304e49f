import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { LocationDisplay, renderRoutes } from '@/testing/render';
import { SettingsProfilePage } from './settings-profile-page';

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
  timezone: 'Europe/Istanbul',
  concurrencyStamp: '0b9d5f8e-1c2a-4d3b-9e8f-7a6b5c4d3e2f',
  roles: [],
  profilePictureUrl: null,
};
const profile = {
  ...user,
  birthDate: '1990-05-01',
  about: 'Street food fan.',
  genderId: null,
  currencyId: null,
  notificationPreferences: { ads: false, messages: true, appUpdates: true },
  locale: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const failure = (status: number, code: string) => () => jsonResponse({ error: { code, message: code } }, { status });

function renderPage() {
  return renderRoutes(
    [
      { path: '/:lng/settings/profile', element: <SettingsProfilePage /> },
      { path: '/:lng/*', element: <LocationDisplay /> },
    ],
    '/en/settings/profile',
  );
}

describe('the profile settings', () => {
  it('sends the birth date as midnight UTC and confirms the save', async () => {
    const fetchMock = mockFetch({
      'GET /api/auth/session': { user },
      'GET /api/account/my-profile': profile,
      'PUT /api/account/my-profile': (_url: URL, init: RequestInit | undefined) =>
        jsonResponse({ ...profile, ...JSON.parse(String(init?.body)), birthDate: '1991-02-03' }),
    });
    renderPage();
    const events = userEvent.setup();
    const birthDate = await screen.findByLabelText('Birth date');
    expect(birthDate).toHaveValue('1990-05-01');
    expect(screen.getByText('+90 555 123 4567')).toBeInTheDocument();
    await events.clear(birthDate);
    await events.type(birthDate, '1991-02-03');
    await events.click(screen.getByRole('button', { name: 'Save changes' }));

    const toast = await within(screen.getByRole('region', { name: 'Notifications' })).findByRole('status');
    expect(toast).toHaveTextContent('Profile saved');
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({
      concurrencyStamp: profile.concurrencyStamp,
      birthDate: '1991-02-03T00:00:00.000Z',
      timezone: 'Europe/Istanbul',
      genderId: null,
    });
  });

  it('says when the profile changed elsewhere and reloads it on request', async () => {
    let saved = profile;
    mockFetch({
      'GET /api/auth/session': { user },
      'GET /api/account/my-profile': () => jsonResponse(saved),
      'PUT /api/account/my-profile': failure(409, 'STALE_UPDATE'),
    });
    renderPage();
    const events = userEvent.setup();
    await events.type(await screen.findByLabelText('About me'), ' And museums.');
    saved = { ...profile, about: 'Changed on my phone.', concurrencyStamp: '1c9d5f8e-1c2a-4d3b-9e8f-7a6b5c4d3e2f' };
    await events.click(screen.getByRole('button', { name: 'Save changes' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Changed elsewhere');
    await events.click(within(alert).getByRole('button', { name: 'Reload profile' }));
    await waitFor(() => expect(screen.getByLabelText('About me')).toHaveValue('Changed on my phone.'));
  });

  it('keeps the user signed in with an empty profile when the profile cannot be loaded', async () => {
    mockFetch({
      'GET /api/auth/session': { user },
      'GET /api/account/my-profile': failure(404, 'USER_NOT_FOUND'),
    });
    renderPage();
    expect(await screen.findByText(/could not be loaded completely/)).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Ayşe');
    expect(screen.getByLabelText('Birth date')).toHaveValue('');
  });

  it('signs out when the profile answers 403', async () => {
    mockFetch({
      'GET /api/auth/session': { user },
      'GET /api/account/my-profile': failure(403, 'FORBIDDEN'),
      'DELETE /api/auth/session': { success: true },
    });
    renderPage();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/en\/$/));
    const toast = await within(screen.getByRole('region', { name: 'Notifications' })).findByRole('status');
    expect(toast).toHaveTextContent('Session Expired');
  });
});
