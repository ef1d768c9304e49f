import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '@/testing/render';
import { LanguageSwitcher } from './language-switcher';

async function openWithKeyboard(user: ReturnType<typeof userEvent.setup>) {
  const trigger = screen.getByRole('combobox', { name: 'Language' });
  trigger.focus();
  await user.keyboard('{ArrowDown}');
  return screen.findByRole('listbox');
}

describe('LanguageSwitcher', () => {
  it('lists every interface language by its native name, each marked with its language', async () => {
    const user = userEvent.setup();
    renderWithRouter(<LanguageSwitcher />, { path: '/en/' });
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveTextContent('English');
    await openWithKeyboard(user);
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'English',
      'Türkçe',
      'العربية',
      'Deutsch',
      'Español',
      'Français',
      'Italiano',
      'Русский',
    ]);
    expect(options.map((option) => option.getAttribute('lang'))).toEqual([
      'en',
      'tr',
      'ar',
      'de',
      'es',
      'fr',
      'it',
      'ru',
    ]);
  });

  it('does not change the language while the arrow keys move through the list', async () => {
    const user = userEvent.setup();
    renderWithRouter(<LanguageSwitcher />, { path: '/en/guides' });
    await openWithKeyboard(user);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/en\/guides$/);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/en\/guides$/);
  });

  it('does not switch when a letter is typed on the closed switcher', async () => {
    const user = userEvent.setup();
    renderWithRouter(<LanguageSwitcher />, { path: '/en/guides' });
    screen.getByRole('combobox', { name: 'Language' }).focus();
    await user.keyboard('d');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/en\/guides$/);
  });

  it('swaps only the locale prefix on Enter, keeping the path, query and hash', async () => {
    const user = userEvent.setup();
    renderWithRouter(<LanguageSwitcher />, { path: '/en/guides?location=paris&from=2030-05-01#list' });
    await openWithKeyboard(user);
    // From English (first), two steps down is العربية.
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/ar/guides?location=paris&from=2030-05-01#list');
  });

  it('keeps the trailing slash of the home page', async () => {
    const user = userEvent.setup();
    renderWithRouter(<LanguageSwitcher />, { path: '/tr/' });
    await openWithKeyboard(user);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/de\/$/);
  });
});
