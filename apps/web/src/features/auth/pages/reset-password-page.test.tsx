import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { LocationDisplay, renderRoutes } from '@/testing/render';
import { readReset, saveReset } from '../utils/auth-storage';
import { ForgotPasswordPage } from './forgot-password-page';
import { ResetPasswordPage } from './reset-password-page';

const ACCOUNT = '/api/account/custom-user-account';
const unauthorized = () => jsonResponse({ error: { code: 'UNAUTHORIZED', message: 'Sign in' } }, { status: 401 });
const codeSent = () => ({
  codeExpiresAt: new Date(Date.now() + 600_000).toISOString(),
  resendAvailableAt: new Date(Date.now() + 60_000).toISOString(),
  devOutbox: false,
});

function renderFlow(path: string) {
  return renderRoutes(
    [
      { path: '/:lng/auth/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/:lng/auth/reset-password', element: <ResetPasswordPage /> },
      { path: '/:lng/*', element: <LocationDisplay /> },
    ],
    path,
  );
}

afterEach(() => window.sessionStorage.clear());

describe('the forgotten-password flow', () => {
  it('goes on to the code step for any valid number, keeping only the number', async () => {
    const fetchMock = mockFetch({
      'GET /api/auth/session': unauthorized,
      [`POST ${ACCOUNT}/forgot-password`]: codeSent(),
    });
    renderFlow('/en/auth/forgot-password');
    const events = userEvent.setup();
    await events.type(await screen.findByLabelText('Phone number'), '555 123 45 67');
    await events.click(screen.getByRole('button', { name: 'Send code' }));

    expect(await screen.findByText(/If an account uses/)).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('forgot-password'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ phoneNumber: '+15551234567' });
    expect(readReset()).toMatchObject({ phoneNumber: '+15551234567' });
    expect(readReset()).not.toHaveProperty('userId');
  });

  it('confirms the code with the phone number and sets the password with the reset token alone', async () => {
    saveReset({ ...codeSent(), phoneNumber: '+905551234567' });
    const fetchMock = mockFetch({
      'GET /api/auth/session': unauthorized,
      [`POST ${ACCOUNT}/confirm-password-reset-code`]: {
        resetToken: 'reset-token-1',
        resetTokenExpiresAt: new Date(Date.now() + 1_800_000).toISOString(),
      },
      [`POST ${ACCOUNT}/reset-password`]: { success: true },
    });
    renderFlow('/en/auth/reset-password');
    const events = userEvent.setup();
    await events.type(await screen.findByLabelText('Verification code'), '123456');
    await events.click(screen.getByRole('button', { name: 'Continue' }));
    await events.type(await screen.findByLabelText('New password'), 'the quiet harbour at dawn');
    await events.type(screen.getByLabelText('Confirm password'), 'the quiet harbour at dawn');
    await events.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByTestId('location')).toHaveTextContent('/en/auth/login');
    const bodyOf = (path: string) =>
      JSON.parse(String(fetchMock.mock.calls.find(([url]) => String(url).includes(path))?.[1]?.body));
    expect(bodyOf('confirm-password-reset-code')).toEqual({ phoneNumber: '+905551234567', code: '123456' });
    expect(bodyOf('reset-password')).toEqual({ resetToken: 'reset-token-1', newPassword: 'the quiet harbour at dawn' });
    expect(readReset()).toBeNull();
  });

  it('refuses a new password of eight spaces before sending it', async () => {
    saveReset({ ...codeSent(), phoneNumber: '+905551234567', resetToken: 'reset-token-2' });
    const fetchMock = mockFetch({ 'GET /api/auth/session': unauthorized });
    renderFlow('/en/auth/reset-password');
    const events = userEvent.setup();
    await events.type(await screen.findByLabelText('New password'), '        ');
    await events.type(screen.getByLabelText('Confirm password'), '        ');
    await events.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByText('Password cannot be only spaces')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('reset-password'))).toBe(false);
  });
});
