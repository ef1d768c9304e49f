import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { LocationDisplay, renderRoutes } from '@/testing/render';
import { LoginPage } from '../pages/login-page';

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

const unauthorized = () => jsonResponse({ error: { code: 'UNAUTHORIZED', message: 'Sign in' } }, { status: 401 });
const failure = (status: number, code: string, details?: unknown) =>
  jsonResponse({ error: { code, message: code, details } }, { status });

function renderLogin(path = '/en/auth/login') {
  return renderRoutes(
    [
      { path: '/:lng/auth/login', element: <LoginPage /> },
      { path: '/:lng/*', element: <LocationDisplay /> },
    ],
    path,
  );
}

async function logIn(password = 'correct horse') {
  const events = userEvent.setup();
  await events.type(await screen.findByLabelText('Phone number'), '5551234567');
  await events.type(screen.getByLabelText('Password'), password);
  await events.click(screen.getByRole('button', { name: 'Log in' }));
  return events;
}

describe('the login form', () => {
  it('sends the phone with its country code, the password and remember me, then goes back to returnTo', async () => {
    const fetchMock = mockFetch({
      'GET /api/auth/session': unauthorized,
      'POST /api/auth/login': { user },
    });
    renderLogin('/tr/auth/login?returnTo=%2Fsettings');
    const events = userEvent.setup();
    await events.type(await screen.findByLabelText('Phone number'), '0555 123 45 67');
    await events.type(screen.getByLabelText('Password'), 'correct horse');
    await events.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await events.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByTestId('location')).toHaveTextContent('/tr/settings');
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/auth/login'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      phoneNumber: '+905551234567',
      password: 'correct horse',
      rememberMe: true,
    });
  });

  it('says when the phone number or password is wrong', async () => {
    mockFetch({
      'GET /api/auth/session': unauthorized,
      'POST /api/auth/login': () => failure(401, 'INVALID_CREDENTIALS'),
    });
    renderLogin();
    await logIn('wrong password');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid phone number or password');
    expect(alert).toHaveTextContent('Check your phone number and password and try again.');
  });

  it('says until when a locked account stays locked', async () => {
    const lockedUntil = new Date(Date.now() + 15 * 60_000);
    mockFetch({
      'GET /api/auth/session': unauthorized,
      'POST /api/auth/login': () => failure(423, 'ACCOUNT_LOCKED', { lockedUntil: lockedUntil.toISOString() }),
    });
    renderLogin();
    await logIn();
    const alert = await screen.findByRole('alert');
    const time = new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit' }).format(lockedUntil);
    expect(alert).toHaveTextContent('Account Locked');
    expect(alert).toHaveTextContent(`Your account is locked until ${time}.`);
  });

  it('says how long to wait after too many attempts', async () => {
    mockFetch({
      'GET /api/auth/session': unauthorized,
      'POST /api/auth/login': () => failure(429, 'TOO_MANY_ATTEMPTS', { retryAfterSeconds: 125 }),
    });
    renderLogin();
    await logIn();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too Many Attempts');
    expect(alert).toHaveTextContent(/Please wait 2 min, [45] sec before trying again\./);
  });

  it('shows the validation messages at the fields without calling the server', async () => {
    const fetchMock = mockFetch({ 'GET /api/auth/session': unauthorized });
    renderLogin();
    const events = userEvent.setup();
    await events.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Phone number is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription('Phone number is required');
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/auth/login'))).toBe(false);
  });
});
