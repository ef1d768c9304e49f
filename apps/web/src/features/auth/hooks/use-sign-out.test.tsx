import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from '@/components/ui/button';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { LocationDisplay, renderRoutes } from '@/testing/render';
import { saveRegistration, saveReset } from '../utils/auth-storage';
import { useSignOut } from './use-sign-out';

function SignOutButton() {
  const signOut = useSignOut();
  return <Button onClick={() => void signOut()}>Sign me out</Button>;
}

const codeSent = {
  userId: '7a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
  codeExpiresAt: new Date().toISOString(),
  resendAvailableAt: new Date().toISOString(),
  devOutbox: false,
};

afterEach(() => {
  vi.useRealTimers();
  window.sessionStorage.clear();
});

describe('signing out', () => {
  it('ends the session, forgets the stored flows, says so for 3 seconds and goes home', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockFetch({ 'DELETE /api/auth/session': jsonResponse({ success: true }) });
    saveRegistration({ ...codeSent, phoneNumber: '+905551234567' });
    saveReset({ ...codeSent, phoneNumber: '+905551234567' });
    window.sessionStorage.setItem('unrelated', 'kept');

    renderRoutes(
      [
        {
          path: '/:lng/*',
          element: (
            <>
              <SignOutButton />
              <LocationDisplay />
            </>
          ),
        },
      ],
      '/de/settings',
    );
    const events = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await events.click(screen.getByRole('button', { name: 'Sign me out' }));

    const region = screen.getByRole('region', { name: 'Notifications' });
    const toast = await within(region).findByRole('status');
    // The toast's look is a lazily loaded module: let its timer start before counting time.
    await act(async () => {});
    expect(toast).toHaveTextContent('Logged out');
    expect(toast).toHaveTextContent('You have been successfully logged out');
    expect(screen.getByTestId('location')).toHaveTextContent('/de/');
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/session', expect.objectContaining({ method: 'DELETE' }));
    expect(window.sessionStorage.getItem('marco.auth.registration')).toBeNull();
    expect(window.sessionStorage.getItem('marco.auth.reset')).toBeNull();
    expect(window.sessionStorage.getItem('unrelated')).toBe('kept');

    act(() => vi.advanceTimersByTime(2900));
    expect(within(region).getByRole('status')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(within(region).queryByRole('status')).not.toBeInTheDocument();
  });
});
