import type { PushSettings, PushSubscriptionInput } from '@marco/contract/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { pushKeys } from './keys';

/** `POST push-notification-public/subscribe`: this browser's PushSubscription. */
export const subscribeToPush = (subscription: PushSubscriptionInput) =>
  apiFetch<PushSettings>('push-notification-public/subscribe', { method: 'POST', body: subscription });

export function useSubscribeToPush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: subscribeToPush,
    onSuccess: (settings) => queryClient.setQueryData(pushKeys.settings(), settings),
  });
}
