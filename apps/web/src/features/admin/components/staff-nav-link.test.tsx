import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentUser } from '@/features/guides/testing/guide-fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';
import { StaffNavLink, StaffPagesNav } from './staff-nav-link';

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'active' : '');

function Page() {
  return (
    <>
      <nav aria-label="header">
        <StaffNavLink className={linkClass} />
      </nav>
      <StaffPagesNav />
    </>
  );
}

function renderAt(path: string, roles: string[]) {
  mockFetch({ 'GET /api/auth/session': { user: currentUser({ roles }) } });
  renderRoutes(
    [
      { path: '/:lng/staff/*', Component: Page },
      { path: '/:lng/guides', Component: Page },
    ],
    path,
  );
}

describe('StaffNavLink and StaffPagesNav', () => {
  it('puts one console entry in the header and lists the pages a finance member reaches above a console page', async () => {
    renderAt('/en/staff/payouts', ['finance']);
    const header = within(screen.getByRole('navigation', { name: 'header' }));
    const entry = await header.findByRole('link', { name: 'Staff console' });
    expect(entry.getAttribute('href')).toBe('/en/staff/overview');
    expect(entry.className).toBe('active');
    const pages = within(await screen.findByRole('navigation', { name: 'Staff console' }));
    expect(pages.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Overview',
      'Reservation desk',
      'Disputes',
      'Payouts',
      'Exchange rates',
      'Recovery codes',
    ]);
    expect(pages.getByRole('link', { name: 'Payouts' }).getAttribute('aria-current')).toBe('page');
  });

  it('lists every page for an admin', async () => {
    renderAt('/en/staff/audit', ['admin']);
    const pages = within(await screen.findByRole('navigation', { name: 'Staff console' }));
    expect(pages.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Overview',
      'Reservation desk',
      'Disputes',
      'Guide reviews',
      'Moderation',
      'Users',
      'Payouts',
      'Exchange rates',
      'Staff',
      'Audit log',
      'Background jobs',
      'Recovery codes',
    ]);
  });

  it('shows no pages list outside the console', async () => {
    renderAt('/en/guides', ['support']);
    expect(await screen.findByRole('link', { name: 'Staff console' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Staff console' })).toBeNull();
  });

  it('shows nothing to a traveller, not even on a console address', async () => {
    renderAt('/en/staff/desk', []);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: 'Staff console' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Staff console' })).toBeNull();
  });
});
