import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentUser } from '@/features/guides/testing/guide-fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { LocationDisplay, renderRoutes } from '@/testing/render';
import { LoginPage } from './login-page';

function renderSignedIn(roles: string[], path: string) {
  mockFetch({ 'GET /api/auth/session': { user: currentUser({ roles }) } });
  renderRoutes(
    [
      { path: '/:lng/auth/login', Component: LoginPage },
      { path: '/:lng/*', Component: LocationDisplay },
    ],
    path,
  );
}

describe('LoginPage once signed in', () => {
  it('sends a member back to where they were going', async () => {
    renderSignedIn([], '/en/auth/login?returnTo=%2Fsettings');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/en/settings'));
  });

  it('sends staff to the second factor first, which then leads on', async () => {
    renderSignedIn(['finance'], '/tr/auth/login?returnTo=%2Fstaff%2Faudit');
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/tr/staff/verify?returnTo=%2Fstaff%2Faudit'),
    );
  });

  it('sends staff who asked for nothing to the second factor on the way to the review queue', async () => {
    renderSignedIn(['support'], '/en/auth/login');
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/en/staff/verify?returnTo=%2Fadmin%2Fguides'),
    );
  });
});
