import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_STATUS } from './errors.js';
import { directionOf, LOCALES } from './locales.js';
import { matchWebRoute } from './routes.js';
import { normalizeForSearch } from './search-text.js';

describe('normalizeForSearch', () => {
  it('folds case and accents, Turkish dotted and dotless i included', () => {
    expect(normalizeForSearch('İSTANBUL')).toBe('istanbul');
    expect(normalizeForSearch('Işık')).toBe('isik');
    expect(normalizeForSearch('  Île-de-France ')).toBe('ile-de-france');
    expect(normalizeForSearch('Köln  Straße')).toBe('koln strasse');
  });
});

describe('matchWebRoute', () => {
  it('matches the routes of spec §2 and their ids', () => {
    expect(matchWebRoute('')).toBe('');
    expect(matchWebRoute('requests/await/42')).toBe('requests/await/:id');
    expect(matchWebRoute('/guides/abc/')).toBe('guides/:guider');
  });

  it('refuses unknown paths and blank ids', () => {
    expect(matchWebRoute('nowhere')).toBeNull();
    expect(matchWebRoute('reservations/%20')).toBeNull();
    expect(matchWebRoute('guides/a/b')).toBeNull();
  });
});

describe('locales and errors', () => {
  it('has eight locales, only Arabic right to left', () => {
    expect(LOCALES).toHaveLength(8);
    expect(LOCALES.filter((locale) => directionOf(locale) === 'rtl')).toEqual(['ar']);
  });

  it('maps every error code to an HTTP status', () => {
    for (const code of ERROR_CODES) expect(ERROR_STATUS[code], code).toBeGreaterThanOrEqual(400);
  });
});
