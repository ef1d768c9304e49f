import fs from 'node:fs/promises';

/*
 * The duration of an MP4 or QuickTime (MOV) file from its `moov/mvhd` box, read with a few
 * small reads at the boxes' offsets, so the file is never loaded whole and no ffmpeg is
 * needed. ISO/IEC 14496-12 §4.2 (box header), §8.2.2 (mvhd).
 */

interface Reader {
  size: number;
  read(position: number, length: number): Promise<Buffer>;
}

interface Box {
  type: string;
  /** Offset of the box's payload (after its header). */
  start: number;
  end: number;
}

async function readBoxHeader(reader: Reader, position: number, limit: number): Promise<Box | null> {
  if (position + 8 > limit) return null;
  const header = await reader.read(position, 16);
  if (header.length < 8) return null;
  let size = header.readUInt32BE(0);
  const type = header.toString('latin1', 4, 8);
  let headerSize = 8;
  if (size === 1) {
    if (header.length < 16) return null;
    size = Number(header.readBigUInt64BE(8));
    headerSize = 16;
  } else if (size === 0) {
    size = limit - position;
  }
  if (size < headerSize || position + size > limit) return null;
  return { type, start: position + headerSize, end: position + size };
}

async function findBox(reader: Reader, type: string, start: number, end: number): Promise<Box | null> {
  let position = start;
  // A real file has few top-level boxes; the cap keeps a crafted file from looping long.
  for (let count = 0; count < 10_000; count += 1) {
    const box = await readBoxHeader(reader, position, end);
    if (!box) return null;
    if (box.type === type) return box;
    position = box.end;
  }
  return null;
}

/** Seconds, or null when the reader holds no readable mvhd. */
export async function readMovieDuration(reader: Reader): Promise<number | null> {
  const moov = await findBox(reader, 'moov', 0, reader.size);
  if (!moov) return null;
  const mvhd = await findBox(reader, 'mvhd', moov.start, moov.end);
  if (!mvhd) return null;
  const body = await reader.read(mvhd.start, Math.min(32, mvhd.end - mvhd.start));
  const version = body.readUInt8(0);
  let timescale: number;
  let duration: number;
  if (version === 1) {
    if (body.length < 32) return null;
    timescale = body.readUInt32BE(20);
    duration = Number(body.readBigUInt64BE(24));
  } else {
    if (body.length < 20) return null;
    timescale = body.readUInt32BE(12);
    duration = body.readUInt32BE(16);
  }
  // All ones means "unknown" (fragmented files keep the duration elsewhere).
  if (!timescale || duration === 0xffffffff || !Number.isFinite(duration)) return null;
  return Math.round((duration / timescale) * 1000) / 1000;
}

export function bufferReader(buffer: Buffer): Reader {
  return {
    size: buffer.length,
    read: async (position, length) => buffer.subarray(position, Math.min(buffer.length, position + length)),
  };
}

/** The duration of the MP4/MOV file at `filePath`, or null. Never throws for a malformed file. */
export async function readMp4DurationFromFile(filePath: string): Promise<number | null> {
  const handle = await fs.open(filePath, 'r');
  try {
    const { size } = await handle.stat();
    const reader: Reader = {
      size,
      async read(position, length) {
        const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - position)));
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
        return buffer.subarray(0, bytesRead);
      },
    };
    return await readMovieDuration(reader);
  } catch {
    return null;
  } finally {
    await handle.close();
  }
}
