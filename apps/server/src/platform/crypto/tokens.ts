import { createHash, randomBytes } from 'node:crypto';

/** A random, URL-safe secret with 256 bits of entropy. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** How secrets are stored: a leaked table reveals no usable link or token. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
