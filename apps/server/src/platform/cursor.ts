import { AppError } from './errors.js';

/** A keyset cursor over (time, id): opaque base64url of both, so clients cannot build one by hand. */
export function encodeCursor(at: Date, id: string): string {
  return Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
}

export function decodeCursor(cursor: string): { at: Date; id: string } {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const at = new Date(iso ?? '');
  if (!id || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(at.getTime())) {
    throw new AppError('VALIDATION_FAILED', 'The cursor is not valid', {
      issues: [{ path: 'query.cursor', message: 'Invalid cursor' }],
    });
  }
  return { at, id };
}
