import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentUser } from '@/features/guides/testing/guide-fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { LocationDisplay, renderRoutes } from '@/testing/render';
import { StaffHomePage } from './staff-home-page';

function renderAs(roles: string[], lng = 'en') {
  mockFetch({ 'GET /api/auth/session': { user: currentUser({ roles }) } });
  renderRoutes(
    [
      { path: '/:lng/staff', Component: StaffHomePage },
      { path: '/:lng/*', Component: LocationDisplay },
    ],
    `/${lng}/staff`,
  );
}

const location = () => screen.getByTestId('location').textContent;

describe('StaffHomePage', () => {
  it.each([
    [['support'], '/en/staff/overview'],
    [['finance'], '/en/staff/overview'],
    [['admin'], '/en/staff/overview'],
  ])('sends %j to the first console page they reach', async (roles, page) => {
    renderAs(roles);
    await waitFor(() => expect(location()).toBe(page));
  });

  it('keeps the language of the address', async () => {
    renderAs(['support'], 'ar');
    await waitFor(() => expect(location()).toBe('/ar/staff/overview'));
  });

  it('tells a traveller the area is for staff', async () => {
    renderAs([]);
    expect(await screen.findByRole('heading', { name: 'Access Forbidden' })).toBeTruthy();
    expect(screen.queryByTestId('location')).toBeNull();
  });
});
