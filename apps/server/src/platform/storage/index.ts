import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../../config.js';
import { createLocalStorage } from './local.js';

export interface StoredFile {
  body: Buffer;
  contentType: string;
}

/** A stored file opened for streaming: `size` is the whole file's, `stream` yields the asked range. */
export interface StoredStream {
  stream: Readable;
  size: number;
  contentType: string;
}

/**
 * Where uploaded files live. Keys are made by the server (`avatars/<user>/<id>.webp`),
 * never taken from a user, and checked by `assertValidKey`.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Stores the file at `filePath` by streaming it (large uploads such as videos never sit in memory). */
  putFile(key: string, filePath: string, contentType: string): Promise<void>;
  /** Streams a stored file, whole or bytes start..end (inclusive); null when missing. */
  openRead(key: string, range?: { start: number; end: number }): Promise<StoredStream | null>;
  /** Throws unless files can be stored now (readiness): local, the folder is writable; S3, the bucket answers. */
  check(): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*\.[a-z0-9]{1,8}$/i;

export function assertValidKey(key: string): void {
  if (!KEY.test(key) || key.length > 300) throw new Error(`invalid storage key: ${key}`);
}

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mov': 'video/quicktime',
};

export const contentTypeOfKey = (key: string) =>
  CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';

/** S3-compatible storage when S3_BUCKET is set, else files under DATA_DIR/files. */
export function createStorage(config: Config): Storage {
  if (config.S3_BUCKET) return s3StorageLoadedOnUse(config);
  return createLocalStorage(path.join(config.DATA_DIR, 'files'));
}

/**
 * The S3 adapter, imported with the first file call: the AWS SDK adds about 23 MB to the
 * process (the memory budget of issue 14), which a site on local files never needs.
 */
function s3StorageLoadedOnUse(config: Config): Storage {
  let adapter: Promise<Storage> | undefined;
  const s3 = () => {
    adapter ??= import('./s3.js').then((module) => module.createS3Storage(config));
    return adapter;
  };
  return {
    kind: 's3',
    put: async (key, body, contentType) => (await s3()).put(key, body, contentType),
    get: async (key) => (await s3()).get(key),
    delete: async (key) => (await s3()).delete(key),
    putFile: async (key, filePath, contentType) => (await s3()).putFile(key, filePath, contentType),
    openRead: async (key, range) => (await s3()).openRead(key, range),
    check: async () => (await s3()).check(),
  };
}
