import type { Place } from '@marco/contract/reference';
import { SEARCH_MAX_DAYS as CONTRACT_MAX_DAYS, SEARCH_SORTS as CONTRACT_SORTS } from '@marco/contract/search';
import { describe, expect, it } from 'vitest';
import {
  clearFilters,
  countActiveFilters,
  readFilters,
  resolveDateRange,
  SEARCH_MAX_DAYS,
  SEARCH_SORTS,
  toSearchBody,
  writeFilters,
} from './search-state';

const PARIS: Place = {
  id: '0190a6f0-0000-7000-8000-0000000000c1',
  type: 'city',
  key: 'paris',
  name: 'Paris',
  names: { en: 'Paris', tr: 'Paris', ar: 'باريس', de: 'Paris', es: 'París', fr: 'Paris', it: 'Parigi', ru: 'Париж' },
  countryCode: 'FR',
  countryName: 'France',
  lat: 48.85,
  lng: 2.35,
};

describe('guide list URL state', () => {
  it('keeps the contract constants it copies', () => {
    expect(SEARCH_SORTS).toEqual(CONTRACT_SORTS);
    expect(SEARCH_MAX_DAYS).toBe(CONTRACT_MAX_DAYS);
  });

  it('reads the home search parameters and the list filters', () => {
    const filters = readFilters(
      new URLSearchParams(
        'location=paris&from=2026-12-01&to=2026-12-05&language=fr&language=en&maxPrice=60&gender=female&service=city_tour&kind=guidance&rating=4&sort=price_asc&page=3',
      ),
    );
    expect(filters).toEqual({
      location: 'paris',
      from: '2026-12-01',
      to: '2026-12-05',
      languages: ['fr', 'en'],
      maxPrice: 60,
      gender: 'female',
      serviceTypes: ['city_tour'],
      serviceKind: 'guidance',
      minRating: 4,
      sort: 'price_asc',
      page: 3,
    });
  });

  it('drops values that cannot be right instead of failing', () => {
    const filters = readFilters(new URLSearchParams('from=yesterday&maxPrice=-5&rating=9&sort=cheapest&page=0'));
    expect(filters).toMatchObject({ from: null, maxPrice: null, minRating: null, sort: 'rating', page: 1 });
  });

  it('writes changes back, goes to page 1 and keeps parameters it does not own', () => {
    const current = new URLSearchParams('location=paris&page=4&reserve=1');
    const next = writeFilters(current, { languages: ['de', 'fr'] });
    expect(next.getAll('language')).toEqual(['de', 'fr']);
    expect(next.get('page')).toBeNull();
    expect(next.get('reserve')).toBe('1');
    expect(next.get('location')).toBe('paris');
    expect(writeFilters(next, { page: 2 }).get('page')).toBe('2');
  });

  it('leaves the default sort out of the URL', () => {
    expect(writeFilters(new URLSearchParams('sort=newest'), { sort: 'rating' }).has('sort')).toBe(false);
    expect(writeFilters(new URLSearchParams(), { sort: 'reviews' }).get('sort')).toBe('reviews');
  });

  it('clears every filter but keeps the sort', () => {
    const cleared = clearFilters(new URLSearchParams('location=paris&language=fr&rating=3&sort=newest&page=2'));
    expect(cleared.toString()).toBe('sort=newest');
    expect(countActiveFilters(readFilters(cleared))).toBe(0);
  });
});

describe('resolveDateRange', () => {
  const today = '2026-11-20';

  it('passes a valid range through', () => {
    expect(resolveDateRange('2026-12-01', '2026-12-03', today)).toEqual({
      dateFrom: '2026-12-01',
      dateTo: '2026-12-03',
      problem: null,
    });
  });

  it('looks 62 days ahead from a start date alone, and from today to an end date alone', () => {
    expect(resolveDateRange('2026-12-01', null, today)).toMatchObject({ dateFrom: '2026-12-01', dateTo: '2027-01-31' });
    expect(resolveDateRange(null, '2026-11-25', today)).toMatchObject({ dateFrom: today, dateTo: '2026-11-25' });
  });

  it('refuses a reversed range and cuts a range over the maximum', () => {
    expect(resolveDateRange('2026-12-05', '2026-12-01', today)).toEqual({ problem: 'reversed' });
    expect(resolveDateRange('2026-12-01', '2027-06-01', today)).toEqual({
      dateFrom: '2026-12-01',
      dateTo: '2027-01-31',
      problem: 'tooLong',
    });
  });
});

describe('toSearchBody', () => {
  it('turns the place key into the place id and prices into minor units of the currency', () => {
    const filters = readFilters(new URLSearchParams('location=paris&language=fr&maxPrice=45&sort=newest'));
    expect(toSearchBody(filters, { places: [PARIS], currency: 'EUR', today: '2026-11-20' })).toEqual({
      location: { type: 'city', id: PARIS.id },
      languages: ['fr'],
      maxPriceMinor: 4500,
      currency: 'EUR',
      sort: 'newest',
      page: 1,
      pageSize: 12,
    });
  });

  it('leaves out a place it does not know and a service kind that does not exist', () => {
    const filters = readFilters(new URLSearchParams('location=atlantis&kind=sailing'));
    const body = toSearchBody(filters, { places: [PARIS], currency: 'USD', today: '2026-11-20' });
    expect(body.location).toBeUndefined();
    expect(body.serviceKind).toBeUndefined();
  });
});
