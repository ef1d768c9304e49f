import type { Reservation } from '@marco/contract/reservations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { type ReservationSide, reservationKeys } from './keys';

/** `GET reservation-operations-public/{side}/{id}`: one of the caller's reservations. */
export function getReservation(side: ReservationSide, id: string) {
  return apiFetch<Reservation>(`reservation-operations-public/${side}/${encodeURIComponent(id)}`);
}

export const reservationQueryOptions = (side: ReservationSide, id: string) =>
  queryOptions({ queryKey: reservationKeys.detail(side, id), queryFn: () => getReservation(side, id) });

export function useReservation(side: ReservationSide, id: string) {
  return useQuery({ ...reservationQueryOptions(side, id), enabled: id !== '' });
}
