import type { CancelReservation, Reservation } from '@marco/contract/reservations';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { type ReservationSide, reservationKeys } from './keys';

const path = (id: string, action: string) => `reservation-operations-public/${encodeURIComponent(id)}/${action}`;

/** `PUT {id}/accept-by-guide`. */
export const acceptByGuide = (id: string) => apiFetch<Reservation>(path(id, 'accept-by-guide'), { method: 'PUT' });

/** `PUT {id}/reject-by-guide` with the reason the traveller will read. */
export const rejectByGuide = ({ id, reason }: { id: string; reason: string }) =>
  apiFetch<Reservation>(path(id, 'reject-by-guide'), { method: 'PUT', body: { reason } });

/** `PUT {id}/cancel-by-tourist` with a reason from the list (and free text). */
export const cancelByTourist = ({ id, ...body }: CancelReservation & { id: string }) =>
  apiFetch<Reservation>(path(id, 'cancel-by-tourist'), { method: 'PUT', body });

/** `PUT {id}/confirm-consumption`: the guide says the tour took place. */
export const confirmConsumption = (id: string) =>
  apiFetch<Reservation>(path(id, 'confirm-consumption'), { method: 'PUT' });

/** Puts the answer in the detail cache and refreshes every list (a status change moves it between groups). */
export function storeReservation(queryClient: QueryClient, side: ReservationSide, reservation: Reservation) {
  queryClient.setQueryData(reservationKeys.detail(side, reservation.id), reservation);
  void queryClient.invalidateQueries({ queryKey: reservationKeys.lists(side) });
}

function useReservationAction<TInput>(side: ReservationSide, action: (input: TInput) => Promise<Reservation>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: (reservation) => {
      storeReservation(queryClient, side, reservation);
      // The guide's dashboard figures move with every answer.
      if (side === 'guide') void queryClient.invalidateQueries({ queryKey: ['guide-dashboard'] });
    },
  });
}

export const useAcceptByGuide = () => useReservationAction('guide', acceptByGuide);
export const useRejectByGuide = () => useReservationAction('guide', rejectByGuide);
export const useConfirmConsumption = () => useReservationAction('guide', confirmConsumption);
export const useCancelByTourist = () => useReservationAction('tourist', cancelByTourist);
