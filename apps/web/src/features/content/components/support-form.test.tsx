import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithRouter } from '@/testing/render';
import { SupportForm } from './support-form';

const message = 'My reservation on 12 December shows the wrong meeting point.';

async function fillIn(user: ReturnType<typeof userEvent.setup>, { email = 'traveller@example.com' } = {}) {
  await user.selectOptions(screen.getByRole('combobox', { name: 'Topic' }), 'reservation');
  await user.type(screen.getByRole('textbox', { name: 'Your message' }), message);
  await user.type(screen.getByRole('textbox', { name: 'Your e-mail address' }), email);
}

const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));

describe('SupportForm', () => {
  it('names every missing field and sends nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({});
    renderWithRouter(<SupportForm />, { path: '/en/about' });
    await user.type(screen.getByRole('textbox', { name: 'Your message' }), 'Too short');
    await user.type(screen.getByRole('textbox', { name: 'Your e-mail address' }), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(screen.getByRole('combobox', { name: 'Topic' })).toHaveAccessibleDescription('Choose a topic.');
    expect(screen.getByRole('textbox', { name: 'Your message' })).toHaveAccessibleDescription(
      /Write at least 20 characters\./,
    );
    expect(screen.getByRole('textbox', { name: 'Your e-mail address' })).toHaveAccessibleDescription(
      'Enter a valid e-mail address, for example name@example.com.',
    );
    expect(screen.getByRole('combobox', { name: 'Topic' })).toHaveFocus();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/api/app/support-public/contact');
  });

  it('posts topic, message, e-mail and page as JSON, and confirms only what the server accepted', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({ 'POST /api/app/support-public/contact': () => new Response(null, { status: 204 }) });
    renderWithRouter(<SupportForm />, { path: '/en/about#support' });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await toasts().findByText('Message sent')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
    expect(String(url)).toBe('/api/app/support-public/contact');
    expect(JSON.parse(String(init?.body))).toEqual({
      topic: 'reservation',
      message,
      email: 'traveller@example.com',
      page: '/en/about#support',
    });
    expect(screen.getByRole('textbox', { name: 'Your message' })).toHaveValue('');
  });

  it('shows the real error when the call fails, and keeps what was typed', async () => {
    const user = userEvent.setup();
    mockFetch({
      'POST /api/app/support-public/contact': () =>
        jsonResponse({ error: { code: 'NOT_FOUND', message: 'Route not found' } }, { status: 404 }),
    });
    renderWithRouter(<SupportForm />, { path: '/en/about' });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    const toast = await toasts().findByRole('status');
    expect(toast).toHaveAttribute('data-color', 'error');
    expect(toast).not.toHaveTextContent('Message sent');
    expect(screen.getByRole('textbox', { name: 'Your message' })).toHaveValue(message);
  });

  it('puts a field error from the server on its field', async () => {
    const user = userEvent.setup();
    mockFetch({
      'POST /api/app/support-public/contact': () =>
        jsonResponse(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Invalid',
              details: { issues: [{ path: 'body.email', message: 'Invalid email' }] },
            },
          },
          { status: 400 },
        ),
    });
    renderWithRouter(<SupportForm />, { path: '/en/about' });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Enter a valid e-mail address, for example name@example.com.')).toBeInTheDocument();
  });

  it("prefills a signed-in member's e-mail address from the session", async () => {
    mockFetch({
      'GET /api/auth/session': {
        user: { id: '7a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d', userName: 'traveller', email: 'ayse@example.com' },
      },
    });
    renderWithRouter(<SupportForm />, { path: '/en/about' });
    expect(await screen.findByDisplayValue('ayse@example.com')).toHaveAccessibleName('Your e-mail address');
  });

  it('starts with the address it is given', () => {
    renderWithRouter(<SupportForm defaultEmail="member@example.com" />, { path: '/en/about' });
    expect(screen.getByRole('textbox', { name: 'Your e-mail address' })).toHaveValue('member@example.com');
  });
});
