import type { GuideVideoUploaded } from '@marco/contract/guides';
import { type UploadHandle, type UploadProgress, uploadFile } from '../utils/upload-file';

/**
 * MP4, WebM or MOV up to 200 MB; replaces the intro video. `durationSeconds` is the
 * browser's reading, used when the server cannot read the duration from the file.
 */
export function uploadGuideVideo(
  file: File,
  durationSeconds: number | null,
  onProgress?: (progress: UploadProgress) => void,
): UploadHandle<GuideVideoUploaded> {
  const duration = durationSeconds && Number.isFinite(durationSeconds) ? Math.round(durationSeconds * 10) / 10 : null;
  return uploadFile<GuideVideoUploaded>({
    path: 'file-management-public/upload-user-guide-video-file',
    file,
    query: duration ? { durationSeconds: duration } : undefined,
    onProgress,
  });
}
