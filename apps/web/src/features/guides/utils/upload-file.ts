import type { ErrorCode } from '@marco/contract/errors';
import { ApiError, CLIENT_VERSION, type QueryParams, REQUEST_ID_HEADER, resolveApiUrl } from '@/lib/api-client';

export type UploadProgress = { loaded: number; total: number; fraction: number };

export type UploadRequest = {
  /** An API path, as for apiFetch (`file-management-public/upload-user-guide-photo-file`). */
  path: string;
  file: File;
  /** Multipart field of the file (contract: `file`). */
  field?: string;
  /** Extra text fields sent before the file. */
  fields?: Record<string, string>;
  query?: QueryParams;
  onProgress?: (progress: UploadProgress) => void;
};

export type UploadHandle<T> = {
  promise: Promise<T>;
  /** Cancels the upload; the promise then rejects with an AbortError. */
  abort: () => void;
};

export const isAbortError = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

function parseBody(xhr: XMLHttpRequest): unknown {
  const text = xhr.responseText;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toError(xhr: XMLHttpRequest, payload: unknown): ApiError {
  const error =
    payload && typeof payload === 'object' && 'error' in payload
      ? ((payload as { error?: { code?: unknown; message?: unknown; details?: unknown } }).error ?? {})
      : {};
  const fallback: ErrorCode =
    xhr.status === 413 ? 'PAYLOAD_TOO_LARGE' : xhr.status >= 500 ? 'SERVER_ERROR' : 'OPERATION_FAILED';
  return new ApiError(
    xhr.status,
    typeof error.code === 'string' ? (error.code as ErrorCode) : fallback,
    typeof error.message === 'string' ? error.message : xhr.statusText || `HTTP ${xhr.status}`,
    error.details,
    xhr.getResponseHeader(REQUEST_ID_HEADER),
  );
}

/**
 * A multipart upload with progress events. fetch() cannot report upload progress, so this
 * one call uses XMLHttpRequest; it sends the same headers and cookie as apiFetch.
 */
export function uploadFile<T>({
  path,
  file,
  field = 'file',
  fields,
  query,
  onProgress,
}: UploadRequest): UploadHandle<T> {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<T>((resolve, reject) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields ?? {})) body.append(name, value);
    body.append(field, file, file.name);

    xhr.open('POST', resolveApiUrl(path, query));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-Client-Version', CLIENT_VERSION);
    xhr.upload.addEventListener('progress', (event) => {
      const total = event.lengthComputable ? event.total : file.size;
      onProgress?.({ loaded: event.loaded, total, fraction: total > 0 ? Math.min(1, event.loaded / total) : 0 });
    });
    xhr.addEventListener('load', () => {
      const payload = parseBody(xhr);
      if (xhr.status >= 200 && xhr.status < 300) resolve(payload as T);
      else reject(toError(xhr, payload));
    });
    xhr.addEventListener('error', () => reject(new ApiError(0, 'NETWORK_ERROR', 'Network request failed')));
    xhr.addEventListener('abort', () => reject(new DOMException('The upload was cancelled', 'AbortError')));
    xhr.send(body);
  });
  return { promise, abort: () => xhr.abort() };
}
