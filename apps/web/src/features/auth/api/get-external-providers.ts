import {
  EXTERNAL_PROVIDERS_PATH,
  type ExternalProviderInfo,
  ExternalProviderListSchema,
} from '@marco/contract/social-sign-in';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** The social sign-in providers the server is configured for, with the public ids their SDKs need. */
export function getExternalProviders(): Promise<ExternalProviderInfo[]> {
  return apiFetch(EXTERNAL_PROVIDERS_PATH, { schema: ExternalProviderListSchema });
}

export function useExternalProviders() {
  return useQuery({
    queryKey: ['auth', 'external-providers'],
    queryFn: getExternalProviders,
    // Changes only when the server is reconfigured.
    staleTime: 30 * 60_000,
    retry: false,
  });
}
