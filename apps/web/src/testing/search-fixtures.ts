import type { Place } from '@marco/contract/reference';
import type { GuideCard } from '@marco/contract/search';

const names = (en: string, ar = en) => ({ en, tr: en, ar, de: en, es: en, fr: en, it: en, ru: en });

export const TURKEY: Place = {
  id: '0190a000-0000-7000-8000-000000000001',
  type: 'country',
  key: 'TR',
  name: 'Turkey',
  names: names('Turkey', 'تركيا'),
  countryCode: 'TR',
  countryName: null,
  lat: 39,
  lng: 35,
};

export const ISTANBUL: Place = {
  id: '0190a000-0000-7000-8000-000000000002',
  type: 'city',
  key: 'istanbul',
  name: 'Istanbul',
  names: names('Istanbul', 'إسطنبول'),
  countryCode: 'TR',
  countryName: 'Turkey',
  lat: 41,
  lng: 29,
  guideCount: 2,
};

export const VENICE: Place = {
  ...ISTANBUL,
  id: '0190a000-0000-7000-8000-000000000003',
  key: 'venice',
  name: 'Venice',
  names: names('Venice', 'البندقية'),
  countryCode: 'IT',
  countryName: 'Italy',
  guideCount: 0,
};

export function guideCard(overrides: Partial<GuideCard> = {}): GuideCard {
  return {
    id: crypto.randomUUID(),
    userId: crypto.randomUUID(),
    name: 'Ayşe',
    surname: 'Yılmaz',
    avatarUrl: null,
    coverPhotoUrl: null,
    city: { id: ISTANBUL.id, code: 'istanbul', name: 'Istanbul' },
    country: { id: TURKEY.id, code: 'TR', name: 'Turkey' },
    languages: [
      { code: 'tr', name: 'Turkish', levelKey: 'native' },
      { code: 'en', name: 'English', levelKey: 'fluent' },
    ],
    rating: 4.8,
    reviewCount: 12,
    hourlyRateMinor: 4500,
    hourlyRateCurrency: 'USD',
    priceMinor: 4500,
    currency: 'USD',
    verified: true,
    certificated: false,
    createdAt: '2026-01-10T09:00:00.000Z',
    ...overrides,
  };
}

export const searchResult = (data: GuideCard[], total = data.length) => ({ data, page: 1, pageSize: 6, total });
