import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Button } from '@/components/ui/button';
import { apiFetch } from '@/lib/api-client';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { LocationDisplay, renderRoutes } from '@/testing/render';
import { useUser } from '../hooks/use-user';
import { SessionSync } from './session-sync';

const user = {
  id: '7a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
  userName: 'traveller',
  name: 'Ayşe',
  surname: 'Yılmaz',
  phoneNumber: '+905551234567',
};

function Page() {
  const { user: current } = useUser();
  return (
    <>
      <SessionSync />
      <p>{current ? `Signed in as ${current.name}` : 'Visitor'}</p>
      <Button onClick={() => void apiFetch('/api/account/my-profile').catch(() => undefined)}>Load profile</Button>
      <LocationDisplay />
    </>
  );
}

const unauthorized = () => jsonResponse({ error: { code: 'UNAUTHORIZED', message: 'Sign in' } }, { status: 401 });

describe('SessionSync', () => {
  it('signs the user out when any call answers 401', async () => {
    const fetchMock = mockFetch({
      'GET /api/auth/session': { user },
      'GET /api/account/my-profile': unauthorized,
      'DELETE /api/auth/session': { success: true },
    });
    renderRoutes([{ path: '/:lng/*', element: <Page /> }], '/en/reservations');
    await screen.findByText('Signed in as Ayşe');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load profile' }));

    await screen.findByText('Visitor');
    const toast = await within(screen.getByRole('region', { name: 'Notifications' })).findByRole('status');
    expect(toast).toHaveTextContent('Session Expired');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/en\/$/));
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/session', expect.objectContaining({ method: 'DELETE' }));
  });

  it("leaves a visitor's 401 alone", async () => {
    mockFetch({ 'GET /api/auth/session': unauthorized });
    renderRoutes([{ path: '/:lng/*', element: <Page /> }], '/en/guides');
    await screen.findByText('Visitor');
    expect(within(screen.getByRole('region', { name: 'Notifications' })).queryByRole('status')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/en/guides');
  });
});
