import { directionOf, LOCALES } from '@marco/contract/locales';
import { describe, expect, it } from 'vitest';
import { DEV_LOCALES, htmlTagFor } from './html-locale-plugin';

describe('dev html locale', () => {
  it('knows the same locales as the contract', () => {
    expect([...DEV_LOCALES]).toEqual([...LOCALES]);
  });

  it.each(LOCALES)('gives /%s/… its lang and direction', (locale) => {
    expect(htmlTagFor(`/${locale}/guides?x=1`)).toBe(`<html lang="${locale}" dir="${directionOf(locale)}">`);
  });

  it('falls back to English for other paths', () => {
    expect(htmlTagFor('/')).toBe('<html lang="en" dir="ltr">');
    expect(htmlTagFor('/xx/guides')).toBe('<html lang="en" dir="ltr">');
    expect(htmlTagFor('/arabic')).toBe('<html lang="en" dir="ltr">');
  });
});
