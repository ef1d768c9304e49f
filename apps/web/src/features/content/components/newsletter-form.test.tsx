import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithRouter } from '@/testing/render';
import { NewsletterForm } from './newsletter-form';

async function subscribe(email: string) {
  const user = userEvent.setup();
  renderWithRouter(<NewsletterForm />, { path: '/tr/' });
  await user.type(screen.getByRole('textbox', { name: 'E-mail address' }), email);
  await user.click(screen.getByRole('button', { name: 'Subscribe' }));
}

describe('NewsletterForm', () => {
  it('posts the address and confirms with a success toast', async () => {
    const fetchMock = mockFetch({ 'POST /api/app/newsletter-public/subscribe': { status: 'pending' } });
    await subscribe('traveller@example.com');
    const region = screen.getByRole('region', { name: 'Notifications' });
    const toast = await within(region).findByRole('status');
    expect(toast).toHaveTextContent('Almost there');
    expect(toast).toHaveAttribute('data-color', 'success');
    const [, init] = fetchMock.mock.calls.at(-1) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'traveller@example.com', locale: 'tr' });
  });

  it('shows the error of the server as an error toast', async () => {
    mockFetch({
      'POST /api/app/newsletter-public/subscribe': () =>
        jsonResponse({ error: { code: 'TOO_MANY_ATTEMPTS', message: 'Slow down' } }, { status: 429 }),
    });
    await subscribe('traveller@example.com');
    const region = screen.getByRole('region', { name: 'Notifications' });
    const toast = await within(region).findByRole('status');
    expect(toast).toHaveTextContent('Too Many Attempts');
    expect(toast).toHaveAttribute('data-color', 'error');
  });

  it('says the subscription is confirmed when the confirm link lands here, then forgets it', async () => {
    renderWithRouter(<NewsletterForm />, { path: '/en/?newsletter=confirmed' });
    const region = screen.getByRole('region', { name: 'Notifications' });
    const toast = await within(region).findByRole('status');
    expect(toast).toHaveTextContent('You are subscribed');
    expect(toast).toHaveAttribute('data-color', 'success');
    expect(screen.getByTestId('location')).not.toHaveTextContent('newsletter');
  });

  it('says an expired confirm link no longer works', async () => {
    renderWithRouter(<NewsletterForm />, { path: '/tr/?newsletter=invalid' });
    const toast = await within(screen.getByRole('region', { name: 'Notifications' })).findByRole('status');
    expect(toast).toHaveAttribute('data-color', 'error');
  });
});
