import type { ReservationPaymentStatus } from '@marco/contract/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** How long the success page keeps asking while the provider's webhook is on its way. */
export const PAYMENT_RECHECK_MS = 2000;
export const PAYMENT_RECHECK_TIMES = 15;

/**
 * `PUT {id}/payment-complete`: asks the provider again and answers the reservation's status.
 * Only the webhook marks a reservation paid; this never does more than re-check.
 */
export function paymentComplete(id: string) {
  return apiFetch<ReservationPaymentStatus>(
    `reservation-operations-public/${encodeURIComponent(id)}/payment-complete`,
    { method: 'PUT' },
  );
}

export const paymentStatusQueryOptions = (id: string, recheck: boolean) =>
  queryOptions({
    queryKey: ['reservations', 'tourist', 'payment', id],
    queryFn: () => paymentComplete(id),
    // The webhook may land a moment after the browser returns: re-check for a while until paid.
    refetchInterval: (query) => {
      const status = query.state.data?.reservationStatus;
      if (!recheck || status === 'paid' || status === 'completed') return false;
      return query.state.dataUpdateCount < PAYMENT_RECHECK_TIMES ? PAYMENT_RECHECK_MS : false;
    },
    retry: false,
  });

export function usePaymentStatus(id: string, { recheck }: { recheck: boolean }) {
  return useQuery({ ...paymentStatusQueryOptions(id, recheck), enabled: id !== '' });
}
