import type { PushSettings } from '@marco/contract/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { pushKeys } from './keys';

/** `POST push-notification-public/unsubscribe`: forgets this browser's endpoint. */
export const unsubscribeFromPush = (endpoint: string) =>
  apiFetch<PushSettings>('push-notification-public/unsubscribe', { method: 'POST', body: { endpoint } });

export function useUnsubscribeFromPush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unsubscribeFromPush,
    onSuccess: (settings) => queryClient.setQueryData(pushKeys.settings(), settings),
  });
}
