import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UPLOAD_FILE_FIELDS } from '@marco/contract/guides';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { type AppError, fieldError } from '../../platform/errors.js';

/*
 * Reading the one file of a multipart upload, with a per-call size limit. Types are judged
 * from the bytes (file-type), never from the name or the client's content type.
 */

const FILE_FIELDS = new Set<string>(UPLOAD_FILE_FIELDS);
/** file-type reads at most this many bytes from the start. */
const SNIFF_BYTES = 4100;

export interface UploadLimits {
  maxBytes: number;
  tooLarge: () => AppError;
}

export interface BufferedUpload {
  bytes: Buffer;
  filename: string | null;
  fields: Record<string, string>;
}

const isTooLarge = (error: unknown) => (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';
const missingFile = () =>
  fieldError('VALIDATION_FAILED', 'body.file', 'Send the file as multipart/form-data in "file"');

/** A safe display name: the base name, without control characters, at most 120 characters. */
export const cleanFileName = (name: string | undefined | null) =>
  name
    ? path
        .basename(name)
        // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
        .replace(/[\u0000-\u001f\u007f"\\]/g, '')
        .slice(0, 120) || null
    : null;

/** The file (at most `maxBytes`, held in memory) and the text fields of a multipart request. */
export async function readUploadBuffer(request: FastifyRequest, limits: UploadLimits): Promise<BufferedUpload> {
  if (!request.isMultipart()) throw missingFile();
  const fields: Record<string, string> = {};
  let upload: { bytes: Buffer; filename: string | null } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: limits.maxBytes, files: 1, fields: 10 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (FILE_FIELDS.has(part.fieldname)) upload = { bytes, filename: cleanFileName(part.filename) };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (isTooLarge(error)) throw limits.tooLarge();
    throw error;
  }
  if (!upload?.bytes.length) throw missingFile();
  return { ...upload, fields };
}

export interface StreamedUpload {
  filePath: string;
  size: number;
  /** The type found in the first bytes. */
  mime: string;
  filename: string | null;
  fields: Record<string, string>;
  /** Removes the temporary file. */
  discard(): Promise<void>;
}

/**
 * Streams the file of a multipart request to a temporary file, never holding it in memory:
 * the first bytes are sniffed as they arrive and a file whose type `accepts` refuses is
 * dropped at once; a file over `maxBytes` is cut off by the parser and refused.
 */
export async function streamUploadToFile(
  request: FastifyRequest,
  limits: UploadLimits & { accepts: (mime: string | undefined) => boolean; wrongType: () => AppError },
): Promise<StreamedUpload> {
  if (!request.isMultipart()) throw missingFile();
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'marco-upload-'));
  const discard = () => fs.rm(directory, { recursive: true, force: true });
  const fields: Record<string, string> = {};
  let result: Omit<StreamedUpload, 'fields' | 'discard'> | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: limits.maxBytes, files: 1, fields: 10 } })) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (!FILE_FIELDS.has(part.fieldname)) {
        part.file.resume();
        continue;
      }
      const filePath = path.join(directory, randomUUID());
      let head = Buffer.alloc(0);
      let mime: string | undefined;
      let sniffed = false;
      let size = 0;
      const sniff = async () => {
        sniffed = true;
        mime = (await fileTypeFromBuffer(head))?.mime;
        if (!limits.accepts(mime)) throw limits.wrongType();
      };
      const checker = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          if (sniffed) return callback(null, chunk);
          head = Buffer.concat([head, chunk]);
          if (head.length < SNIFF_BYTES) return callback();
          sniff().then(
            () => callback(null, head),
            (error: Error) => callback(error),
          );
        },
        flush(callback) {
          if (sniffed) return callback();
          sniff().then(
            () => callback(null, head),
            (error: Error) => callback(error),
          );
        },
      });
      await pipeline(part.file, checker, createWriteStream(filePath));
      if (part.file.truncated) throw limits.tooLarge();
      if (size === 0) throw missingFile();
      result = { filePath, size, mime: mime ?? 'application/octet-stream', filename: cleanFileName(part.filename) };
    }
  } catch (error) {
    await discard();
    if (isTooLarge(error)) throw limits.tooLarge();
    throw error;
  }
  if (!result) {
    await discard();
    throw missingFile();
  }
  return { ...result, fields, discard };
}
