import zlib from 'node:zlib';
import type { FastifyCompressOptions } from '@fastify/compress';
import { COMPRESS_FROM_BYTES } from './serialized-reply.js';

/**
 * On-the-fly compression of answers of 1 KB or more (@fastify/compress). Answers sent already
 * encoded pass through untouched: the build's .br/.gz copies of static files and kept answers
 * (serialized-reply.ts) set Content-Encoding themselves.
 *
 * Levels measured with autocannon (50 connections, 2 shared cores) on a 16,098-byte guide
 * search answer, sent as is at 5.7k–9k req/s: brotli 4 makes it 3,356 bytes at 2.6k–3.0k
 * req/s (quality 5: 3,205 bytes at 1.8k; quality 1: 3,827 bytes at 4.4k), gzip 6 3,449 bytes
 * at 3.5k–4.8k (level 9: 3,423 bytes at 3.4k). Compressing inline rather than through
 * zlib streams (`syncThreshold`, 8 KB by default on 2 cores) doubled those rates.
 */
export const COMPRESSION_OPTIONS: FastifyCompressOptions = {
  threshold: COMPRESS_FROM_BYTES,
  // zstd and deflate would be a third and fourth copy for no browser that lacks both of these.
  encodings: ['br', 'gzip'],
  brotliOptions: {
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
    },
  },
  zlibOptions: { level: 6 },
  syncThreshold: 64 * 1024,
  // Request bodies stay as they were: no route takes a compressed upload.
  globalDecompression: false,
  // Text and JSON only: octet-stream downloads stream as they are, and server-sent events
  // must not wait in a compressor's buffer.
  customTypes: /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)xml(?:;|$)/,
};
