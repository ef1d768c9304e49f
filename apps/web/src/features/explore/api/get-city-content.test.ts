import { LOCALES } from '@marco/contract/locales';
import { describe, expect, it } from 'vitest';
import { LANDMARKS } from '@/components/destinations/city-landmarks';
import { DESTINATION_KEYS } from '../destinations';
import { getCityCatalog } from './get-city-content';

describe('destination texts', () => {
  it.each(LOCALES)('%s describes exactly the twelve destinations, with about text and attractions', async (locale) => {
    const catalog = await getCityCatalog(locale);
    expect(Object.keys(catalog).sort()).toEqual([...DESTINATION_KEYS].sort());
    for (const key of DESTINATION_KEYS) {
      const city = catalog[key];
      expect(city.tagline.trim(), `${locale}/${key}.tagline`).not.toBe('');
      expect(city.about.length, `${locale}/${key}.about`).toBeGreaterThanOrEqual(2);
      expect(city.attractions.length, `${locale}/${key}.attractions`).toBeGreaterThanOrEqual(4);
      for (const attraction of city.attractions) {
        expect(attraction.name.trim()).not.toBe('');
        expect(attraction.description.trim().length).toBeGreaterThan(20);
      }
    }
  });

  it('has the same attractions, in the same order, in every locale', async () => {
    const english = await getCityCatalog('en');
    for (const locale of LOCALES) {
      const catalog = await getCityCatalog(locale);
      for (const key of DESTINATION_KEYS) {
        expect(catalog[key].attractions.length, `${locale}/${key}`).toBe(english[key].attractions.length);
      }
    }
  });

  it('has a landmark drawing for every destination', () => {
    for (const key of DESTINATION_KEYS) expect(LANDMARKS[key], key).toBeDefined();
  });
});
