import type { ReservationGroup, ReservationList } from '@marco/contract/reservations';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { type ReservationSide, reservationKeys } from './keys';

export const RESERVATIONS_PAGE_SIZE = 10;

/** `GET reservation-operations-public/{side}/list`: the caller's reservations as tourist or guide, newest first. */
export function getReservations(side: ReservationSide, group: ReservationGroup | 'all', page: number) {
  return apiFetch<ReservationList>(`reservation-operations-public/${side}/list`, {
    query: { group: group === 'all' ? undefined : group, page, pageSize: RESERVATIONS_PAGE_SIZE },
  });
}

export const reservationsQueryOptions = (side: ReservationSide, group: ReservationGroup | 'all', page = 1) =>
  queryOptions({
    queryKey: reservationKeys.list(side, group, page),
    queryFn: () => getReservations(side, group, page),
    placeholderData: keepPreviousData,
  });

export function useReservations(side: ReservationSide, group: ReservationGroup | 'all', page = 1) {
  return useQuery(reservationsQueryOptions(side, group, page));
}
