import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '@/testing/render';
import { LanguageSwitcher } from './language-switcher';

describe('LanguageSwitcher', () => {
  it('lists every interface language by its native name', () => {
    renderWithRouter(<LanguageSwitcher />, { path: '/en/' });
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['English', 'Türkçe', 'العربية', 'Deutsch', 'Español', 'Français', 'Italiano', 'Русский']);
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
  });

  it('swaps only the locale prefix, keeping the path, query and hash', async () => {
    const user = userEvent.setup();
    renderWithRouter(<LanguageSwitcher />, { path: '/en/guides?location=paris&from=2030-05-01#list' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'ar');
    expect(screen.getByTestId('location')).toHaveTextContent('/ar/guides?location=paris&from=2030-05-01#list');
  });

  it('keeps the trailing slash of the home page', async () => {
    const user = userEvent.setup();
    renderWithRouter(<LanguageSwitcher />, { path: '/tr/' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'de');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/de\/$/);
  });
});
