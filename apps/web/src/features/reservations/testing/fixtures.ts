import type { CurrentUser } from '@marco/contract/auth';
import type { GuideDetail } from '@marco/contract/guides';
import type { Reservation } from '@marco/contract/reservations';

export const GUIDE_ID = '0190a6f0-0000-7000-8000-0000000000aa';
export const GUIDE_USER_ID = '0190a6f0-0000-7000-8000-0000000000ab';
export const CITY_ID = '0190a6f0-0000-7000-8000-0000000000c1';
export const RESERVATION_ID = '0190a6f0-0000-7000-8000-0000000000e1';

export const traveller: CurrentUser = {
  id: '0190a6f0-0000-7000-8000-000000000001',
  userName: 'emma',
  email: 'emma@example.com',
  emailConfirmed: true,
  name: 'Emma',
  surname: 'Schneider',
  phoneNumber: '+905330000000',
  phoneNumberConfirmed: true,
  isExternal: false,
  hasPassword: true,
  supportsMultipleTimezone: true,
  timezone: 'UTC',
  concurrencyStamp: '0190a6f0-0000-7000-8000-0000000000ff',
  roles: [],
  profilePictureUrl: null,
};

export const guideDetail: GuideDetail = {
  id: GUIDE_ID,
  userId: GUIDE_USER_ID,
  name: 'Ayşe',
  surname: 'Yılmaz',
  avatarUrl: null,
  about: null,
  aboutLanguage: null,
  country: { id: '0190a6f0-0000-7000-8000-0000000000c0', code: 'TR', name: 'Turkey' },
  city: { id: CITY_ID, code: 'IST', name: 'Istanbul' },
  timezone: 'UTC',
  gender: null,
  languages: [],
  serviceKinds: [],
  hourlyRateMinor: 5000,
  currency: 'USD',
  photos: [],
  coverPhotoUrl: null,
  video: null,
  rating: null,
  reviewCount: 0,
  verified: true,
  certificated: false,
  vehicles: [],
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** YYYY-MM-DD `days` from today (UTC). */
export const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export const hourSlots = (date: string, hours: number[]) =>
  hours.map((hour) => {
    const start = new Date(`${date}T${String(hour).padStart(2, '0')}:00:00.000Z`);
    return { start: start.toISOString(), end: new Date(start.getTime() + 3_600_000).toISOString() };
  });

export const currencies = [
  {
    id: 'c-usd',
    code: 'USD',
    label: 'USD',
    symbol: '$',
    name: 'US dollar',
    names: {},
    unitsPerUsd: 1,
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
  {
    id: 'c-try',
    code: 'TRY',
    label: 'TL',
    symbol: '₺',
    name: 'Turkish lira',
    names: {},
    unitsPerUsd: 32.5,
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
];

export function makeReservation(overrides: Partial<Reservation> = {}): Reservation {
  const date = dayFromNow(3);
  return {
    id: RESERVATION_ID,
    status: 'pending',
    guideId: GUIDE_ID,
    guide: { userId: GUIDE_USER_ID, name: 'Ayşe', surname: 'Yılmaz' },
    tourist: { userId: traveller.id, name: 'Emma', surname: 'Schneider' },
    cityId: CITY_ID,
    timezone: 'Europe/Istanbul',
    startHour: 9,
    endHour: 11,
    slots: [{ date, startsAt: `${date}T06:00:00.000Z`, endsAt: `${date}T08:00:00.000Z` }],
    startsAt: `${date}T06:00:00.000Z`,
    endsAt: `${date}T08:00:00.000Z`,
    meetingPoint: 'Hotel Pera, lobby',
    noteToGuide: null,
    additionalNotes: null,
    contactPhone: '+905330000000',
    contactEmail: 'emma@example.com',
    vehicleId: null,
    price: { currency: 'USD', hourlyRateMinor: 5000, vehicleHourlyRateMinor: 0, totalHours: 2, totalMinor: 10_000 },
    rejectReason: null,
    cancelReasonKey: null,
    cancelReasonText: null,
    createdAt: '2026-05-01T10:00:00.000Z',
    updatedAt: '2026-05-01T10:00:00.000Z',
    review: null,
    ...overrides,
  };
}
