import type { GuidePhoto } from '@marco/contract/guides';
import { type UploadHandle, type UploadProgress, uploadFile } from '../utils/upload-file';

/** JPEG, PNG or WebP up to 5 MB; the server stores it re-encoded in two sizes. */
export function uploadGuidePhoto(
  file: File,
  onProgress?: (progress: UploadProgress) => void,
): UploadHandle<GuidePhoto> {
  return uploadFile<GuidePhoto>({ path: 'file-management-public/upload-user-guide-photo-file', file, onProgress });
}
