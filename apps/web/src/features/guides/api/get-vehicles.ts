import type { Vehicle } from '@marco/contract/guides';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { guideKeys } from './keys';

/** The caller's vehicles with photos and (private) papers. */
export async function getVehicles(): Promise<Vehicle[]> {
  const { data } = await apiFetch<{ data: Vehicle[] }>('user-guide-vehicle-public/get-user-vehicles');
  return data;
}

export const vehiclesQueryOptions = queryOptions({ queryKey: guideKeys.vehicles, queryFn: getVehicles });

export function useVehicles() {
  return useQuery(vehiclesQueryOptions);
}
