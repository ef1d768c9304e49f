import type { Language, Place } from '@marco/contract/reference';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithRouter } from '@/testing/render';
import { HeroSearchForm } from './hero-search-form';
import { filterPlaces } from './place-combobox';

const names = (en: string, tr = en) => ({ en, tr, ar: en, de: en, es: en, fr: en, it: en, ru: en });

const place = (overrides: Partial<Place> & Pick<Place, 'key' | 'name'>): Place => ({
  id: crypto.randomUUID(),
  type: 'city',
  names: names(overrides.name),
  countryCode: 'TR',
  countryName: 'Turkey',
  lat: 0,
  lng: 0,
  guideCount: 0,
  ...overrides,
});

const PLACES: Place[] = [
  place({ key: 'istanbul', name: 'Istanbul', names: names('Istanbul', 'İstanbul'), guideCount: 4 }),
  place({ key: 'paris', name: 'Paris', countryCode: 'FR', countryName: 'France' }),
  place({ key: 'turkey', name: 'Turkey', type: 'country', countryName: null, names: names('Turkey', 'Türkiye') }),
];

const LANGUAGES: Language[] = [
  { id: crypto.randomUUID(), code: 'de', name: 'German', names: names('German', 'Almanca') },
  { id: crypto.randomUUID(), code: 'fr', name: 'French', names: names('French', 'Fransızca') },
];

describe('filterPlaces', () => {
  it('matches without regard to accents, case or dotted İ', () => {
    expect(filterPlaces(PLACES, 'İSTAN', 'en').map((p) => p.key)).toEqual(['istanbul']);
    expect(filterPlaces(PLACES, 'istanbul', 'tr').map((p) => p.key)).toEqual(['istanbul']);
    expect(filterPlaces(PLACES, 'turkiye', 'en').map((p) => p.key)).toEqual(['turkey']);
  });
});

describe('HeroSearchForm', () => {
  it('searches guides with the chosen place, dates and language', async () => {
    mockFetch({
      'GET /api/app/search-public/search-places': { data: PLACES },
      'GET /api/app/search-public/languages': { data: LANGUAGES },
    });
    const user = userEvent.setup();
    renderWithRouter(<HeroSearchForm />, { path: '/en/' });

    const location = screen.getByRole('combobox', { name: 'Destination' });
    await user.type(location, 'istan');
    await user.click(await screen.findByRole('option', { name: /Istanbul/ }));
    expect(location).toHaveValue('Istanbul');

    await user.type(screen.getByLabelText('From'), '2030-05-01');
    await user.type(screen.getByLabelText('To'), '2030-05-03');
    await screen.findByRole('option', { name: 'German' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Guide language' }), 'de');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(screen.getByTestId('location')).toHaveTextContent(
      '/en/guides?location=istanbul&from=2030-05-01&to=2030-05-03&language=de',
    );
  });

  it('asks to choose a destination from the list when the text matches none', async () => {
    mockFetch({ 'GET /api/app/search-public/search-places': { data: PLACES } });
    const user = userEvent.setup();
    renderWithRouter(<HeroSearchForm />, { path: '/en/' });
    await user.type(screen.getByRole('combobox', { name: 'Destination' }), 'Atlantis');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('Choose a destination from the list.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/en\/$/);
  });
});
