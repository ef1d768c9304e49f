import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { memoizeHeader } from './header-memo.js';

/** Below this an answer goes out as it is: the same threshold as @fastify/compress and the build's copies. */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * Levels for bytes compressed once and sent many times (kept search answers, pages), on the
 * way to the visitor who asked for them first. A rendered search page of 125 KB (29 Nov, one
 * process alone): brotli 2 makes 17.8 KB in 0.33 ms, 4 makes 16.6 KB in 0.67 ms, 5 15.7 KB in
 * 1.0 ms, 11 some 7 % less again in 40 ms. Under load quality 4 took a ninth of the rendered
 * search row's thread (a new page costs about 10 ms in all); 2 gave that row 8 % more pages a
 * second for 1.2 KB more a page, under a millisecond on a phone's link.
 */
const KEPT_BROTLI: zlib.BrotliOptions = {
  params: {
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_QUALITY]: 2,
  },
};
const KEPT_GZIP: zlib.ZlibOptions = { level: 6 };

export type ContentEncoding = 'br' | 'gzip';

/**
 * An answer's bytes prepared once (docs: CONVENTIONS, kept answers): its identity bytes, an
 * ETag of them, and its brotli and gzip copies, each made the first time a client asks for it.
 * Holds nothing of a request (no request id, no cookie), so any request may be sent it.
 * `keep: 'brotli'` (a rendered page: 150–250 KB of HTML, 25–35 KB as brotli, hundreds kept)
 * holds only the brotli copy, which every browser asks for, and rebuilds the identity bytes
 * from it for the rare client that accepts no compression (or a gzip copy for one without
 * brotli).
 */
export class KeptBody {
  /** Weak: the brotli, gzip and identity copies are one representation, one validator. */
  readonly etag: string;
  readonly #encoded: Partial<Record<ContentEncoding, Buffer>> = {};
  readonly #length: number;
  #identity: Buffer | null;

  constructor(
    body: Buffer,
    readonly contentType: string,
    options: { keep?: 'identity' | 'brotli' } = {},
  ) {
    this.etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
    this.#length = body.length;
    this.#identity = body;
    if (options.keep === 'brotli' && this.isCompressible) {
      this.encoded('br');
      this.#identity = null;
    }
  }

  /** The identity bytes. */
  get body(): Buffer {
    return this.#identity ?? zlib.brotliDecompressSync(this.#encoded.br as Buffer);
  }

  /** Whether compressing pays at all. */
  get isCompressible(): boolean {
    return this.#length >= COMPRESS_FROM_BYTES;
  }

  encoded(encoding: ContentEncoding): Buffer {
    let bytes = this.#encoded[encoding];
    if (!bytes) {
      const body = this.body;
      bytes =
        encoding === 'br'
          ? zlib.brotliCompressSync(body, {
              params: { ...KEPT_BROTLI.params, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
            })
          : zlib.gzipSync(body, KEPT_GZIP);
      this.#encoded[encoding] = bytes;
    }
    return bytes;
  }
}

export const keepJson = (json: string) => new KeptBody(Buffer.from(json, 'utf8'), 'application/json; charset=utf-8');

/**
 * The encoding to send for an `Accept-Encoding` header: the one with the highest weight among
 * brotli and gzip (`*` stands for both), brotli on a tie, none when neither is accepted.
 */
export function chooseEncoding(header: string | undefined): ContentEncoding | null {
  return header ? encodingOf(header) : null;
}

const encodingOf = memoizeHeader((header: string): ContentEncoding | null => {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name) weights.set(name === 'x-gzip' ? 'gzip' : name, Number.isNaN(weight) ? 0 : weight);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  const [br, gzip] = [weightOf('br'), weightOf('gzip')];
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : null;
});

/** Whether `If-None-Match` names this ETag (weak comparison, as RFC 9110 asks for it). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value.replace(/^W\//, '') === opaque;
  });
}

/**
 * Sends kept bytes as they are (Fastify serializes nothing, @fastify/compress leaves an
 * encoded answer alone): the best copy the client accepts, `Vary: Accept-Encoding` when the
 * bytes depend on it. A successful GET or HEAD also gets the ETag, and 304 when the client
 * holds it (a POST's If-None-Match is not one to answer with 304, a 404's not one to check).
 */
export function sendKept(request: FastifyRequest, reply: FastifyReply, kept: KeptBody): FastifyReply {
  if (kept.isCompressible) reply.header('vary', 'accept-encoding');
  if ((request.method === 'GET' || request.method === 'HEAD') && reply.statusCode === 200) {
    reply.header('etag', kept.etag);
    if (matchesEtag(request.headers['if-none-match'], kept.etag)) return reply.status(304).send();
  }
  reply.type(kept.contentType);
  const encoding = kept.isCompressible ? chooseEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(kept.body);
  return reply.header('content-encoding', encoding).send(kept.encoded(encoding));
}
