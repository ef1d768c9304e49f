import type { PushSettings } from '@marco/contract/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useUser } from '@/features/auth/hooks/use-user';
import { apiFetch } from '@/lib/api-client';
import { pushKeys } from './keys';

/** `GET push-notification-public/settings`: the VAPID key, the user's push events and browsers. */
export const getPushSettings = (signal?: AbortSignal) =>
  apiFetch<PushSettings>('push-notification-public/settings', { signal });

export const pushSettingsQueryOptions = () =>
  queryOptions({ queryKey: pushKeys.settings(), queryFn: ({ signal }) => getPushSettings(signal) });

export function usePushSettings() {
  const { isSignedIn } = useUser();
  return useQuery({ ...pushSettingsQueryOptions(), enabled: isSignedIn });
}
