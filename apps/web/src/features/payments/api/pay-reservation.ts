import { CheckoutUrlSchema } from '@marco/contract/payments';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { redirectTo } from '../utils/redirect';

/** `PUT reservation-operations-public/{id}/pay`: starts a checkout and answers its URL as text (spec §7). */
export async function payReservation(id: string): Promise<string> {
  const answer = await apiFetch<string>(`reservation-operations-public/${encodeURIComponent(id)}/pay`, {
    method: 'PUT',
    headers: { Accept: 'text/plain' },
  });
  return CheckoutUrlSchema.parse(String(answer).trim());
}

/** Pays a reservation: the browser leaves for the provider's checkout page. */
export function usePayReservation() {
  return useMutation({
    mutationFn: payReservation,
    onSuccess: (checkoutUrl) => redirectTo(checkoutUrl),
  });
}
