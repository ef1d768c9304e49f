import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMPRESS_FROM_BYTES, writeCompressedCopies } from './compress-assets-plugin';

describe('writeCompressedCopies', () => {
  let dir = '';
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marco-compress-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const write = (name: string, content: Buffer | string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, content);
    return file;
  };

  it('writes brotli and gzip copies of a text file of 1 KB or more that decode to it', async () => {
    const content = Buffer.from('.card { color: red; }\n'.repeat(100));
    const file = write('index-abc.css', content);
    expect(await writeCompressedCopies(file)).toBe(true);
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).equals(content)).toBe(true);
    expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).equals(content)).toBe(true);
    expect(fs.statSync(`${file}.br`).size).toBeLessThan(content.length / 10);
  });

  it('leaves smaller text files and images alone', async () => {
    const small = write('sw.js', 'x'.repeat(COMPRESS_FROM_BYTES - 1));
    const image = write('icon-512.png', Buffer.alloc(4096, 7));
    for (const file of [small, image]) {
      expect(await writeCompressedCopies(file)).toBe(false);
      expect(fs.existsSync(`${file}.br`)).toBe(false);
      expect(fs.existsSync(`${file}.gz`)).toBe(false);
    }
  });
});
