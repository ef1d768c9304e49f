import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { LocationDisplay, renderRoutes } from '@/testing/render';
import { readRegistration } from '../utils/auth-storage';
import { RegisterPage } from './register-page';

const unauthorized = () => jsonResponse({ error: { code: 'UNAUTHORIZED', message: 'Sign in' } }, { status: 401 });

function renderRegister(path = '/en/auth/register') {
  return renderRoutes(
    [
      { path: '/:lng/auth/register', element: <RegisterPage /> },
      { path: '/:lng/*', element: <LocationDisplay /> },
    ],
    path,
  );
}

afterEach(async () => {
  window.sessionStorage.clear();
  await i18n.changeLanguage('en');
});

describe('the sign-up form', () => {
  it('shows the validation messages of spec §5 at each field', async () => {
    mockFetch({ 'GET /api/auth/session': unauthorized });
    renderRegister();
    const events = userEvent.setup();
    await events.click(await screen.findByRole('button', { name: 'Send verification code' }));

    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription('First name is required');
    expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription('Last name is required');
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Terms of Use/ })).toHaveAccessibleDescription(
      'You must accept the Terms of Use',
    );
    expect(screen.getByRole('checkbox', { name: /Privacy Policy/ })).toHaveAccessibleDescription(
      'You must accept the Privacy Policy',
    );
  });

  it('refuses a malformed name and phone number', async () => {
    mockFetch({ 'GET /api/auth/session': unauthorized });
    renderRegister();
    const events = userEvent.setup();
    await events.type(await screen.findByLabelText('First name'), '123');
    await events.type(screen.getByLabelText('Last name'), '@@');
    await events.type(screen.getByLabelText('Phone number'), '12');
    await events.click(screen.getByRole('button', { name: 'Send verification code' }));

    expect(await screen.findByText('Valid first name required')).toBeInTheDocument();
    expect(screen.getByText('Valid last name required')).toBeInTheDocument();
    expect(screen.getByText('Valid phone number required')).toBeInTheDocument();
  });

  it('shows the messages in the language of the page', async () => {
    mockFetch({ 'GET /api/auth/session': unauthorized });
    await i18n.changeLanguage('tr');
    renderRegister('/tr/auth/register');
    const events = userEvent.setup();
    await events.click(await screen.findByRole('button', { name: 'Doğrulama kodu gönder' }));
    expect(await screen.findByText('Ad zorunludur')).toBeInTheDocument();
    expect(screen.getByText('Telefon numarası zorunludur')).toBeInTheDocument();
  });

  it('links the consents to the Terms of Use and the Privacy Policy', async () => {
    mockFetch({ 'GET /api/auth/session': unauthorized });
    renderRegister();
    expect(await screen.findByRole('link', { name: 'Terms of Use' })).toHaveAttribute('href', '/en/agreements');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/en/agreements#privacy');
  });

  it('sends the consents, keeps the sign-up for the next steps and goes to the code step', async () => {
    const codeSent = {
      userId: '7a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
      codeExpiresAt: new Date(Date.now() + 600_000).toISOString(),
      resendAvailableAt: new Date(Date.now() + 60_000).toISOString(),
      devOutbox: true,
    };
    const fetchMock = mockFetch({
      'GET /api/auth/session': unauthorized,
      'POST /api/app/custom-user-account-public/register-with-phone': codeSent,
    });
    renderRegister('/tr/auth/register');
    const events = userEvent.setup();
    await events.type(await screen.findByLabelText('First name'), 'Ayşe');
    await events.type(screen.getByLabelText('Last name'), 'Yılmaz');
    await events.type(screen.getByLabelText('Phone number'), '555 123 45 67');
    await events.click(screen.getByRole('checkbox', { name: /Terms of Use/ }));
    await events.click(screen.getByRole('checkbox', { name: /Privacy Policy/ }));
    await events.click(screen.getByRole('button', { name: 'Send verification code' }));

    expect(await screen.findByTestId('location')).toHaveTextContent('/tr/auth/phone/verify');
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('register-with-phone'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      phoneNumber: '+905551234567',
      name: 'Ayşe',
      surname: 'Yılmaz',
      extraProperties: { termsConsent: true, privacyConsent: true },
    });
    expect(readRegistration()).toMatchObject({ ...codeSent, phoneNumber: '+905551234567', name: 'Ayşe' });
  });
});
