import type { Locale } from '@marco/contract/locales';
import type { ServiceType } from '@marco/contract/reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLocale } from '@/i18n/use-locale';
import { apiFetch } from '@/lib/api-client';
import { referenceKeys } from './keys';

type CatalogItem = { id: string; key: string; name: string };
export type CatalogServiceType = CatalogItem & Pick<ServiceType, 'set'>;
export type ServiceCatalog = { serviceTypes: CatalogServiceType[]; serviceKinds: CatalogItem[] };

const inLocale = ({ id, key, name }: CatalogItem): CatalogItem => ({ id, key, name });

/**
 * Every service type (both sets) and the service kinds (guidance, translation), named in
 * `locale` only: the answer's names in all eight languages would be 22 KB more of every
 * rendered search page's hydration data, and the catalog is kept per locale anyway.
 */
export async function getServiceCatalog(locale: Locale): Promise<ServiceCatalog> {
  const answer = await apiFetch<{ data: ServiceType[]; serviceKinds: CatalogItem[] }>('service-type-public/get-all', {
    query: { locale },
  });
  return {
    serviceTypes: answer.data.map((type) => ({ ...inLocale(type), set: type.set })),
    serviceKinds: answer.serviceKinds.map(inLocale),
  };
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
