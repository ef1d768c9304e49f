import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalS3, startLocalS3 } from '../../../test/s3.js';
import { loadConfig } from '../../config.js';
import type { Storage } from './index.js';
import { createLocalStorage } from './local.js';
import { createS3Storage } from './s3.js';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'marco-storage-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('local storage', () => {
  const storage = createLocalStorage(root);

  it('stores, reads and deletes a file, with the content type of its extension', async () => {
    await storage.put('avatars/u1/a.webp', Buffer.from('bytes'), 'image/webp');
    expect(await storage.get('avatars/u1/a.webp')).toEqual({ body: Buffer.from('bytes'), contentType: 'image/webp' });
    await storage.delete('avatars/u1/a.webp');
    expect(await storage.get('avatars/u1/a.webp')).toBeNull();
    await storage.delete('avatars/u1/a.webp');
  });

  it('refuses keys that could leave its folder', async () => {
    for (const key of ['../escape.webp', 'a/../../b.webp', '/abs.webp', 'no-extension', 'a//b.webp']) {
      await expect(storage.put(key, Buffer.from('x'), 'image/webp'), key).rejects.toThrow(/invalid storage key/);
    }
  });
});

describe('S3 storage against a local S3-compatible server', () => {
  let s3: LocalS3;
  let storage: Storage;
  beforeAll(async () => {
    s3 = await startLocalS3();
    storage = createS3Storage(loadConfig(s3.env));
  });
  afterAll(async () => {
    await s3?.close();
  });

  it('stores a streamed file byte for byte and reads it back whole or as a range', async () => {
    const file = path.join(root, 'video.mp4');
    const bytes = Buffer.from(Array.from({ length: 100_000 }, (_, index) => index % 251));
    fs.writeFileSync(file, bytes);
    await storage.putFile('videos/u1/v.mp4', file, 'video/mp4');
    expect(await storage.get('videos/u1/v.mp4')).toEqual({ body: bytes, contentType: 'video/mp4' });
    const range = await storage.openRead('videos/u1/v.mp4', { start: 10, end: 19 });
    if (!range) throw new Error('the stored file was not found');
    expect(range.size).toBe(bytes.length);
    expect(Buffer.concat(await range.stream.toArray())).toEqual(bytes.subarray(10, 20));
    await storage.delete('videos/u1/v.mp4');
    expect(await storage.get('videos/u1/v.mp4')).toBeNull();
  });
});
