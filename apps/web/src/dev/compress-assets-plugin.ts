import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; images and fonts are compressed formats already. */
const TEXT_FILE = /\.(?:js|mjs|css|svg|html|json|webmanifest|xml|txt)$/;
/** Below this, the headers of a compressed answer cost about what compression saves. */
export const COMPRESS_FROM_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Every file under `dir`, as absolute paths. */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Writes `file.br` and `file.gz` beside `file` when it is text of COMPRESS_FROM_BYTES or more. */
export async function writeCompressedCopies(file: string): Promise<boolean> {
  if (!TEXT_FILE.test(file)) return false;
  const content = await fs.readFile(file);
  if (content.length < COMPRESS_FROM_BYTES) return false;
  // Compressed once per build, so the slowest, smallest settings are worth it.
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
  return true;
}

/**
 * Brotli and gzip copies of the built text files (public ones included), which the server
 * sends as they are to browsers that accept them (@fastify/static's `preCompressed`).
 */
export function compressAssetsPlugin(): Plugin {
  return {
    name: 'marco:compress-assets',
    apply: 'build',
    async writeBundle(options) {
      if (!options.dir) return;
      const files = await listFiles(options.dir);
      await Promise.all(files.map((file) => writeCompressedCopies(file)));
    },
  };
}
