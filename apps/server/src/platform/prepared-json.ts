import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A JSON answer prepared once and sent many times: its bytes, an ETag of them, and brotli and
 * gzip copies when it is large enough for compression to pay (1 KB, as for static files).
 * Compressing at the highest levels costs milliseconds once instead of on every request.
 */
export interface PreparedJson {
  body: Buffer;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

const COMPRESS_FROM_BYTES = 1024;

export function prepareJson(json: string): PreparedJson {
  const body = Buffer.from(json, 'utf8');
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
  if (body.length < COMPRESS_FROM_BYTES) return { body, etag };
  return {
    body,
    etag,
    br: zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzip: zlib.gzipSync(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
  };
}

/** The encodings of `Accept-Encoding` with a non-zero weight (`*` included). */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const weight = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (name && !(weight && Number(weight.slice(2)) === 0)) accepted.add(name);
  }
  return accepted;
}

/** Whether `If-None-Match` names this ETag (weak or strong, or `*`). */
function isNotModified(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value === etag || value === `W/${etag}`;
  });
}

/**
 * Sends a prepared answer: 304 when the client holds it already, otherwise the smallest copy
 * the client accepts. `Vary` tells caches that the bytes depend on Accept-Encoding.
 */
export function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  prepared: PreparedJson,
  cacheControl = 'no-cache',
): FastifyReply {
  reply.header('etag', prepared.etag).header('vary', 'Accept-Encoding').header('cache-control', cacheControl);
  if (isNotModified(request.headers['if-none-match'], prepared.etag)) return reply.status(304).send();
  reply.type('application/json; charset=utf-8');
  const accepted = acceptedEncodings(request.headers['accept-encoding']);
  if (prepared.br && (accepted.has('br') || accepted.has('*'))) {
    return reply.header('content-encoding', 'br').send(prepared.br);
  }
  if (prepared.gzip && accepted.has('gzip')) return reply.header('content-encoding', 'gzip').send(prepared.gzip);
  return reply.send(prepared.body);
}
