import type { Vehicle, VehicleInput } from '@marco/contract/guides';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { guideKeys } from './keys';

/** Adds a vehicle, or replaces the fields of vehicle `id`. */
export function saveVehicle({ id, input }: { id?: string; input: VehicleInput }): Promise<Vehicle> {
  return id
    ? apiFetch<Vehicle>(`user-guide-vehicle-public/update-user-vehicle/${encodeURIComponent(id)}`, {
        method: 'PUT',
        body: input,
      })
    : apiFetch<Vehicle>('user-guide-vehicle-public/create-user-vehicle', { method: 'POST', body: input });
}

export function deleteVehicle(id: string): Promise<unknown> {
  return apiFetch(`user-guide-vehicle-public/delete-user-vehicle/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function deleteVehiclePhoto(id: string): Promise<unknown> {
  return apiFetch('file-management-public/delete-user-vehicle-photo-file', { method: 'DELETE', query: { id } });
}

function useVehicleMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guideKeys.vehicles }),
  });
}

export const useSaveVehicle = () => useVehicleMutation(saveVehicle);
export const useDeleteVehicle = () => useVehicleMutation(deleteVehicle);
export const useDeleteVehiclePhoto = () => useVehicleMutation(deleteVehiclePhoto);
