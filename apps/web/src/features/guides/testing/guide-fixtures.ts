import type { CurrentUser } from '@marco/contract/auth';
import type { MyGuide } from '@marco/contract/guides';

export const USER_ID = '0190a6f0-0000-7000-8000-000000000001';
export const GUIDE_ID = '0190a6f0-0000-7000-8000-0000000000aa';
const NOW = '2026-11-20T10:00:00.000Z';

export function currentUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: USER_ID,
    userName: '+905321112233',
    email: null,
    emailConfirmed: false,
    name: 'Elif',
    surname: 'Demir',
    phoneNumber: '+905321112233',
    phoneNumberConfirmed: true,
    isExternal: false,
    hasPassword: true,
    supportsMultipleTimezone: false,
    timezone: 'Europe/Istanbul',
    concurrencyStamp: '0190a6f0-0000-7000-8000-0000000000ff',
    roles: [],
    profilePictureUrl: null,
    ...overrides,
  };
}

export function myGuide(overrides: Partial<MyGuide> = {}): MyGuide {
  return {
    guideId: GUIDE_ID,
    userId: USER_ID,
    status: 'draft',
    isActive: true,
    stage: 0,
    rejectionReason: null,
    suspensionReason: null,
    submittedAt: null,
    reviewedAt: null,
    missing: [],
    about: null,
    aboutLanguage: null,
    country: null,
    stateId: null,
    city: null,
    street: null,
    timezone: 'Europe/Istanbul',
    hourlyRateMinor: null,
    currency: null,
    rating: null,
    reviewCount: 0,
    verified: false,
    certificated: false,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}
