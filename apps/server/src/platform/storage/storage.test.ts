import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local.js';

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
