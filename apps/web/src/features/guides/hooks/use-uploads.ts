import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbortError, type UploadHandle, type UploadProgress } from '../utils/upload-file';

export type UploadRule = { types: readonly string[]; maxBytes: number };

export type UploadFailure = 'type' | 'size' | 'server';

export type UploadItem = {
  id: string;
  name: string;
  size: number;
  /** 0..1 */
  progress: number;
  status: 'uploading' | 'failed';
  failure?: UploadFailure;
  error?: unknown;
};

type UseUploadsOptions<T> = {
  rule: UploadRule;
  start: (file: File, onProgress: (progress: UploadProgress) => void) => UploadHandle<T>;
  onUploaded: (result: T, file: File) => void;
};

let nextUploadId = 0;

/** The file's problem before any byte is sent, or null when it may be uploaded. */
export function checkFile(file: File, rule: UploadRule): UploadFailure | null {
  if (!rule.types.includes(file.type)) return 'type';
  if (file.size > rule.maxBytes) return 'size';
  return null;
}

/**
 * Uploads files one request each, in parallel, with their progress; a running upload can
 * be cancelled. Finished uploads leave the list (the caller shows the saved file); failed
 * ones stay until dismissed. Leaving the page cancels what is still running.
 */
export function useUploads<T>({ rule, start, onUploaded }: UseUploadsOptions<T>) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const handles = useRef(new Map<string, UploadHandle<T>>());
  const callbacks = useRef({ start, onUploaded });
  callbacks.current = { start, onUploaded };

  useEffect(() => {
    const running = handles.current;
    return () => {
      for (const handle of running.values()) handle.abort();
      running.clear();
    };
  }, []);

  const update = useCallback((id: string, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);

  const remove = useCallback((id: string) => {
    handles.current.delete(id);
    setItems((current) => current.filter((item) => item.id !== id));
  }, []);

  const add = useCallback(
    (files: Iterable<File>) => {
      for (const file of files) {
        nextUploadId += 1;
        const id = `upload-${nextUploadId}`;
        const base = { id, name: file.name, size: file.size, progress: 0 };
        const failure = checkFile(file, rule);
        if (failure) {
          setItems((current) => [...current, { ...base, status: 'failed', failure }]);
          continue;
        }
        setItems((current) => [...current, { ...base, status: 'uploading' }]);
        const handle = callbacks.current.start(file, (progress) => update(id, { progress: progress.fraction }));
        handles.current.set(id, handle);
        handle.promise.then(
          (result) => {
            remove(id);
            callbacks.current.onUploaded(result, file);
          },
          (error: unknown) => {
            if (isAbortError(error)) {
              remove(id);
              return;
            }
            handles.current.delete(id);
            update(id, { status: 'failed', failure: 'server', error });
          },
        );
      }
    },
    [rule, update, remove],
  );

  const cancel = useCallback((id: string) => handles.current.get(id)?.abort(), []);

  return { items, add, cancel, dismiss: remove, isUploading: items.some((item) => item.status === 'uploading') };
}
