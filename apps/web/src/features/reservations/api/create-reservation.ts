import { type CreateReservation, IDEMPOTENCY_KEY_HEADER, type Reservation } from '@marco/contract/reservations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { offerPushSoon } from '@/lib/push-prompt';
import { reservationKeys } from './keys';

/**
 * `POST reservation-operations-public/create`. The same `idempotencyKey` on a retry (a
 * lost answer, a double click) makes the server answer the first reservation, not a second.
 */
export function createReservation({ idempotencyKey, ...body }: CreateReservation & { idempotencyKey: string }) {
  return apiFetch<Reservation>('reservation-operations-public/create', {
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

export function useCreateReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReservation,
    onSuccess: (reservation) => {
      queryClient.setQueryData(reservationKeys.detail('tourist', reservation.id), reservation);
      void queryClient.invalidateQueries({ queryKey: reservationKeys.lists('tourist') });
      // The guide's answer is what the traveller now waits for: the moment to offer push.
      offerPushSoon();
    },
  });
}
