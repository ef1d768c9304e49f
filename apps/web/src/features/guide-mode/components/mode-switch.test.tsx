import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { currentUser, GUIDE_ID } from '@/features/guides/testing/guide-fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithRouter } from '@/testing/render';
import { useGuideMode } from '../hooks/use-guide-mode';
import { GuideNavLinks } from './guide-nav-links';
import { ModeSwitch } from './mode-switch';

function Navigation() {
  const { mode } = useGuideMode();
  return (
    <>
      <ModeSwitch />
      <nav aria-label="Main">
        {mode === 'guide' ? <GuideNavLinks className={() => ''} /> : <a href="/en/guides">Guides</a>}
      </nav>
    </>
  );
}

function mockGuide(isGuide: boolean) {
  mockFetch({
    'GET /api/auth/session': { user: currentUser() },
    'GET /api/app/user-guide-operation-public/is-user-guide': {
      isGuide,
      guideId: isGuide ? GUIDE_ID : null,
      status: isGuide ? 'approved' : null,
      isActive: true,
    },
  });
}

describe('the traveller/guide mode switch', () => {
  afterEach(() => localStorage.clear());

  it('lets an approved guide switch to guide mode, remembered in localStorage, with the guide navigation', async () => {
    mockGuide(true);
    const user = userEvent.setup();
    renderWithRouter(<Navigation />, { path: '/en/' });

    const guide = await screen.findByRole('button', { name: 'Guide' });
    expect(screen.getByRole('button', { name: 'Traveller' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(guide);

    expect(guide).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem('marco.navigationMode')).toBe('guide');
    expect(screen.getByTestId('location')).toHaveTextContent('/en/guide-mode');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/en/guide-mode');
    expect(screen.getByRole('link', { name: 'Guide settings' })).toHaveAttribute('href', '/en/guide-settings');

    await user.click(screen.getByRole('button', { name: 'Traveller' }));
    expect(localStorage.getItem('marco.navigationMode')).toBe('traveller');
    expect(screen.getByTestId('location')).toHaveTextContent('/en/');
    expect(screen.getByRole('link', { name: 'Guides' })).toBeInTheDocument();
  });

  it('is not offered to users who are not approved guides, whatever was stored', async () => {
    localStorage.setItem('marco.navigationMode', 'guide');
    mockGuide(false);
    renderWithRouter(<Navigation />, { path: '/en/' });
    expect(await screen.findByRole('link', { name: 'Guides' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Guide' })).not.toBeInTheDocument();
  });
});
