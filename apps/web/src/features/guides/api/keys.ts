import type { Locale } from '@marco/contract/locales';

/** Query keys of the guides context; every key starts with 'guides' so a sign-out clears them together. */
export const guideKeys = {
  all: ['guides'] as const,
  stage: ['guides', 'stage'] as const,
  myGuide: (locale: Locale) => ['guides', 'me', locale] as const,
  myGuideAll: ['guides', 'me'] as const,
  serviceTypes: (guideId: string, locale: Locale) => ['guides', 'service-types', guideId, locale] as const,
  serviceTypesAll: ['guides', 'service-types'] as const,
  languages: (locale: Locale) => ['guides', 'languages', locale] as const,
  languagesAll: ['guides', 'languages'] as const,
  schedule: ['guides', 'schedule'] as const,
  freeDates: ['guides', 'free-dates'] as const,
  bankInfo: ['guides', 'bank-info'] as const,
  idVerification: (locale: Locale) => ['guides', 'id-verification', locale] as const,
  idVerificationAll: ['guides', 'id-verification'] as const,
  documents: (kind: 'identity' | 'certificate') => ['guides', 'documents', kind] as const,
  photos: ['guides', 'photos'] as const,
  video: (guideId: string) => ['guides', 'video', guideId] as const,
  videoAll: ['guides', 'video'] as const,
  vehicles: ['guides', 'vehicles'] as const,
};

export const referenceKeys = {
  countries: (locale: Locale) => ['reference', 'countries', locale] as const,
  cities: (countryId: string, locale: Locale) => ['reference', 'cities', countryId, locale] as const,
  serviceTypes: (locale: Locale) => ['reference', 'service-types', locale] as const,
  verificationTypes: (locale: Locale) => ['reference', 'verification-types', locale] as const,
};
