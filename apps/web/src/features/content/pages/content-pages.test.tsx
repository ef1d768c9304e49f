import { LEGAL_VERSIONS } from '@marco/contract/legal';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createAppRoutes } from '@/app/routes';
import { renderRoutes } from '@/testing/render';

// Pages and their Markdown load lazily; a busy parallel run can take longer than the default second.
const LOAD = { timeout: 5000 };

const notFound = { level: 1, name: 'Page Not Found' } as const;

describe('content pages', () => {
  it.each([
    ['cancellation', 'Cancellation policy', 'When you cancel as a traveller'],
    ['cookies', 'Cookie policy', 'Strictly necessary cookies'],
    ['community', 'Community rules', 'Respect'],
    ['payments', 'Payments policy', 'When you pay'],
  ])('shows the %s policy with its text and version', async (slug, title, firstSection) => {
    renderRoutes(createAppRoutes(), `/en/policy/${slug}`);
    expect(await screen.findByRole('heading', { level: 1, name: title }, LOAD)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: firstSection }, LOAD)).toBeInTheDocument();
    expect(screen.getByText('Version 2026-11-01')).toBeInTheDocument();
  });

  it.each(['refunds', 'unknown', 'COOKIES'])('shows the not-found page for the policy %s', async (slug) => {
    renderRoutes(createAppRoutes(), `/en/policy/${slug}`);
    expect(await screen.findByRole('heading', notFound, LOAD)).toBeInTheDocument();
  });

  it('opens the cookie settings from the cookie policy', async () => {
    const user = userEvent.setup();
    renderRoutes(createAppRoutes(), '/en/policy/cookies');
    const main = await screen.findByRole('main', {}, LOAD);
    await user.click(await within(main).findByRole('button', { name: 'Cookie settings' }, LOAD));
    expect(await screen.findByRole('dialog', { name: 'Cookie and message settings' }, LOAD)).toBeInTheDocument();
  });

  it('shows the three agreements with the privacy policy at #privacy', async () => {
    renderRoutes(createAppRoutes(), '/en/agreements#privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Agreements' }, LOAD)).toBeInTheDocument();
    for (const name of ['Terms of use', 'Privacy policy', 'Guide agreement']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(screen.getByRole('region', { name: 'Privacy policy' })).toHaveAttribute('id', 'privacy');
    expect(await screen.findByRole('heading', { level: 3, name: '1. Who we are' }, LOAD)).toBeInTheDocument();
    expect(screen.getAllByText(`Version ${LEGAL_VERSIONS.terms}`)).toHaveLength(3);
  });

  it('shows the data-protection notice with a table of contents and the rights section', async () => {
    renderRoutes(createAppRoutes(), '/en/agreements/kvkk');
    expect(await screen.findByRole('heading', { level: 1, name: 'Data protection notice' }, LOAD)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: '7. Your rights' }, LOAD)).toHaveAttribute(
      'id',
      'rights',
    );
    const contents = screen.getAllByRole('navigation', { name: 'On this page' })[0] as HTMLElement;
    expect(within(contents).getAllByRole('link', { name: '7. Your rights' })[0]).toHaveAttribute('href', '#rights');
  });

  it('has the about page with a support form at #support', async () => {
    renderRoutes(createAppRoutes(), '/en/about#support');
    expect(await screen.findByRole('heading', { level: 1, name: 'About Marco' }, LOAD)).toBeInTheDocument();
    const support = screen.getByRole('region', { name: 'Support' });
    expect(support).toHaveAttribute('id', 'support');
    expect(within(support).getByRole('button', { name: 'Send message' })).toBeInTheDocument();
  });
});
