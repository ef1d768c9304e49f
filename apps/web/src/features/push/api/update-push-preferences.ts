import type { PushSettings, UpdatePushPreferences } from '@marco/contract/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { pushKeys } from './keys';

/** `PUT push-notification-public/preferences`: only the events named change. */
export const updatePushPreferences = (changes: UpdatePushPreferences) =>
  apiFetch<PushSettings>('push-notification-public/preferences', { method: 'PUT', body: changes });

export function useUpdatePushPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePushPreferences,
    onSuccess: (settings) => queryClient.setQueryData(pushKeys.settings(), settings),
  });
}
