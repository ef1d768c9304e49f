import type { Locale } from '@marco/contract/locales';
import type { ServiceType } from '@marco/contract/reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLocale } from '@/i18n/use-locale';
import { apiFetch } from '@/lib/api-client';
import { referenceKeys } from './keys';

type NamedItem = { id: string; key: string; name: string };
export type ServiceCatalog = { serviceTypes: ServiceType[]; serviceKinds: NamedItem[] };

/** Every service type (both sets) and the service kinds (guidance, translation). */
export async function getServiceCatalog(locale: Locale): Promise<ServiceCatalog> {
  const answer = await apiFetch<{ data: ServiceType[]; serviceKinds: NamedItem[] }>('service-type-public/get-all', {
    query: { locale },
  });
  return { serviceTypes: answer.data, serviceKinds: answer.serviceKinds };
}

export const serviceCatalogQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: referenceKeys.serviceTypes(locale),
    queryFn: () => getServiceCatalog(locale),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useServiceCatalog() {
  return useQuery(serviceCatalogQueryOptions(useLocale()));
}
