import { type UploadHandle, type UploadProgress, uploadFile } from '../utils/upload-file';

type VehiclePhoto = { id: string; cardUrl: string; galleryUrl: string };

/** A photo of one of the caller's vehicles (JPEG, PNG or WebP up to 5 MB). Public. */
export function uploadVehiclePhoto(
  vehicleId: string,
  file: File,
  onProgress?: (progress: UploadProgress) => void,
): UploadHandle<VehiclePhoto> {
  return uploadFile<VehiclePhoto>({
    path: 'file-management-public/upload-user-vehicle-photo-file',
    file,
    query: { vehicleId },
    onProgress,
  });
}
