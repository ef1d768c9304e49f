import { randomBytes } from 'node:crypto';

/**
 * A UUID version 7 (RFC 9562): 48 bits of Unix milliseconds, then random bits, so ids
 * sort by creation time (ARCHITECTURE.md "ids"). Node 20 has no built-in for it.
 */
export function uuidv7(at: Date | number = Date.now()): string {
  const ms = typeof at === 'number' ? at : at.getTime();
  const bytes = randomBytes(16);
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x70;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
