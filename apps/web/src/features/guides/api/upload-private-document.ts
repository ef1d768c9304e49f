import type { PrivateDocument } from '@marco/contract/guides';
import { type UploadHandle, type UploadProgress, uploadFile } from '../utils/upload-file';
import type { GuideDocumentKind } from './get-private-documents';

const UPLOAD_PATHS: Record<GuideDocumentKind, string> = {
  identity: 'file-management-public/upload-user-identity-doc-file',
  certificate: 'file-management-public/upload-user-certificate',
};

/** PDF, JPEG or PNG up to 10 MB. Private: only the owner and staff can read it. */
export function uploadPrivateDocument(
  kind: GuideDocumentKind,
  file: File,
  onProgress?: (progress: UploadProgress) => void,
): UploadHandle<PrivateDocument> {
  return uploadFile<PrivateDocument>({ path: UPLOAD_PATHS[kind], file, onProgress });
}

/** A registration or traffic-insurance paper of one of the caller's vehicles. */
export function uploadVehicleDocument(
  vehicleId: string,
  kind: 'vehicle_registration' | 'vehicle_insurance',
  file: File,
  onProgress?: (progress: UploadProgress) => void,
): UploadHandle<PrivateDocument> {
  return uploadFile<PrivateDocument>({
    path: 'file-management-public/upload-user-vehicle-doc-file',
    file,
    query: { vehicleId, kind },
    onProgress,
  });
}
