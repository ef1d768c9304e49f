import type { ReservationGroup } from '@marco/contract/reservations';

export type ReservationSide = 'tourist' | 'guide';

/** Query keys of the reservations context; every key starts with 'reservations' so a sign-out clears them together. */
export const reservationKeys = {
  lists: (side: ReservationSide) => ['reservations', side, 'list'] as const,
  list: (side: ReservationSide, group: ReservationGroup | 'all', page: number) =>
    ['reservations', side, 'list', group, page] as const,
  detail: (side: ReservationSide, id: string) => ['reservations', side, 'detail', id] as const,
  guide: (guideId: string, locale: string) => ['reservations', 'guide-profile', guideId, locale] as const,
  availability: (guideId: string) => ['reservations', 'availability', guideId] as const,
};
