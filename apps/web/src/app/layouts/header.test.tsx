import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithRouter, TestProviders } from '@/testing/render';
import { Header } from './header';

/** The phone menu: a `<details>`, whose `open` the browser exposes as the button's expanded state. */
function phoneMenu() {
  // The menu's button names what it controls; the language switcher's stand-in is a disclosure too.
  const menu = document.querySelector('summary[aria-controls]')?.parentElement;
  if (!(menu instanceof HTMLDetailsElement)) throw new Error('the header has no phone menu');
  return menu;
}

/** The menu's button: a `<summary>`, which testing-library's role table does not know as a button. */
function menuButton() {
  const summary = phoneMenu().querySelector('summary');
  if (!summary) throw new Error('the phone menu has no button');
  return summary;
}

describe('Header', () => {
  it('opens and closes the phone menu from its button, which says what it will do', async () => {
    const user = userEvent.setup();
    renderWithRouter(<Header />, { path: '/en/' });
    const button = menuButton();
    expect(button).toHaveAccessibleName('Open menu');
    expect(phoneMenu().open).toBe(false);

    await user.click(button);
    expect(phoneMenu().open).toBe(true);
    expect(button).toHaveAccessibleName('Close menu');
    expect(document.getElementById(button.getAttribute('aria-controls') ?? '')).toContainElement(
      within(phoneMenu()).getByRole('link', { name: 'Blog' }),
    );

    await user.click(button);
    expect(phoneMenu().open).toBe(false);
    expect(button).toHaveAccessibleName('Open menu');
  });

  it('closes the phone menu on Escape', async () => {
    const user = userEvent.setup();
    renderWithRouter(<Header />, { path: '/en/' });
    await user.click(menuButton());
    await user.keyboard('{Escape}');
    expect(phoneMenu().open).toBe(false);
    expect(menuButton()).toHaveAccessibleName('Open menu');
  });

  it('closes the phone menu when one of its links is followed', async () => {
    const user = userEvent.setup();
    renderWithRouter(<Header />, { path: '/en/' });
    await user.click(menuButton());
    await user.click(within(phoneMenu()).getByRole('link', { name: 'Blog' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/en\/blog$/);
    expect(phoneMenu().open).toBe(false);
    expect(menuButton()).toHaveAccessibleName('Open menu');
  });

  it('sends a closed menu holding its links, and takes it over open if the visitor opened it before the scripts ran', async () => {
    const routes = [{ path: '/:lng/*', element: <Header /> }];
    const page = () => (
      <TestProviders>
        <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/en/'] })} />
      </TestProviders>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page());
    document.body.append(container);
    expect(phoneMenu().open).toBe(false);
    expect([...phoneMenu().querySelectorAll('a')].map((link) => link.getAttribute('href'))).toContain('/en/blog');
    // The visitor's tap, and its toggle event, both before React listens.
    const toggled = new Promise((resolve) => phoneMenu().addEventListener('toggle', resolve, { once: true }));
    phoneMenu().open = true;
    await toggled;

    const root = await act(async () => hydrateRoot(container, page()));
    expect(phoneMenu().open).toBe(true);
    expect(menuButton()).toHaveAccessibleName('Close menu');
    act(() => root.unmount());
    container.remove();
  });
});
