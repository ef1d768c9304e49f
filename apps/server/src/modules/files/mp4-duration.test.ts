import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { videoBytes, webmBytes } from '../../../test/guide-factories.js';
import { bufferReader, readMovieDuration, readMp4DurationFromFile } from './mp4-duration.js';

const box = (type: string, payload: Buffer) => {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + payload.length);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, payload]);
};

describe('readMovieDuration', () => {
  it('reads mvhd version 0, with moov before or after the media data', async () => {
    expect(await readMovieDuration(bufferReader(videoBytes({ durationSeconds: 90 })))).toBe(90);
    expect(await readMovieDuration(bufferReader(videoBytes({ durationSeconds: 61.5, moovLast: true })))).toBe(61.5);
  });

  it('reads mvhd version 1 (64-bit duration)', async () => {
    const payload = Buffer.alloc(112);
    payload.writeUInt8(1, 0);
    payload.writeUInt32BE(600, 20);
    payload.writeBigUInt64BE(600n * 125n, 24);
    const file = Buffer.concat([box('ftyp', Buffer.from('isom\0\0\0\0', 'latin1')), box('moov', box('mvhd', payload))]);
    expect(await readMovieDuration(bufferReader(file))).toBe(125);
  });

  it('answers null for files without a readable duration', async () => {
    expect(await readMovieDuration(bufferReader(webmBytes()))).toBeNull();
    expect(await readMovieDuration(bufferReader(Buffer.from('not a movie')))).toBeNull();
    const truncated = videoBytes().subarray(0, 40);
    expect(await readMovieDuration(bufferReader(truncated))).toBeNull();
    const lying = Buffer.from(videoBytes());
    lying.writeUInt32BE(0xffffff, 0);
    expect(await readMovieDuration(bufferReader(lying))).toBeNull();
  });

  it('reads the duration from a file on disk', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'marco-mp4-')), 'a.mp4');
    fs.writeFileSync(file, videoBytes({ durationSeconds: 42, moovLast: true, padding: 100_000 }));
    expect(await readMp4DurationFromFile(file)).toBe(42);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });
});
