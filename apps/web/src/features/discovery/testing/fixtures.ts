import type { GuideDetail } from '@marco/contract/guides';
import type { Language, Place } from '@marco/contract/reference';
import type { GuideCard } from '@marco/contract/search';

/** Test data of the discovery pages, shaped as the API answers it. */

const names = (en: string, ar = en) => ({ en, tr: en, ar, de: en, es: en, fr: en, it: en, ru: en });

export const PARIS: Place = {
  id: '0190a6f0-0000-7000-8000-0000000000c1',
  type: 'city',
  key: 'paris',
  name: 'Paris',
  names: names('Paris', 'باريس'),
  countryCode: 'FR',
  countryName: 'France',
  lat: 48.85,
  lng: 2.35,
  guideCount: 3,
};

export const LANGUAGES: Language[] = [
  { id: '0190a6f0-0000-7000-8000-0000000000d1', code: 'en', name: 'English', names: names('English', 'الإنجليزية') },
  { id: '0190a6f0-0000-7000-8000-0000000000d2', code: 'fr', name: 'French', names: names('French', 'الفرنسية') },
  { id: '0190a6f0-0000-7000-8000-0000000000d3', code: 'de', name: 'German', names: names('German', 'الألمانية') },
];

export const SERVICE_CATALOG = {
  data: [
    {
      id: '0190a6f0-0000-7000-8000-0000000000e1',
      key: 'city_tour',
      name: 'City tour',
      names: names('City tour'),
      set: 'primary',
    },
    {
      id: '0190a6f0-0000-7000-8000-0000000000e2',
      key: 'food_and_drink',
      name: 'Food & drink',
      names: names('Food & drink'),
      set: 'primary',
    },
  ],
  serviceKinds: [
    { id: '0190a6f0-0000-7000-8000-0000000000f1', key: 'guidance', name: 'Tour guiding', names: names('Tour guiding') },
    {
      id: '0190a6f0-0000-7000-8000-0000000000f2',
      key: 'translation',
      name: 'Translation',
      names: names('Translation'),
    },
  ],
};

export const GENDERS = {
  data: [
    { id: '0190a6f0-0000-7000-8000-0000000000a1', key: 'female', name: 'Female', names: names('Female') },
    { id: '0190a6f0-0000-7000-8000-0000000000a2', key: 'male', name: 'Male', names: names('Male') },
  ],
};

export const CURRENCIES = {
  data: [
    { code: 'USD', unitsPerUsd: 1 },
    { code: 'EUR', unitsPerUsd: 0.9 },
    { code: 'TRY', unitsPerUsd: 34 },
  ].map((currency, index) => ({
    id: `0190a6f0-0000-7000-8000-00000000010${index}`,
    label: currency.code,
    symbol: currency.code,
    name: currency.code,
    names: names(currency.code),
    updatedAt: '2026-11-20T00:00:00.000Z',
    ...currency,
  })),
};

export const GUIDE_ID = '0190a6f0-0000-7000-8000-000000000101';
export const GUIDE_USER_ID = '0190a6f0-0000-7000-8000-000000000102';

export function guideCard(overrides: Partial<GuideCard> = {}): GuideCard {
  return {
    id: GUIDE_ID,
    userId: GUIDE_USER_ID,
    name: 'Camille',
    surname: 'Martin',
    avatarUrl: null,
    coverPhotoUrl: '/api/app/file-management-public/user-public-photo-file?id=x&size=card',
    city: { id: PARIS.id, code: 'paris', name: 'Paris' },
    country: { id: '0190a6f0-0000-7000-8000-0000000000c2', code: 'FR', name: 'France' },
    languages: [
      { code: 'fr', name: 'French', levelKey: 'native' },
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
    createdAt: '2026-10-01T00:00:00.000Z',
    ...overrides,
  };
}

export function guideDetail(overrides: Partial<GuideDetail> = {}): GuideDetail {
  return {
    id: GUIDE_ID,
    userId: GUIDE_USER_ID,
    name: 'Camille',
    surname: 'Martin',
    avatarUrl: null,
    about: 'Montmartre born and raised: painters, bakeries and rooftops.',
    aboutLanguage: 'en',
    country: { id: '0190a6f0-0000-7000-8000-0000000000c2', code: 'FR', name: 'France' },
    city: { id: PARIS.id, code: 'paris', name: 'Paris' },
    timezone: 'Europe/Paris',
    gender: null,
    languages: [
      {
        id: '0190a6f0-0000-7000-8000-000000000201',
        languageId: LANGUAGES[1]?.id ?? '',
        code: 'fr',
        name: 'French',
        names: names('French', 'الفرنسية'),
        levelId: '0190a6f0-0000-7000-8000-000000000211',
        levelKey: 'native',
        levelName: 'Native',
        levelRank: 1,
        isPrimary: true,
      },
      {
        id: '0190a6f0-0000-7000-8000-000000000202',
        languageId: LANGUAGES[0]?.id ?? '',
        code: 'en',
        name: 'English',
        names: names('English', 'الإنجليزية'),
        levelId: '0190a6f0-0000-7000-8000-000000000212',
        levelKey: 'fluent',
        levelName: 'Fluent',
        levelRank: 2,
        isPrimary: false,
      },
    ],
    serviceKinds: [
      {
        id: SERVICE_CATALOG.serviceKinds[0]?.id ?? '',
        key: 'guidance',
        name: 'Tour guiding',
        names: names('Tour guiding'),
        serviceTypes: [
          {
            id: SERVICE_CATALOG.data[0]?.id ?? '',
            key: 'city_tour',
            name: 'City tour',
            names: names('City tour'),
            set: 'primary',
          },
        ],
      },
    ],
    hourlyRateMinor: 4500,
    currency: 'EUR',
    photos: [1, 2, 3].map((index) => ({
      id: `0190a6f0-0000-7000-8000-00000000030${index}`,
      position: index,
      isCover: index === 1,
      cardUrl: `/photos/${index}-card.webp`,
      galleryUrl: `/photos/${index}.webp`,
      width: 1600,
      height: 1200,
      createdAt: '2026-10-01T00:00:00.000Z',
    })),
    coverPhotoUrl: '/photos/1.webp',
    video: null,
    rating: 4.5,
    reviewCount: 3,
    verified: true,
    certificated: true,
    vehicles: [],
    createdAt: '2026-10-01T00:00:00.000Z',
    ...overrides,
  };
}
